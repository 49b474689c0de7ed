import type { RateLimitStore } from './rate-limit-store.ts';
import { refuse, type TooManyMessage } from './throttle.ts';

export const RESEND_COOLDOWN_MS = 60_000;
export const RESEND_MAX_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

const waitMessage: TooManyMessage = (s) => `Please wait ${s} seconds before requesting another code.`;

/**
 * Resending mailed codes (docs/product/auth-and-sessions.md#one-time-codes): at most one per 60 s
 * (the first mail, at sign-up or sign-in, starts the cooldown too) and five resends per hour, per
 * customer and purpose.
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
  async beforeResend(purpose: string, customerId: string): Promise<number> {
    const cooldown = await this.store.get(this.key(purpose, customerId, 'cooldown'));
    if (cooldown && cooldown.count >= 1) throw refuse(waitMessage, cooldown);
    const hour = await this.store.get(this.key(purpose, customerId, 'hour'));
    if (hour && hour.count >= RESEND_MAX_PER_HOUR) throw refuse(waitMessage, hour);
    await this.store.hit(this.key(purpose, customerId, 'cooldown'), RESEND_COOLDOWN_MS);
    const h = await this.store.hit(this.key(purpose, customerId, 'hour'), HOUR_MS);
    return h.count >= RESEND_MAX_PER_HOUR ? Math.ceil(h.resetInMs / 1000) : RESEND_COOLDOWN_MS / 1000;
  }
}
