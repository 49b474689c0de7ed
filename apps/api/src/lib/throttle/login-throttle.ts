import type { Locale } from '../locale.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { bucket, reserve, type Attempt, type ThrottleRule } from './throttle.ts';

export interface LoginRules {
  /** Failures of one email from one address. */
  perEmailAndIp: ThrottleRule;
  /** Failures of one email across addresses. */
  perEmail: ThrottleRule;
  /** Failures from one address whatever the email: a ceiling a NAT of honest customers does not reach. */
  perIp: ThrottleRule;
  /** Failures of one known device (a valid device cookie for the account), instead of the three above. */
  perDevice: ThrottleRule;
}

export interface LoginSubject {
  email: string;
  ip: string;
  /** The device id of a device cookie valid for this account (docs/product/auth-and-sessions.md#throttling). */
  device?: string | undefined;
}

/**
 * Sign-in throttling (docs/product/auth-and-sessions.md#throttling). Only failures count: each
 * attempt is reserved before the password is checked, and a success gives it back (and clears the
 * failures of this email and this address or device). A browser presenting a device cookie valid for
 * the account counts in its own per-device allowance only, so strangers failing on the email cannot
 * lock the owner out of a known device; without one, the attempt counts per email and address, per
 * email, and per address. Keys hold sha256 only.
 */
export class LoginThrottle {
  constructor(
    private readonly store: RateLimitStore,
    readonly rules: LoginRules,
  ) {}

  /** Reserve this attempt, or 429 when one of its limits is reached. */
  async begin(s: LoginSubject, locale?: Locale): Promise<LoginAttempt> {
    const email = s.email.trim().toLowerCase();
    const r = this.rules;
    if (s.device) {
      return new LoginAttempt(
        await reserve(this.store, [bucket('login:device', s.device, r.perDevice)], 'login', locale),
        1,
      );
    }
    const buckets = [
      bucket('login:email-ip', `${email}|${s.ip}`, r.perEmailAndIp),
      bucket('login:email', email, r.perEmail),
      bucket('login:ip', s.ip, r.perIp),
    ];
    return new LoginAttempt(await reserve(this.store, buckets, 'login', locale), 2);
  }
}

/** A reserved sign-in attempt: `failed` keeps it counted; `succeeded` gives it back. */
export class LoginAttempt {
  constructor(
    private readonly attempt: Attempt,
    /** The first `owned` buckets belong to this email (and address or device): a success clears them. */
    private readonly owned: number,
  ) {}

  failed(): void {
    this.attempt.fail();
  }

  /** A success never counts; the email's own failures are forgotten, the shared per-address count keeps others'. */
  async succeeded(): Promise<void> {
    await this.attempt.clear(this.attempt.buckets.slice(0, this.owned).map((b) => b.key));
  }

  /** Nothing was judged (an error before the check): give the attempt back. */
  async refund(): Promise<void> {
    await this.attempt.refund();
  }
}
