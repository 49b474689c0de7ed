import { AppError } from '../app-error.ts';
import { sha256Hex } from '../crypto.ts';
import type { Locale } from '../locale.ts';
import type { Bucket, RateLimitState, RateLimitStore } from './rate-limit-store.ts';
import { refusalMessage, type RefusalKind } from './refusal-messages.ts';

/** At most `max` counted hits within `windowMs` (a fixed window opened by the first hit). */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}

/**
 * The one way a throttle refuses (docs/product/auth-and-sessions.md#throttling): 429 with
 * `Retry-After` in whole seconds and a message saying when in words, in the request's language
 * ("Too many login attempts. Try again in 14 minutes.").
 */
export function refuse(kind: RefusalKind, retryInMs: number, locale?: Locale): AppError {
  return AppError.tooManyRequests((seconds) => refusalMessage(kind, seconds, locale), retryInMs);
}

/** The bucket `name:subject` under `rule`; subjects are hashed so emails and addresses are not stored in clear. */
export function bucket(name: string, subject: string, rule: ThrottleRule): Bucket {
  return { key: `${name}:${sha256Hex(subject)}`, max: rule.max, windowMs: rule.windowMs };
}

/**
 * One attempt, counted in its buckets before the guessable check runs. A failure keeps it counted;
 * `refund` gives it back (a success, or a request that guessed nothing); `clear` also forgets the
 * earlier failures of the given buckets (a success that proves the subject is the owner).
 */
export class Attempt {
  private settled = false;

  constructor(
    private readonly store: RateLimitStore,
    readonly buckets: readonly Bucket[],
    /** The counts and windows right after this attempt was counted, in bucket order. */
    readonly states: readonly RateLimitState[],
  ) {}

  /** True when this attempt took the last place of bucket `i` (the next one will be refused). */
  filled(i = 0): boolean {
    const b = this.buckets[i];
    const s = this.states[i];
    return !!b && !!s && s.count >= b.max;
  }

  async refund(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.store.release(this.buckets.map((b) => b.key));
  }

  /** Forget the buckets whose keys are listed (all by default) and give this attempt back in the others. */
  async clear(keys: readonly string[] = this.buckets.map((b) => b.key)): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await Promise.all(keys.map((k) => this.store.reset(k)));
    const rest = this.buckets.map((b) => b.key).filter((k) => !keys.includes(k));
    if (rest.length) await this.store.release(rest);
  }

  /** The attempt failed: it stays counted. */
  fail(): void {
    this.settled = true;
  }
}

/**
 * Reserve one attempt in every bucket at once, or refuse with 429 counting nothing. This is the
 * only entry to a limit: the check and the count are one atomic step in the store, so N parallel
 * requests let exactly the limit through, on one instance or many sharing Redis.
 */
export async function reserve(
  store: RateLimitStore,
  buckets: readonly Bucket[],
  kind: RefusalKind,
  locale?: Locale,
): Promise<Attempt> {
  const r = await store.reserve(buckets);
  if (!r.ok) throw refuse(kind, r.resetInMs, locale);
  return new Attempt(store, buckets, r.states);
}

/**
 * Run a guessable check under a reserved attempt: `true` (success) clears the subject's failures (or,
 * with `onSuccess: 'refund'`, only gives this attempt back), `false` keeps the attempt counted, a
 * throw gives it back (nothing was judged).
 */
export async function guarded(
  attempt: Attempt,
  check: () => Promise<boolean>,
  onSuccess: 'clear' | 'refund' = 'clear',
): Promise<boolean> {
  let ok: boolean;
  try {
    ok = await check();
  } catch (e) {
    await attempt.refund();
    throw e;
  }
  if (!ok) attempt.fail();
  else if (onSuccess === 'clear') await attempt.clear();
  else await attempt.refund();
  return ok;
}

/**
 * Failures of one subject (wrong password re-entry, wrong authenticator code): each attempt is
 * reserved before the check and refused with 429 once `max` are counted; a success clears them.
 * Key: `${name}:${sha256(subject)}`.
 */
export class FailureThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    readonly rule: ThrottleRule,
    private readonly kind: RefusalKind = 'attempts',
  ) {}

  /** Reserve an attempt for `subject` (429 when `max` failures are counted). */
  attempt(subject: string, locale?: Locale): Promise<Attempt> {
    return reserve(this.store, [bucket(this.name, subject, this.rule)], this.kind, locale);
  }
}

/**
 * At most one of something per window (a mail to an account owner): true for the first call of
 * the window, false for the others. Atomic like every reservation.
 */
export async function firstInWindow(store: RateLimitStore, key: string, windowMs: number): Promise<boolean> {
  const r = await store.reserve([{ key, max: 1, windowMs }]);
  return r.ok;
}
