import type { RateRule } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { RateLimitStore } from '../../lib/rate-limit-store.ts';

function tooMany(resetInMs: number): AppError {
  return AppError.tooManyRequests((seconds) => `Too many login attempts. Please try again in ${seconds} seconds.`, resetInMs);
}

/**
 * Login throttling: at most `perEmail.max` failed tries per email and `perIp.max` attempts per IP
 * within their windows. Counters live in the rate-limit store (memory or Redis).
 */
export class LoginThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rules: { perEmail: RateRule; perIp: RateRule },
  ) {}

  private emailKey(email: string): string {
    return `login:email:${sha256Hex(email.trim().toLowerCase())}`;
  }

  private ipKey(ip: string): string {
    return `login:ip:${ip}`;
  }

  /** Count this attempt against the IP and refuse when the IP or the email is over its limit. */
  async beforeAttempt(email: string, ip: string): Promise<void> {
    const emailState = await this.store.get(this.emailKey(email));
    if (emailState && emailState.count >= this.rules.perEmail.max) throw tooMany(emailState.resetInMs);
    const ipState = await this.store.hit(this.ipKey(ip), this.rules.perIp.windowMs);
    if (ipState.count > this.rules.perIp.max) throw tooMany(ipState.resetInMs);
  }

  async recordFailure(email: string): Promise<void> {
    await this.store.hit(this.emailKey(email), this.rules.perEmail.windowMs);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.store.reset(this.emailKey(email));
  }
}
