import type { ProofOfWork } from '@remit/contract';
import type { Clock } from '../clock.ts';
import { sha256Hex } from '../crypto.ts';
import type { Locale } from '../locale.ts';
import { ProofOfWorkGate } from './proof-of-work.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { bucket, firstInWindow, reserve, type Attempt, type ThrottleRule } from './throttle.ts';

const DAY_MS = 24 * 3_600_000;

export interface SignUpRules {
  /** Ceiling per address: high, a mobile carrier's NAT holds hundreds of honest customers. */
  perIp: ThrottleRule;
  perEmail: ThrottleRule;
  /** Per browser that created accounts here (its device cookie), same window. */
  perDevice: ThrottleRule;
  proofOfWork: {
    /** Sign-ups of the window from one address before a proof of work is asked. */
    freePerIp: number;
    /** Difficulty (leading zero bits) of the first proof; it rises with log2 of the count. */
    baseBits: number;
    maxBits: number;
  };
}

export interface SignUpSubject {
  ip: string;
  /** Trimmed, lowercased. */
  email: string;
  /** The device ids the browser's device cookie names (unverified: only ids this throttle recorded count). */
  deviceIds: readonly string[];
  proof?: ProofOfWork | undefined;
}

/**
 * Sign-up (docs/product/auth-and-sessions.md#sign-up, #sign-up-on-shared-networks). Attempts are
 * reserved before the "already taken" lookup, per address (a high ceiling), per target email and per
 * known browser (a device id this throttle recorded at an earlier sign-up). Once the address had
 * `freePerIp` sign-ups in the window, each one needs a proof of work whose difficulty grows with
 * log2 of the browser's own count (a known browser) or of the address's count (any other), so the
 * work per sign-up grows linearly with the count while an honest browser pays a fraction of a second.
 * A created account and an "already taken" answer count; a form mistake is given back.
 */
export class SignUpThrottle {
  private readonly pow: ProofOfWorkGate;

  constructor(
    private readonly store: RateLimitStore,
    readonly rules: SignUpRules,
    appKey: string,
    now: Clock,
  ) {
    this.pow = new ProofOfWorkGate(appKey, store, now);
  }

  private deviceBucket(deviceId: string) {
    return bucket('signup:device', deviceId, this.rules.perDevice);
  }

  /** The browser's recorded device id (the one with most sign-ups), or undefined for a new browser. */
  private async knownDevice(deviceIds: readonly string[]): Promise<string | undefined> {
    let best: { id: string; count: number } | undefined;
    for (const id of new Set(deviceIds)) {
      const s = await this.store.get(this.deviceBucket(id).key);
      if (s && s.count > 0 && (!best || s.count > best.count)) best = { id, count: s.count };
    }
    return best?.id;
  }

  /**
   * Proof-of-work difficulty for a sign-up, 0 when none is needed. `ipCount` is the address's count
   * before this sign-up; `deviceCount` the known browser's count with this one (undefined: new browser).
   */
  difficulty(ipCount: number, deviceCount: number | undefined): number {
    const { freePerIp, baseBits, maxBits } = this.rules.proofOfWork;
    if (ipCount < freePerIp) return 0;
    const level = Math.max(1, deviceCount ?? Math.floor(ipCount / freePerIp));
    return Math.min(maxBits, baseBits + Math.floor(Math.log2(level)));
  }

  /** Reserve this sign-up (429 beyond a limit), then ask for or check its proof of work (428). */
  async begin(s: SignUpSubject, locale?: Locale): Promise<SignUpAttempt> {
    const device = await this.knownDevice(s.deviceIds);
    const buckets = [bucket('signup:ip', s.ip, this.rules.perIp), bucket('signup:email', s.email, this.rules.perEmail)];
    if (device) buckets.push(this.deviceBucket(device));
    // Reserved first: the counts the difficulty reads are this request's own, exact under concurrency.
    const attempt = await reserve(this.store, buckets, 'signUp', locale);
    const bits = this.difficulty(attempt.states[0]!.count - 1, device ? attempt.states[2]!.count : undefined);
    if (bits > 0 && !(await this.pow.accept(s.ip, bits, s.proof))) {
      await attempt.refund(); // nothing judged: the sign-up comes back with its proof
      throw this.pow.required(s.ip, bits, locale);
    }
    const record = (id: string) => {
      const b = this.deviceBucket(id);
      return this.store.hit(b.key, b.windowMs);
    };
    return new SignUpAttempt(attempt, device === undefined ? record : undefined);
  }

  /** True at most once a day per address: mail its owner that someone tried to sign up with it. */
  shouldMailOwner(email: string): Promise<boolean> {
    return firstInWindow(this.store, `signup:owner-mailed:${sha256Hex(email)}`, DAY_MS);
  }
}

/** A reserved sign-up: `fail` keeps it counted, `refund` gives it back, `created` records a new browser. */
export class SignUpAttempt {
  constructor(
    private readonly attempt: Attempt,
    /** For a browser without a recorded device id: record one (undefined for a known browser). */
    private readonly recordBrowser: ((deviceId: string) => Promise<unknown>) | undefined,
  ) {}

  fail(): void {
    this.attempt.fail();
  }

  refund(): Promise<void> {
    return this.attempt.refund();
  }

  /**
   * The account exists: it counts. A browser seen for the first time is recorded under the device id
   * of the cookie it gets now, so its next sign-ups count per browser.
   */
  async created(deviceId: string | undefined): Promise<void> {
    this.attempt.fail();
    if (this.recordBrowser && deviceId) await this.recordBrowser(deviceId);
  }
}
