import type { OneTimeCodePurpose } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { RateLimitStore } from '../../lib/rate-limit-store.ts';

export const RESEND_COOLDOWN_MS = 60_000;
export const RESEND_MAX_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

const waitMessage = (s: number) => `Please wait ${s} seconds before requesting another code.`;
export const tooManyAttemptsMessage = (s: number) => `Too many attempts. Please try again in ${s} seconds.`;

/**
 * Resending mailed codes: at most one per 60 s (the first mail, at sign-up or sign-in, starts the
 * cooldown too) and five resends per hour, per customer and purpose.
 */
export class CodeResendThrottle {
  constructor(private readonly store: RateLimitStore) {}

  private key(purpose: OneTimeCodePurpose, customerId: string, window: 'cooldown' | 'hour'): string {
    return `otp-resend:${purpose}:${window}:${customerId}`;
  }

  /** A code was just mailed outside the resend path: start the cooldown. */
  async startCooldown(purpose: OneTimeCodePurpose, customerId: string): Promise<void> {
    await this.store.reset(this.key(purpose, customerId, 'cooldown'));
    await this.store.hit(this.key(purpose, customerId, 'cooldown'), RESEND_COOLDOWN_MS);
  }

  /** Count a resend or refuse it with 429 + Retry-After. Returns seconds until the next one is allowed. */
  async beforeResend(purpose: OneTimeCodePurpose, customerId: string): Promise<number> {
    const cooldown = await this.store.get(this.key(purpose, customerId, 'cooldown'));
    if (cooldown && cooldown.count >= 1) throw AppError.tooManyRequests(waitMessage, cooldown.resetInMs);
    const hour = await this.store.get(this.key(purpose, customerId, 'hour'));
    if (hour && hour.count >= RESEND_MAX_PER_HOUR) throw AppError.tooManyRequests(waitMessage, hour.resetInMs);
    await this.store.hit(this.key(purpose, customerId, 'cooldown'), RESEND_COOLDOWN_MS);
    const h = await this.store.hit(this.key(purpose, customerId, 'hour'), HOUR_MS);
    return h.count >= RESEND_MAX_PER_HOUR ? Math.ceil(h.resetInMs / 1000) : RESEND_COOLDOWN_MS / 1000;
  }
}

export interface FailureRule {
  max: number;
  windowMs: number;
}

/** Counts failures (wrong password re-entry, wrong TOTP) and refuses with 429 once over the limit. */
export class FailureThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly rule: FailureRule,
  ) {}

  private key(subject: string): string {
    return `${this.name}:${subject}`;
  }

  async check(subject: string): Promise<void> {
    const s = await this.store.get(this.key(subject));
    if (s && s.count >= this.rule.max) throw AppError.tooManyRequests(tooManyAttemptsMessage, s.resetInMs);
  }

  async fail(subject: string): Promise<void> {
    await this.store.hit(this.key(subject), this.rule.windowMs);
  }

  async succeed(subject: string): Promise<void> {
    await this.store.reset(this.key(subject));
  }
}

/** Counts every request (success or not) per key; 429 over the limit. */
export class RequestThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly rule: FailureRule,
  ) {}

  async hit(subject: string, message = tooManyAttemptsMessage): Promise<void> {
    const s = await this.store.hit(`${this.name}:${sha256Hex(subject)}`, this.rule.windowMs);
    if (s.count > this.rule.max) throw AppError.tooManyRequests(message, s.resetInMs);
  }
}
