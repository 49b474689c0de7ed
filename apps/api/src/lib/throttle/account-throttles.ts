import type { RateLimitStore } from './rate-limit-store.ts';
import { FailureThrottle, RequestThrottle, type TooManyMessage } from './throttle.ts';

const FIFTEEN_MINUTES_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * Wrong password re-entries per customer (TOTP set-up/disable, recovery codes, change password, the
 * 10-minute rule): 429 after five within 15 minutes
 * (docs/product/auth-and-sessions.md#password-again-after-10-minutes).
 */
export function passwordConfirmationThrottle(store: RateLimitStore): FailureThrottle {
  return new FailureThrottle(store, 'password-confirm', { max: 5, windowMs: FIFTEEN_MINUTES_MS });
}

/**
 * Wrong authenticator-app or recovery codes per customer: 429 after five within 15 minutes
 * (docs/product/auth-and-sessions.md#authenticator-app).
 */
export function totpFailureThrottle(store: RateLimitStore): FailureThrottle {
  return new FailureThrottle(store, 'mfa-totp', { max: 5, windowMs: FIFTEEN_MINUTES_MS });
}

const tooManyResets: TooManyMessage = (s) => `Too many password reset requests. Please try again in ${s} seconds.`;

/**
 * Forgot-password requests (docs/product/auth-and-sessions.md#forgot-and-reset-password): 20 per hour
 * per IP and 5 per hour per email, every request counted (known email or not). Keys hold sha256 only.
 */
export class ForgotPasswordThrottle {
  private readonly perIp: RequestThrottle;
  private readonly perEmail: RequestThrottle;

  constructor(store: RateLimitStore) {
    this.perIp = new RequestThrottle(store, 'forgot-password:ip', { max: 20, windowMs: HOUR_MS });
    this.perEmail = new RequestThrottle(store, 'forgot-password:email', { max: 5, windowMs: HOUR_MS });
  }

  /** Count the request against the IP, then the email; 429 when either is over its limit. */
  async hit(ip: string, email: string): Promise<void> {
    await this.perIp.hit(ip, tooManyResets);
    await this.perEmail.hit(email, tooManyResets);
  }
}
