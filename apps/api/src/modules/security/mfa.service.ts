import type { CodeSentResponse, Customer, MfaSettings, RecoveryCodesResponse, TotpSetupResponse } from '@remit/contract';
import QRCode from 'qrcode';
import type { Locale } from '../../adapters/mail/templates/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isMfaPending } from '../auth/session.service.ts';
import type { AuthContext, ClientInfo } from '../auth/session.service.ts';
import { toCustomer } from '../customers/customer.mapper.ts';
import type { Executor } from '../../db/types.ts';
import { RecoveryCodes } from './recovery-codes.ts';
import { SecretBox } from './secret-box.ts';
import { OTP_MESSAGES, conflict, otpError, type SecurityDeps } from './security.deps.ts';
import { securityRepository } from './security.repository.ts';
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp.ts';

export const TOTP_ISSUER = 'Remit';
/** An enrolment started with set-up must be confirmed within this time. */
export const TOTP_SETUP_TTL_MS = 30 * 60_000;

const NOT_PENDING = 'Multi-factor authentication is not pending for this session.';

export interface MfaResult {
  customer: Customer;
  /** The new session cookie: MFA completion rotates the session id. */
  token: string;
}

/** Completing MFA (mailed code, authenticator app or recovery code) and managing the authenticator app. */
export class MfaService {
  private readonly box: SecretBox;
  readonly recoveryCodes: RecoveryCodes;

  constructor(private readonly deps: SecurityDeps) {
    this.box = new SecretBox(deps.config.appKey, 'mfa-totp-secret');
    this.recoveryCodes = new RecoveryCodes(deps.config.appKey);
  }

  /** POST /client/v1/mfa: check the code, then start a fresh, MFA-completed session (the old one is revoked). */
  async complete(auth: AuthContext, otp: string, client: ClientInfo): Promise<MfaResult> {
    const { db, codes, sessions } = this.deps;
    if (!isMfaPending(auth)) throw conflict(NOT_PENDING);
    const code = otp.trim();
    if (code === '') throw AppError.validation({ otp: [OTP_MESSAGES.required] });

    if (auth.session.mfa_method === 'email') {
      const check = await codes.verify(db, auth.customerId, 'mfa', code, auth.session.id);
      if (check !== 'ok') throw otpError(check);
    } else {
      await this.checkAuthenticatorOrRecoveryCode(auth.customerId, code);
    }

    const token = await db.transaction().execute(async (trx) => {
      const started = await sessions.start(trx, {
        ...client,
        customerId: auth.customerId,
        mfaMethod: auth.session.mfa_method,
        isMfaCompleted: true,
      });
      return started.token;
    });
    const fresh = await sessions.authenticate(token);
    if (!fresh) throw AppError.internal('Session could not be loaded');
    return { customer: toCustomer(fresh.profile, fresh.session), token };
  }

  private async checkAuthenticatorOrRecoveryCode(customerId: string, code: string): Promise<void> {
    const { db, now, totpFailures } = this.deps;
    await totpFailures.check(customerId);
    let ok = false;
    if (this.recoveryCodes.looksLikeRecoveryCode(code)) {
      ok = await securityRepository.useRecoveryCode(db, customerId, this.recoveryCodes.hash(customerId, code), now());
    } else {
      const row = await securityRepository.findTotp(db, customerId);
      if (row?.secret_enc && row.enabled_at) {
        const last = row.last_used_step === null ? null : Number(row.last_used_step);
        const step = verifyTotp(this.box.open(row.secret_enc), code, now(), last);
        // Conditional update: two requests racing with the same step cannot both win.
        ok = step !== null && (await securityRepository.useTotpStep(db, customerId, step, now()));
      }
    }
    if (!ok) {
      await totpFailures.fail(customerId);
      throw AppError.validation({ otp: [OTP_MESSAGES.incorrect] });
    }
    await totpFailures.succeed(customerId);
  }

  /** POST /client/v1/resend-mfa-otp: a new mailed code for this sign-in (email method only). */
  async resend(auth: AuthContext, locale: Locale | undefined): Promise<CodeSentResponse> {
    const { db, codes, mail, resend } = this.deps;
    if (!isMfaPending(auth)) throw conflict(NOT_PENDING);
    if (auth.session.mfa_method !== 'email') throw conflict('This sign-in uses your authenticator app: no code is sent by email.');
    const next = await resend.beforeResend('mfa', auth.customerId);
    const code = await codes.issue(db, auth.customerId, 'mfa', auth.session.id);
    await mail.send(mail.templates.mfaCode(auth.profile.email, code, locale));
    return { message: 'We have sent a new sign-in code to your email address.', resend_available_in: next };
  }

  async settings(customerId: string, db: Executor = this.deps.db): Promise<MfaSettings> {
    const account = await securityRepository.findAccount(db, customerId);
    if (!account) throw AppError.unauthenticated();
    const totp = await securityRepository.findTotp(db, customerId);
    const enabled = !!(totp?.secret_enc && totp.enabled_at);
    return {
      method: account.mfa_method,
      totp_enabled: enabled,
      recovery_codes_remaining: enabled ? await securityRepository.countUnusedRecoveryCodes(db, customerId) : 0,
    };
  }

  /** Start enrolment: a new secret (kept pending until confirmed), its otpauth URI and QR code. */
  async setupTotp(auth: AuthContext, password: string): Promise<TotpSetupResponse> {
    const { db, now, passwordConfirmation } = this.deps;
    const account = await passwordConfirmation.confirm(auth.customerId, password);
    const current = await securityRepository.findTotp(db, auth.customerId);
    if (current?.secret_enc && current.enabled_at) throw conflict('The authenticator app is already turned on.');
    const secret = newTotpSecret();
    await securityRepository.savePendingTotp(db, auth.customerId, this.box.seal(secret), now());
    const url = otpauthUrl(secret, account.email, TOTP_ISSUER);
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauth_url: url, qr_code_svg: svg };
  }

  /** Confirm enrolment with a code from the app: switches the account to TOTP and answers ten recovery codes. */
  async confirmTotp(auth: AuthContext, otp: string, locale: Locale | undefined): Promise<RecoveryCodesResponse> {
    const { db, now, totpFailures, mail } = this.deps;
    const code = otp.trim();
    if (code === '') throw AppError.validation({ otp: [OTP_MESSAGES.required] });
    const row = await securityRepository.findTotp(db, auth.customerId);
    if (row?.secret_enc && row.enabled_at && !row.pending_secret_enc) throw conflict('The authenticator app is already turned on.');
    if (!row?.pending_secret_enc || !row.pending_created_at) throw conflict('Start the authenticator app set-up first.');
    if (now().getTime() - row.pending_created_at.getTime() > TOTP_SETUP_TTL_MS) {
      throw conflict('The authenticator app set-up has expired. Start again.');
    }
    await totpFailures.check(auth.customerId);
    const step = verifyTotp(this.box.open(row.pending_secret_enc), code, now(), null);
    if (step === null) {
      await totpFailures.fail(auth.customerId);
      throw AppError.validation({ otp: [OTP_MESSAGES.incorrect] });
    }
    await totpFailures.succeed(auth.customerId);
    const generated = this.recoveryCodes.generate(auth.customerId);
    await db.transaction().execute(async (trx) => {
      const t = now();
      await securityRepository.activateTotp(trx, auth.customerId, row.pending_secret_enc!, step, t);
      await securityRepository.setMfaMethod(trx, auth.customerId, 'totp', t);
      await securityRepository.replaceRecoveryCodes(trx, auth.customerId, generated.rows, t);
    });
    await mail.send(mail.templates.totpChanged(auth.profile.email, true, locale));
    return { recovery_codes: generated.codes };
  }

  /** Back to mailed codes; the secret and the recovery codes are deleted. */
  async disableTotp(auth: AuthContext, password: string, locale: Locale | undefined): Promise<MfaSettings> {
    const { db, now, passwordConfirmation, mail } = this.deps;
    const account = await passwordConfirmation.confirm(auth.customerId, password);
    const before = await this.settings(auth.customerId);
    const settings = await db.transaction().execute(async (trx) => {
      await securityRepository.deleteTotp(trx, auth.customerId);
      await securityRepository.deleteRecoveryCodes(trx, auth.customerId);
      await securityRepository.setMfaMethod(trx, auth.customerId, 'email', now());
      return this.settings(auth.customerId, trx);
    });
    if (before.totp_enabled) await mail.send(mail.templates.totpChanged(account.email, false, locale));
    return settings;
  }

  async regenerateRecoveryCodes(auth: AuthContext, password: string): Promise<RecoveryCodesResponse> {
    const { db, now, passwordConfirmation } = this.deps;
    await passwordConfirmation.confirm(auth.customerId, password);
    const totp = await securityRepository.findTotp(db, auth.customerId);
    if (!totp?.secret_enc || !totp.enabled_at) throw conflict('Turn on the authenticator app first.');
    const generated = this.recoveryCodes.generate(auth.customerId);
    await securityRepository.replaceRecoveryCodes(db, auth.customerId, generated.rows, now());
    return { recovery_codes: generated.codes };
  }
}
