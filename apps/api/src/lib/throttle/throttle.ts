import { AppError } from '../app-error.ts';
import { sha256Hex } from '../crypto.ts';
import type { RateLimitState, RateLimitStore } from './rate-limit-store.ts';

/** At most `max` counted hits within `windowMs` (a fixed window opened by the first hit). */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}

/** The 429 message for a wait of `seconds` (the same number goes into Retry-After). */
export type TooManyMessage = (seconds: number) => string;

export const tooManyAttemptsMessage: TooManyMessage = (s) => `Too many attempts. Please try again in ${s} seconds.`;

/**
 * The one way a throttle refuses: 429 with `Retry-After` (whole seconds until the window ends) and
 * the message for that wait (docs/product/auth-and-sessions.md#throttling, docs/product/api.md).
 */
export function refuse(message: TooManyMessage, state: RateLimitState): AppError {
  return AppError.tooManyRequests(message, state.resetInMs);
}

/**
 * Counts failures (wrong password re-entry, wrong authenticator code, wrong sign-in password) and
 * refuses once `max` failures are counted; a success clears the count. Key: `${name}:${subject}`.
 */
export class FailureThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly rule: ThrottleRule,
    private readonly message: TooManyMessage = tooManyAttemptsMessage,
  ) {}

  private key(subject: string): string {
    return `${this.name}:${subject}`;
  }

  /** 429 when the subject is over its limit; counts nothing. */
  async check(subject: string): Promise<void> {
    const s = await this.store.get(this.key(subject));
    if (s && s.count >= this.rule.max) throw refuse(this.message, s);
  }

  async fail(subject: string): Promise<void> {
    await this.store.hit(this.key(subject), this.rule.windowMs);
  }

  async succeed(subject: string): Promise<void> {
    await this.store.reset(this.key(subject));
  }
}

/**
 * Counts every request (success or not) and refuses the one over `max`. Key: `${name}:${subjectKey(subject)}`
 * (by default the sha256 of the subject, so emails and IPs are not stored in clear).
 */
export class RequestThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly rule: ThrottleRule,
    private readonly subjectKey: (subject: string) => string = sha256Hex,
  ) {}

  async hit(subject: string, message: TooManyMessage = tooManyAttemptsMessage): Promise<void> {
    const s = await this.store.hit(`${this.name}:${this.subjectKey(subject)}`, this.rule.windowMs);
    if (s.count > this.rule.max) throw refuse(message, s);
  }
}
