import { sha256Hex } from '../crypto.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { FailureThrottle, RequestThrottle, type ThrottleRule, type TooManyMessage } from './throttle.ts';

const tooManyLogins: TooManyMessage = (s) => `Too many login attempts. Please try again in ${s} seconds.`;

/**
 * Sign-in throttling (docs/product/auth-and-sessions.md#throttling): at most `perEmail.max` failed
 * tries per email and `perIp.max` attempts per IP within their windows. Keys: `login:email:<sha256 of
 * the normalised email>` and `login:ip:<ip>`.
 */
export class LoginThrottle {
  private readonly perEmail: FailureThrottle;
  private readonly perIp: RequestThrottle;

  constructor(store: RateLimitStore, rules: { perEmail: ThrottleRule; perIp: ThrottleRule }) {
    this.perEmail = new FailureThrottle(store, 'login:email', rules.perEmail, tooManyLogins);
    this.perIp = new RequestThrottle(store, 'login:ip', rules.perIp, (ip) => ip);
  }

  private emailSubject(email: string): string {
    return sha256Hex(email.trim().toLowerCase());
  }

  /** Count this attempt against the IP and refuse when the IP or the email is over its limit. */
  async beforeAttempt(email: string, ip: string): Promise<void> {
    await this.perEmail.check(this.emailSubject(email));
    await this.perIp.hit(ip, tooManyLogins);
  }

  async recordFailure(email: string): Promise<void> {
    await this.perEmail.fail(this.emailSubject(email));
  }

  async recordSuccess(email: string): Promise<void> {
    await this.perEmail.succeed(this.emailSubject(email));
  }
}
