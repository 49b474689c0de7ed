import type { Locale } from '../locale.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { reserve } from './throttle.ts';

export const RESEND_COOLDOWN_MS = 60_000;
export const RESEND_MAX_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/**
 * Resending mailed codes (docs/product/auth-and-sessions.md#one-time-codes): at most one per 60 s
 * (the first mail, at sign-up or sign-in, starts the cooldown too) and five resends per hour, per
 * customer and purpose. Both are reserved in one atomic step: parallel resends mail one code.
 */
export class CodeResendThrottle {
  constructor(private readonly store: RateLimitStore) {}

  private key(purpose: string, customerId: string, window: 'cooldown' | 'hour'): string {
    return `otp-resend:${purpose}:${window}:${customerId}`;
  }

  /** A code was just mailed outside the resend path: start the cooldown. */
  async startCooldown(purpose: string, customerId: string): Promise<void> {
    await this.store.reset(this.key(purpose, customerId, 'cooldown'));
    await this.store.hit(this.key(purpose, customerId, 'cooldown'), RESEND_COOLDOWN_MS);
  }

  /** Count a resend or refuse it with 429 + Retry-After. Returns seconds until the next one is allowed. */
  async beforeResend(purpose: string, customerId: string, locale?: Locale): Promise<number> {
    const attempt = await reserve(
      this.store,
      [
        { key: this.key(purpose, customerId, 'cooldown'), max: 1, windowMs: RESEND_COOLDOWN_MS },
        { key: this.key(purpose, customerId, 'hour'), max: RESEND_MAX_PER_HOUR, windowMs: HOUR_MS },
      ],
      'codeRequests',
      locale,
    );
    attempt.fail(); // a resend always counts
    const hour = attempt.states[1]!;
    return hour.count >= RESEND_MAX_PER_HOUR ? Math.ceil(hour.resetInMs / 1000) : RESEND_COOLDOWN_MS / 1000;
  }
}
