import { randomBytes } from 'node:crypto';
import { EMAIL_MAX_LENGTH, type ChangePasswordRequest, type ForgotPasswordRequest, type MessageBody, type ResetPasswordRequest, type SessionRevokedReason } from '@remit/contract';
import { z } from 'zod';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import type { RateLimitStore } from '../../lib/rate-limit-store.ts';
import { passwordPolicyErrors } from '../auth/password-policy.ts';
import type { AuthContext, ClientInfo } from '../auth/session.service.ts';
import type { Executor } from '../../db/types.ts';
import type { SecurityDeps } from './security.deps.ts';
import { securityRepository } from './security.repository.ts';
import { RequestThrottle } from './throttles.ts';

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, we have sent a password reset link.';
export const INVALID_RESET_TOKEN = 'This password reset link is invalid or has expired.';
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const SAME_PASSWORD = 'The new password must be different from the current password.';

const emailSchema = z.email();
const HOUR_MS = 3_600_000;
const tooManyResets = (s: number) => `Too many password reset requests. Please try again in ${s} seconds.`;

export interface ResetToken {
  /** 32 random bytes, hex: goes only into the mailed link. */
  token: string;
  /** sha256 of the token: the only thing stored. */
  hash: string;
}

/** Forgot / reset / change password. Every path that sets a password ends all the customer's sessions. */
export class PasswordService {
  private readonly perIp: RequestThrottle;
  private readonly perEmail: RequestThrottle;

  constructor(
    private readonly deps: SecurityDeps,
    store: RateLimitStore,
  ) {
    this.perIp = new RequestThrottle(store, 'forgot-password:ip', { max: 20, windowMs: HOUR_MS });
    this.perEmail = new RequestThrottle(store, 'forgot-password:email', { max: 5, windowMs: HOUR_MS });
  }

  /** New reset token. Called for known AND unknown emails so both answers do the same work. */
  createResetToken(): ResetToken {
    const token = randomBytes(32).toString('hex');
    return { token, hash: sha256Hex(token) };
  }

  /** `${APP_URL}/reset-password/${base64url(token)}` (the web app base64-decodes it, seed §5). */
  resetLink(token: string): string {
    return `${this.deps.config.appUrl}/reset-password/${Buffer.from(token, 'utf8').toString('base64url')}`;
  }

  /**
   * Always the same answer. The lookup, token generation and hashing happen for every email; for a
   * known one, storing the token and mailing run after the answer (no timing difference).
   */
  async forgot(input: ForgotPasswordRequest, client: ClientInfo): Promise<MessageBody> {
    const { db, now, mail } = this.deps;
    const email = input.email.trim().toLowerCase();
    if (email === '') throw AppError.validation({ email: ['The email field is required.'] });
    if (email.length > EMAIL_MAX_LENGTH) throw AppError.validation({ email: [`The email field must not be greater than ${EMAIL_MAX_LENGTH} characters.`] });
    if (!emailSchema.safeParse(email).success) throw AppError.validation({ email: ['The email field must be a valid email address.'] });

    await this.perIp.hit(client.ip ?? 'unknown', tooManyResets);
    await this.perEmail.hit(email, tooManyResets);

    const account = await securityRepository.findAccountByEmail(db, email);
    const reset = this.createResetToken();
    if (account) {
      const t = now();
      mail.background(async () => {
        await securityRepository.insertResetToken(db, {
          id: newId(),
          customer_id: account.customer_id,
          token_hash: reset.hash,
          expires_at: new Date(t.getTime() + RESET_TOKEN_TTL_MS),
          created_at: t,
        });
        await mail.send(mail.templates.passwordReset(account.email, this.resetLink(reset.token), client.locale));
      });
    }
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  private newPasswordErrors(bag: FieldErrorBag, password: string, confirm: string): void {
    if (password === '') bag.add('password', 'The password field is required.');
    else for (const m of passwordPolicyErrors(this.deps.policy, password)) bag.add('password', m);
    if (confirm === '') bag.add('confirm_password', 'The confirm password field is required.');
    else if (confirm !== password) bag.add('confirm_password', 'The confirm password field must match password.');
  }

  async reset(input: ResetPasswordRequest, client: ClientInfo): Promise<MessageBody> {
    const { db, now } = this.deps;
    const bag = new FieldErrorBag();
    const token = input.token.trim();
    let row: Awaited<ReturnType<typeof securityRepository.findResetToken>>;
    if (token === '') bag.add('token', 'The token field is required.');
    else {
      row = token.length <= 256 ? await securityRepository.findResetToken(db, sha256Hex(token)) : undefined;
      if (!row || row.used_at !== null || row.expires_at.getTime() <= now().getTime()) bag.add('token', INVALID_RESET_TOKEN);
    }
    this.newPasswordErrors(bag, input.password, input.confirm_password);
    bag.throwIfAny();

    const passwordHash = await hashPassword(input.password);
    const customerId = row!.customer_id;
    const ended = await db.transaction().execute(async (trx) => {
      if (!(await securityRepository.consumeResetToken(trx, row!.id, now()))) throw AppError.validation({ token: [INVALID_RESET_TOKEN] });
      return this.setPasswordAndEndSessions(trx, customerId, passwordHash);
    });
    await this.afterPasswordChange(customerId, ended, client, 'password_reset');
    return { message: 'Your password has been reset. Please sign in with your new password.' };
  }

  async change(auth: AuthContext, input: ChangePasswordRequest, client: ClientInfo): Promise<MessageBody> {
    const { db, passwordConfirmation } = this.deps;
    const bag = new FieldErrorBag();
    const current = input.current_password;
    if (current === '') bag.add('current_password', 'The current password field is required.');
    else {
      try {
        await passwordConfirmation.confirm(auth.customerId, current, 'current_password');
      } catch (e) {
        if (!(e instanceof AppError) || e.code !== 'validation') throw e;
        for (const [field, messages] of Object.entries(e.fieldErrors ?? {})) for (const m of messages) bag.add(field, m);
      }
    }
    this.newPasswordErrors(bag, input.password, input.confirm_password);
    if (!bag.has('password') && !bag.has('current_password') && input.password === current) bag.add('password', SAME_PASSWORD);
    bag.throwIfAny();

    const passwordHash = await hashPassword(input.password);
    const ended = await db.transaction().execute((trx) => this.setPasswordAndEndSessions(trx, auth.customerId, passwordHash));
    await this.afterPasswordChange(auth.customerId, ended, client, 'password_changed');
    return { message: 'Your password has been changed. Please sign in again.' };
  }

  private async setPasswordAndEndSessions(trx: Executor, customerId: string, passwordHash: string): Promise<string[]> {
    const t = this.deps.now();
    await securityRepository.setPassword(trx, customerId, passwordHash, t);
    await securityRepository.consumeAllResetTokens(trx, customerId, t);
    return this.deps.sessions.revokeAllForCustomer(trx, customerId);
  }

  private async afterPasswordChange(
    customerId: string,
    endedSessionIds: string[],
    client: ClientInfo,
    reason: SessionRevokedReason,
  ): Promise<void> {
    const { db, events, mail, sessions } = this.deps;
    // Committed: no instance may serve the ended sessions from its cache any more.
    await sessions.forgetCustomer(customerId);
    if (endedSessionIds.length) events.notify(customerId, 'SessionRevoked', { session_ids: endedSessionIds, reason });
    const account = await securityRepository.findAccount(db, customerId);
    if (account) await mail.send(mail.templates.passwordChanged(account.email, client.locale));
  }
}
