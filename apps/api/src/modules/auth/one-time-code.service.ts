import type { OneTimeCodePurpose } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacBase64Url, safeEqual, sixDigitCode } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import type { Executor } from '../../db/types.ts';
import { oneTimeCodeRepository } from './one-time-code.repository.ts';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'too_many_attempts' | 'missing';

/** The `otp` field's messages (docs/product/auth-and-sessions.md#one-time-codes). */
export const OTP_MESSAGES = {
  required: 'The otp field is required.',
  incorrect: 'The code is incorrect.',
  expired: 'The code has expired. Request a new one.',
  tooMany: 'Too many incorrect attempts. Request a new code.',
} as const;

/** 422 on `otp` for a failed one-time-code check. */
export function otpError(check: Exclude<OtpCheck, 'ok'>): AppError {
  const message =
    check === 'invalid'
      ? OTP_MESSAGES.incorrect
      : check === 'too_many_attempts'
        ? OTP_MESSAGES.tooMany
        : OTP_MESSAGES.expired;
  return AppError.validation({ otp: [message] });
}

/** Six-digit one-time codes: stored as an HMAC (keyed by APP_KEY), 10 minutes, single use, 5 tries. */
export class OneTimeCodeService {
  constructor(
    private readonly appKey: string,
    private readonly now: Clock,
  ) {}

  private hash(customerId: string, purpose: OneTimeCodePurpose, code: string): string {
    return hmacBase64Url(this.appKey, `otp:${purpose}:${customerId}:${code}`);
  }

  /** Issue a new code (replacing any open one) and return it in clear for mailing. */
  async issue(
    db: Executor,
    customerId: string,
    purpose: OneTimeCodePurpose,
    sessionId: string | null = null,
  ): Promise<string> {
    const t = this.now();
    const code = sixDigitCode();
    await oneTimeCodeRepository.consumeOpen(db, customerId, purpose, t);
    await oneTimeCodeRepository.insert(db, {
      id: newId(),
      customer_id: customerId,
      session_id: sessionId,
      purpose,
      code_hash: this.hash(customerId, purpose, code),
      expires_at: new Date(t.getTime() + OTP_TTL_MS),
      created_at: t,
    });
    return code;
  }

  /**
   * Check a submitted code; a correct one is consumed. Every comparison first reserves one of the
   * code's tries in the database (docs/product/auth-and-sessions.md#one-time-codes), so parallel
   * guesses compare at most OTP_MAX_ATTEMPTS times. `invalid` is the only answer where a guess was
   * judged. With `sessionId`, only a code issued for that session counts (MFA codes belong to one
   * sign-in).
   */
  async verify(
    db: Executor,
    customerId: string,
    purpose: OneTimeCodePurpose,
    code: string,
    sessionId?: string,
  ): Promise<OtpCheck> {
    const row = await oneTimeCodeRepository.findLatestOpen(db, customerId, purpose);
    if (!row || (sessionId !== undefined && row.session_id !== sessionId)) return 'missing';
    const t = this.now();
    if (row.expires_at.getTime() <= t.getTime()) return 'expired';
    if (row.attempts >= OTP_MAX_ATTEMPTS) return 'too_many_attempts';
    if (!(await oneTimeCodeRepository.reserveAttempt(db, row.id, OTP_MAX_ATTEMPTS))) {
      const now = await oneTimeCodeRepository.findLatestOpen(db, customerId, purpose);
      return now?.id === row.id ? 'too_many_attempts' : 'missing';
    }
    if (!/^\d{6}$/.test(code) || !safeEqual(row.code_hash, this.hash(customerId, purpose, code))) return 'invalid';
    return (await oneTimeCodeRepository.consume(db, row.id, t)) ? 'ok' : 'invalid';
  }
}
