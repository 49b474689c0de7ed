import { sha256Hex } from '../crypto.ts';
import type { Locale } from '../locale.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import {
  bucket,
  firstInWindow,
  FailureThrottle,
  refuse,
  reserve,
  type Attempt,
  type ThrottleRule,
} from './throttle.ts';

const FIFTEEN_MINUTES_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * Wrong password re-entries per customer (TOTP set-up/disable, recovery codes, change password, the
 * 10-minute rule): 429 after five within 15 minutes
 * (docs/product/auth-and-sessions.md#step-up).
 */
export function passwordConfirmationThrottle(store: RateLimitStore): FailureThrottle {
  return new FailureThrottle(store, 'password-confirm', { max: 5, windowMs: FIFTEEN_MINUTES_MS });
}

/**
 * Wrong authenticator-app codes while enrolling it, per customer: 429 after five within 15 minutes
 * (docs/product/auth-and-sessions.md#authenticator-app).
 */
export function totpFailureThrottle(store: RateLimitStore): FailureThrottle {
  return new FailureThrottle(store, 'mfa-totp', { max: 5, windowMs: FIFTEEN_MINUTES_MS });
}

/**
 * Wrong MFA codes at sign-in per account, across sign-ins and kinds of code (mailed code,
 * authenticator app, recovery code) (docs/product/auth-and-sessions.md#mfa): beyond `rule.max` in
 * the window the sign-in is refused (the MFA service then ends it and mails the owner once).
 */
export class MfaFailureThrottle {
  private readonly failures: FailureThrottle;

  constructor(
    private readonly store: RateLimitStore,
    readonly rule: ThrottleRule,
  ) {
    this.failures = new FailureThrottle(store, 'mfa:account', rule, 'mfaLocked');
  }

  attempt(customerId: string, locale?: Locale): Promise<Attempt> {
    return this.failures.attempt(customerId, locale);
  }

  /**
   * 429 while the account is locked: a sign-in with the right password starts no session and mails
   * no code until the window ends (the MFA call would refuse every code anyway).
   */
  async ensureNotLocked(customerId: string, locale?: Locale): Promise<void> {
    const s = await this.store.get(bucket('mfa:account', customerId, this.rule).key);
    if (s && s.count >= this.rule.max) throw refuse('mfaLocked', s.resetInMs, locale);
  }

  /** True once per window: the owner is told of the lock by one mail, however many refused tries. */
  shouldAlertOwner(customerId: string): Promise<boolean> {
    return firstInWindow(this.store, `mfa:alerted:${sha256Hex(customerId)}`, this.rule.windowMs);
  }
}

/**
 * Forgot-password requests (docs/product/auth-and-sessions.md#forgot-and-reset-password): 20 per hour
 * per IP and 5 per hour per email, every request counted (known email or not).
 */
export class ForgotPasswordThrottle {
  constructor(private readonly store: RateLimitStore) {}

  /** Count the request against the IP and the email at once; 429 when either is at its limit. */
  async hit(ip: string, email: string, locale?: Locale): Promise<void> {
    const attempt = await reserve(
      this.store,
      [
        bucket('forgot-password:ip', ip, { max: 20, windowMs: HOUR_MS }),
        bucket('forgot-password:email', email, { max: 5, windowMs: HOUR_MS }),
      ],
      'passwordResets',
      locale,
    );
    attempt.fail(); // every request counts
  }
}

/**
 * Reset-password calls with an unknown, used or expired token, per address: 20 an hour
 * (docs/product/auth-and-sessions.md#forgot-and-reset-password). A valid token gives the attempt back.
 */
export function resetPasswordThrottle(store: RateLimitStore): FailureThrottle {
  return new FailureThrottle(store, 'reset-password:ip', { max: 20, windowMs: HOUR_MS }, 'passwordResets');
}
