import type {
  CodeSentResponse,
  Customer,
  MfaSettings,
  RecoveryCodesResponse,
  TotpSetupResponse,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { SecurityMailer } from '../../adapters/mail/security-mailer.ts';
import type { Locale } from '../../adapters/mail/templates/index.ts';
import type { Database, Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  guarded,
  type Attempt,
  type CodeResendThrottle,
  type FailureThrottle,
  type MfaFailureThrottle,
} from '../../lib/throttle/index.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { OTP_MESSAGES, otpError, type OneTimeCodeService } from '../auth/one-time-code.service.ts';
import { isMfaPending, type AuthContext, type SessionService } from '../auth/session.service.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import { toCustomer } from '../customers/customer.mapper.ts';
import type { KnownDevicesService } from '../known-devices/known-devices.service.ts';
import { mfaRepository } from './mfa.repository.ts';
import { RecoveryCodes } from './recovery-codes.ts';
import { SecretBox } from './secret-box.ts';
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp.ts';

export const TOTP_ISSUER = 'Remit';
/** An enrolment started with set-up must be confirmed within this time. */
export const TOTP_SETUP_TTL_MS = 30 * 60_000;

const NOT_PENDING = 'Multi-factor authentication is not pending for this session.';

export interface MfaResult {
  customer: Customer;
  /** The new session cookie: MFA completion rotates the session id. */
  token: string;
  /** The device cookie: the sign-in is complete, the browser is a known device now. */
  deviceCookie: string;
}

/** What the check of a second factor answers: right (with the passkey used, if one), or the error to throw. */
export type MfaCheck = { ok: true; passkeyId?: string } | { ok: false; error: AppError; guessed: boolean };

export interface MfaServiceDeps {
  db: Kysely<Database>;
  /** Rotating the session, switching the method: one transaction, then the cache invalidation it needs. */
  uow: UnitOfWork;
  now: Clock;
  /** APP_KEY: seals the TOTP secrets and keys the recovery-code hashes. */
  appKey: string;
  sessions: Pick<SessionService, 'start' | 'authenticate' | 'revoke'>;
  /** The account's MFA method (auth owns the accounts table). */
  accounts: Pick<AuthService, 'setMfaMethod'>;
  codes: OneTimeCodeService;
  mail: SecurityMailer;
  resend: CodeResendThrottle;
  /** Wrong codes at sign-in per account, across sign-ins and kinds of code. */
  mfaFailures: MfaFailureThrottle;
  /** Wrong authenticator-app codes while enrolling it, per customer. */
  totpFailures: FailureThrottle;
  /** Device cookies for a completed sign-in. */
  devices: Pick<KnownDevicesService, 'issueDeviceCookie'>;
}

/**
 * Completing MFA (mailed code, authenticator app or recovery code) and managing the authenticator app
 * (docs/product/auth-and-sessions.md#mfa, #authenticator-app, #recovery-codes).
 */
export class MfaService {
  private readonly box: SecretBox;
  private readonly recoveryCodes: RecoveryCodes;

  constructor(private readonly deps: MfaServiceDeps) {
    this.box = new SecretBox(deps.appKey, 'mfa-totp-secret');
    this.recoveryCodes = new RecoveryCodes(deps.appKey);
  }

  /**
   * POST /client/v1/mfa: check the code, then start a fresh, MFA-completed session (the old one is
   * revoked). Every guess is reserved first in the account's allowance
   * (docs/product/auth-and-sessions.md#mfa): beyond it this sign-in ends (429; a new sign-in is
   * required) and the owner is mailed once.
   */
  async complete(auth: AuthContext, otp: string, client: ClientInfo): Promise<MfaResult> {
    const { db, codes } = this.deps;
    if (!isMfaPending(auth)) throw AppError.conflict(NOT_PENDING);
    const code = otp.trim();
    if (code === '') throw AppError.validation({ otp: [OTP_MESSAGES.required] });
    return this.completeWith(auth, client, async () => {
      if (auth.session.mfa_method === 'email') {
        const check = await codes.verify(db, auth.customerId, 'mfa', code, auth.session.id);
        return check === 'ok' ? { ok: true } : { ok: false, error: otpError(check), guessed: check === 'invalid' };
      }
      if (await this.checkAuthenticatorOrRecoveryCode(auth.customerId, code)) return { ok: true };
      return { ok: false, error: AppError.validation({ otp: [OTP_MESSAGES.incorrect] }), guessed: true };
    });
  }

  /**
   * The one way a sign-in waiting for its second factor completes it, whatever the factor (a code
   * here, a passkey in modules/passkeys): `check` runs under an attempt reserved in the account's
   * allowance; a wrong answer counts (beyond the allowance this sign-in ends and the owner is mailed
   * once), a right one starts the fresh, MFA-completed session (the old one is revoked) and sets the
   * device cookie.
   */
  async completeWith(auth: AuthContext, client: ClientInfo, check: () => Promise<MfaCheck>): Promise<MfaResult> {
    const { uow, sessions, mfaFailures } = this.deps;
    if (!isMfaPending(auth)) throw AppError.conflict(NOT_PENDING);
    let attempt: Attempt;
    try {
      attempt = await mfaFailures.attempt(auth.customerId, client.locale);
    } catch (e) {
      if (e instanceof AppError && e.code === 'too_many_requests') await this.endLockedSignIn(auth, client);
      throw e;
    }
    let result: MfaCheck;
    try {
      result = await check();
    } catch (e) {
      await attempt.refund();
      throw e;
    }
    if (!result.ok) {
      if (!result.guessed) {
        await attempt.refund(); // an expired or used-up code: nothing was compared
      } else {
        attempt.fail();
        if (attempt.filled()) await this.alertOwner(auth, client);
      }
      throw result.error;
    }
    await attempt.clear();

    const token = await uow.run(async (trx, after) => {
      // the pending-MFA session the browser presented is replaced by the completed one
      after.sessionEnded(client.previousToken);
      const started = await sessions.start(trx, {
        ...client,
        customerId: auth.customerId,
        mfaMethod: auth.session.mfa_method,
        isMfaCompleted: true,
        passkeyId: result.passkeyId ?? null,
      });
      return started.token;
    });
    const fresh = await sessions.authenticate(token);
    if (!fresh) throw AppError.internal('Session could not be loaded');
    return {
      customer: toCustomer(fresh.profile, fresh.session),
      token,
      deviceCookie: this.deps.devices.issueDeviceCookie(auth.customerId, client.deviceCookie),
    };
  }

  /** Beyond the account's allowance: end this pending sign-in and tell the owner (once per window). */
  private async endLockedSignIn(auth: AuthContext, client: ClientInfo): Promise<void> {
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.sessions.revoke(trx, client.previousToken);
      after.sessionEnded(client.previousToken);
    });
    await this.alertOwner(auth, client);
  }

  private async alertOwner(auth: AuthContext, client: ClientInfo): Promise<void> {
    const { mail, mfaFailures, now } = this.deps;
    if (!(await mfaFailures.shouldAlertOwner(auth.customerId))) return;
    const ua = parseUserAgent(client.userAgent);
    const details = { browser: ua.clientVersion, os: ua.osVersion, ip: client.ip ?? null, at: now() };
    mail.background(() => mail.send(mail.templates.signInBlocked(auth.profile.email, details, client.locale)));
  }

  /** True for a right authenticator-app code (a step not used before) or an unused recovery code. */
  private async checkAuthenticatorOrRecoveryCode(customerId: string, code: string): Promise<boolean> {
    const { db, now } = this.deps;
    let ok = false;
    if (this.recoveryCodes.looksLikeRecoveryCode(code)) {
      ok = await mfaRepository.useRecoveryCode(db, customerId, this.recoveryCodes.hash(customerId, code), now());
    } else {
      const row = await mfaRepository.findTotp(db, customerId);
      if (row?.secret_enc && row.enabled_at) {
        const last = row.last_used_step === null ? null : Number(row.last_used_step);
        const step = verifyTotp(this.box.open(row.secret_enc), code, now(), last);
        // Conditional update: two requests racing with the same step cannot both win.
        ok = step !== null && (await mfaRepository.useTotpStep(db, customerId, step, now()));
      }
    }
    return ok;
  }

  /** POST /client/v1/resend-mfa-otp: a new mailed code for this sign-in (email method only). */
  async resend(auth: AuthContext, locale: Locale | undefined): Promise<CodeSentResponse> {
    const { db, codes, mail, resend } = this.deps;
    if (!isMfaPending(auth)) throw AppError.conflict(NOT_PENDING);
    if (auth.session.mfa_method !== 'email')
      throw AppError.conflict('This sign-in uses your authenticator app: no code is sent by email.');
    const next = await resend.beforeResend('mfa', auth.customerId, locale);
    const code = await codes.issue(db, auth.customerId, 'mfa', auth.session.id);
    await mail.send(mail.templates.mfaCode(auth.profile.email, code, locale));
    return { message: 'We have sent a new sign-in code to your email address.', resend_available_in: next };
  }

  /** Whether the customer's authenticator app is on (a step-up factor). */
  async hasAuthenticator(customerId: string): Promise<boolean> {
    const row = await mfaRepository.findTotp(this.deps.db, customerId);
    return !!(row?.secret_enc && row.enabled_at);
  }

  /**
   * A step-up with the authenticator app (docs/product/auth-and-sessions.md#step-up): a code of a step
   * not used before; recovery codes are for signing in without the phone, not for this. Wrong codes
   * count in the enrolment allowance (five per 15 minutes), reserved before the code is compared.
   */
  async verifyStepUpCode(customerId: string, otp: string, locale?: Locale): Promise<void> {
    const { db, now, totpFailures } = this.deps;
    const code = otp.trim();
    if (code === '') throw AppError.validation({ otp: [OTP_MESSAGES.required] });
    const row = await mfaRepository.findTotp(db, customerId);
    if (!row?.secret_enc || !row.enabled_at) throw AppError.conflict('Turn on the authenticator app first.');
    const attempt = await totpFailures.attempt(customerId, locale);
    const ok = await guarded(attempt, async () => {
      const last = row.last_used_step === null ? null : Number(row.last_used_step);
      const step = verifyTotp(this.box.open(row.secret_enc!), code, now(), last);
      return step !== null && (await mfaRepository.useTotpStep(db, customerId, step, now()));
    });
    if (!ok) throw AppError.validation({ otp: [OTP_MESSAGES.incorrect] });
  }

  async settings(customerId: string, db: Executor = this.deps.db): Promise<MfaSettings> {
    const method = await mfaRepository.findMethod(db, customerId);
    if (!method) throw AppError.unauthenticated();
    const totp = await mfaRepository.findTotp(db, customerId);
    const enabled = !!(totp?.secret_enc && totp.enabled_at);
    return {
      method,
      totp_enabled: enabled,
      recovery_codes_remaining: enabled ? await mfaRepository.countUnusedRecoveryCodes(db, customerId) : 0,
    };
  }

  /** Start enrolment: a new secret (kept pending until confirmed), its otpauth URI and QR code. */
  async setupTotp(auth: AuthContext): Promise<TotpSetupResponse> {
    const { db, now } = this.deps;
    const current = await mfaRepository.findTotp(db, auth.customerId);
    if (current?.secret_enc && current.enabled_at)
      throw AppError.conflict('The authenticator app is already turned on.');
    const secret = newTotpSecret();
    await mfaRepository.savePendingTotp(db, auth.customerId, this.box.seal(secret), now());
    const url = otpauthUrl(secret, auth.profile.email, TOTP_ISSUER);
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauth_url: url, qr_code_svg: svg };
  }

  /** Confirm enrolment with a code from the app: switches the account to TOTP and answers ten recovery codes. */
  async confirmTotp(auth: AuthContext, otp: string, locale: Locale | undefined): Promise<RecoveryCodesResponse> {
    const { db, uow, now, totpFailures, mail } = this.deps;
    const code = otp.trim();
    if (code === '') throw AppError.validation({ otp: [OTP_MESSAGES.required] });
    const row = await mfaRepository.findTotp(db, auth.customerId);
    if (row?.secret_enc && row.enabled_at && !row.pending_secret_enc)
      throw AppError.conflict('The authenticator app is already turned on.');
    if (!row?.pending_secret_enc || !row.pending_created_at)
      throw AppError.conflict('Start the authenticator app set-up first.');
    if (now().getTime() - row.pending_created_at.getTime() > TOTP_SETUP_TTL_MS) {
      throw AppError.conflict('The authenticator app set-up has expired. Start again.');
    }
    // Reserved before the code is compared (docs/product/auth-and-sessions.md#throttling).
    const attempt = await totpFailures.attempt(auth.customerId, locale);
    const step = verifyTotp(this.box.open(row.pending_secret_enc), code, now(), null);
    if (!(await guarded(attempt, () => Promise.resolve(step !== null))) || step === null)
      throw AppError.validation({ otp: [OTP_MESSAGES.incorrect] });
    const generated = this.recoveryCodes.generate(auth.customerId);
    await uow.run(async (trx, after) => {
      const t = now();
      await mfaRepository.activateTotp(trx, auth.customerId, row.pending_secret_enc!, step, t);
      await this.deps.accounts.setMfaMethod(trx, auth.customerId, 'totp', t);
      await mfaRepository.replaceRecoveryCodes(trx, auth.customerId, generated.rows, t);
      after.customerChanged(auth.customerId);
    });
    await mail.send(mail.templates.totpChanged(auth.profile.email, true, locale));
    return { recovery_codes: generated.codes };
  }

  /** Back to mailed codes; the secret and the recovery codes are deleted. */
  async disableTotp(auth: AuthContext, locale: Locale | undefined): Promise<MfaSettings> {
    const { uow, now, mail } = this.deps;
    const before = await this.settings(auth.customerId);
    const settings = await uow.run(async (trx, after) => {
      await mfaRepository.deleteTotp(trx, auth.customerId);
      await mfaRepository.deleteRecoveryCodes(trx, auth.customerId);
      await this.deps.accounts.setMfaMethod(trx, auth.customerId, 'email', now());
      after.customerChanged(auth.customerId);
      return this.settings(auth.customerId, trx);
    });
    if (before.totp_enabled) await mail.send(mail.templates.totpChanged(auth.profile.email, false, locale));
    return settings;
  }

  async regenerateRecoveryCodes(auth: AuthContext): Promise<RecoveryCodesResponse> {
    const { db, now } = this.deps;
    const totp = await mfaRepository.findTotp(db, auth.customerId);
    if (!totp?.secret_enc || !totp.enabled_at) throw AppError.conflict('Turn on the authenticator app first.');
    const generated = this.recoveryCodes.generate(auth.customerId);
    await mfaRepository.replaceRecoveryCodes(db, auth.customerId, generated.rows, now());
    return { recovery_codes: generated.codes };
  }
}
