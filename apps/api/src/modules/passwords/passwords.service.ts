import { randomBytes } from 'node:crypto';
import {
  EMAIL_MAX_LENGTH,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type MessageBody,
  type PasswordPolicy,
  type ResetPasswordRequest,
  type SessionRevokedReason,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { SecurityMailer } from '../../adapters/mail/security-mailer.ts';
import type { Database, Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, type PasswordHashCost } from '../../lib/password-hash.ts';
import { guarded, type FailureThrottle, type ForgotPasswordThrottle } from '../../lib/throttle/index.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { passwordPolicyErrors } from '../auth/password-policy.ts';
import type { AuthContext, SessionService } from '../auth/session.service.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { PasswordConfirmation } from './password-confirmation.ts';
import { passwordsRepository } from './passwords.repository.ts';

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, we have sent a password reset link.';
export const INVALID_RESET_TOKEN = 'This password reset link is invalid or has expired.';
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const SAME_PASSWORD = 'The new password must be different from the current password.';

const emailSchema = z.email();

export interface ResetToken {
  /** 32 random bytes, hex: goes only into the mailed link. */
  token: string;
  /** sha256 of the token: the only thing stored. */
  hash: string;
}

export interface PasswordServiceDeps {
  db: Kysely<Database>;
  now: Clock;
  /** The web app's origin: reset links point to it. */
  appUrl: string;
  policy: PasswordPolicy;
  /** The argon2id cost of a new password's hash (config.passwordHashing). */
  hashCost: PasswordHashCost;
  /** Setting a password: one transaction, then the session-cache invalidation and SessionRevoked. */
  uow: UnitOfWork;
  sessions: Pick<SessionService, 'revokeAllForCustomer'>;
  /** The account's password (auth owns the accounts table). */
  accounts: Pick<AuthService, 'setPassword'>;
  mail: SecurityMailer;
  passwordConfirmation: PasswordConfirmation;
  forgotThrottle: ForgotPasswordThrottle;
  /** Reset calls with an invalid token, per address. */
  resetThrottle: FailureThrottle;
}

/**
 * Forgot / reset / change password (docs/product/auth-and-sessions.md#forgot-and-reset-password,
 * #change-password). Every path that sets a password ends all the customer's sessions.
 */
export class PasswordService {
  constructor(private readonly deps: PasswordServiceDeps) {}

  /**
   * Every open reset link of the customer stops working, in the caller's transaction: the email
   * address changed, so links mailed to the old one must not set a password any more.
   */
  endResetLinks(trx: Executor, customerId: string, at: Date): Promise<void> {
    return passwordsRepository.consumeAllResetTokens(trx, customerId, at);
  }

  /** New reset token. Called for known AND unknown emails so both answers do the same work. */
  createResetToken(): ResetToken {
    const token = randomBytes(32).toString('hex');
    return { token, hash: sha256Hex(token) };
  }

  /**
   * `${APP_URL}/reset-password/${base64url(token)}`: the web app base64-decodes it
   * (docs/product/auth-and-sessions.md#forgot-and-reset-password).
   */
  resetLink(token: string): string {
    return `${this.deps.appUrl}/reset-password/${Buffer.from(token, 'utf8').toString('base64url')}`;
  }

  /**
   * Always the same answer. The lookup, token generation and hashing happen for every email; for a
   * known one, storing the token and mailing run after the answer (no timing difference).
   */
  async forgot(input: ForgotPasswordRequest, client: ClientInfo): Promise<MessageBody> {
    const { db, now, mail, forgotThrottle } = this.deps;
    const email = input.email.trim().toLowerCase();
    if (email === '') throw AppError.validation({ email: ['The email field is required.'] });
    if (email.length > EMAIL_MAX_LENGTH)
      throw AppError.validation({
        email: [`The email field must not be greater than ${EMAIL_MAX_LENGTH} characters.`],
      });
    if (!emailSchema.safeParse(email).success)
      throw AppError.validation({ email: ['The email field must be a valid email address.'] });

    await forgotThrottle.hit(client.ip ?? 'unknown', email, client.locale);

    const account = await passwordsRepository.findAccountByEmail(db, email);
    const reset = this.createResetToken();
    if (account) {
      const t = now();
      mail.background(async () => {
        await passwordsRepository.insertResetToken(db, {
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
    const { db, uow, now, resetThrottle } = this.deps;
    const bag = new FieldErrorBag();
    const token = input.token.trim();
    let row: Awaited<ReturnType<typeof passwordsRepository.findResetToken>>;
    if (token === '') bag.add('token', 'The token field is required.');
    else {
      // Reserved before the token is looked up; a valid token gives the attempt back.
      const attempt = await resetThrottle.attempt(client.ip ?? 'unknown', client.locale);
      const valid = await guarded(
        attempt,
        async () => {
          row = token.length <= 256 ? await passwordsRepository.findResetToken(db, sha256Hex(token)) : undefined;
          return !!row && row.used_at === null && row.expires_at.getTime() > now().getTime();
        },
        'refund',
      );
      if (!valid) bag.add('token', INVALID_RESET_TOKEN);
    }
    this.newPasswordErrors(bag, input.password, input.confirm_password);
    bag.throwIfAny();

    const passwordHash = await hashPassword(input.password, this.deps.hashCost);
    const customerId = row!.customer_id;
    await uow.run(async (trx, after) => {
      if (!(await passwordsRepository.consumeResetToken(trx, row!.id, now())))
        throw AppError.validation({ token: [INVALID_RESET_TOKEN] });
      await this.setPasswordAndEndSessions(trx, after, customerId, passwordHash, 'password_reset');
    });
    await this.mailPasswordChanged(customerId, client);
    return { message: 'Your password has been reset. Please sign in with your new password.' };
  }

  async change(auth: AuthContext, input: ChangePasswordRequest, client: ClientInfo): Promise<MessageBody> {
    const { uow, passwordConfirmation } = this.deps;
    const bag = new FieldErrorBag();
    const current = input.current_password;
    if (current === '') bag.add('current_password', 'The current password field is required.');
    else {
      try {
        await passwordConfirmation.confirm(auth.customerId, current, 'current_password', client.locale);
      } catch (e) {
        if (!(e instanceof AppError) || e.code !== 'validation') throw e;
        for (const [field, messages] of Object.entries(e.fieldErrors ?? {}))
          for (const m of messages) bag.add(field, m);
      }
    }
    this.newPasswordErrors(bag, input.password, input.confirm_password);
    if (!bag.has('password') && !bag.has('current_password') && input.password === current)
      bag.add('password', SAME_PASSWORD);
    bag.throwIfAny();

    const passwordHash = await hashPassword(input.password, this.deps.hashCost);
    await uow.run((trx, after) =>
      this.setPasswordAndEndSessions(trx, after, auth.customerId, passwordHash, 'password_changed'),
    );
    await this.mailPasswordChanged(auth.customerId, client);
    return { message: 'Your password has been changed. Please sign in again.' };
  }

  /**
   * Set the password and end every session. After the commit no instance may serve the ended
   * sessions from its cache any more, then the customer's apps are told (SessionRevoked).
   */
  private async setPasswordAndEndSessions(
    trx: Executor,
    after: AfterCommit,
    customerId: string,
    passwordHash: string,
    reason: SessionRevokedReason,
  ): Promise<void> {
    const t = this.deps.now();
    await this.deps.accounts.setPassword(trx, customerId, passwordHash, t);
    await passwordsRepository.consumeAllResetTokens(trx, customerId, t);
    const ended = await this.deps.sessions.revokeAllForCustomer(trx, customerId);
    after.customerChanged(customerId);
    if (ended.length) after.notify(customerId, 'SessionRevoked', { session_ids: ended, reason });
  }

  private async mailPasswordChanged(customerId: string, client: ClientInfo): Promise<void> {
    const { db, mail } = this.deps;
    const account = await passwordsRepository.findAccount(db, customerId);
    if (account) await mail.send(mail.templates.passwordChanged(account.email, client.locale));
  }
}
