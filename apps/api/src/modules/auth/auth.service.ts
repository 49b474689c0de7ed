import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  type Customer,
  type PasswordPolicy,
  type SignInRequest,
  type SignUpRequest,
} from '@remit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { MailAdapter, MailMessage } from '../../adapters/mail/mail-adapter.ts';
import type { SecurityMailer } from '../../adapters/mail/security-mailer.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CodeResendThrottle, LoginThrottle } from '../../lib/throttle/index.ts';
import { newCrn, newId } from '../../lib/ids.ts';
import { getDummyHash, hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { toCustomer } from '../customers/customer.mapper.ts';
import { authRepository } from './auth.repository.ts';
import type { KnownDevicesService } from '../known-devices/known-devices.service.ts';
import type { OneTimeCodeService } from './one-time-code.service.ts';
import { buildPasswordPolicy, passwordPolicyErrors } from './password-policy.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { AuthContext, SessionService } from './session.service.ts';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';
const emailSchema = z.email();

export interface AuthServiceDeps {
  db: Kysely<Database>;
  /** Sign-up, sign-in and sign-out: one transaction each, then the session-cache invalidation they ask for. */
  uow: UnitOfWork;
  config: Config;
  now: Clock;
  sessions: SessionService;
  codes: OneTimeCodeService;
  mailer: MailAdapter;
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
  /** Mail templates (i18n), resend cooldowns and new-device alerts. */
  security: { mail: SecurityMailer; devices: KnownDevicesService; resend: CodeResendThrottle };
}

export interface AuthResult {
  customer: Customer;
  /** Opaque session cookie value (never stored). */
  token: string;
}

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

export class AuthService {
  readonly policy: PasswordPolicy;

  constructor(private readonly deps: AuthServiceDeps) {
    this.policy = buildPasswordPolicy(deps.config.passwordPolicy);
  }

  private async sendMail(message: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (err) {
      // The account/session exist; a resend path lets the customer ask again.
      this.deps.log.error({ err, to: message.to, subject: message.subject }, 'mail delivery failed');
    }
  }

  async signUp(input: SignUpRequest, client: ClientInfo): Promise<AuthResult> {
    const { db, uow, now, sessions, codes } = this.deps;
    const email = input.email.trim().toLowerCase();
    const { password, confirm_password: confirm } = input;
    const bag = new FieldErrorBag();

    if (email === '') bag.add('email', 'The email field is required.');
    else if (email.length > EMAIL_MAX_LENGTH)
      bag.add('email', `The email field must not be greater than ${EMAIL_MAX_LENGTH} characters.`);
    else if (!emailSchema.safeParse(email).success) bag.add('email', 'The email field must be a valid email address.');
    else if (await authRepository.emailExists(db, email)) bag.add('email', 'The email has already been taken.');

    if (password === '') bag.add('password', 'The password field is required.');
    else for (const m of passwordPolicyErrors(this.policy, password)) bag.add('password', m);

    if (confirm === '') bag.add('confirm_password', 'The confirm password field is required.');
    else if (confirm !== password) bag.add('confirm_password', 'The confirm password field must match password.');

    bag.throwIfAny();

    const passwordHash = await hashPassword(password);
    const customerId = newId();
    let crn = newCrn();
    if (await authRepository.crnExists(db, crn)) crn = newCrn();

    let created: { token: string; code: string };
    try {
      created = await uow.run(async (trx, after) => {
        await authRepository.insertCustomerWithAccount(trx, { customerId, crn, email, passwordHash, at: now() });
        // the session the browser presented (if any) is replaced by the new one
        after.sessionEnded(client.previousToken);
        const { token, session } = await sessions.start(trx, {
          ...client,
          customerId,
          mfaMethod: null,
          isMfaCompleted: false,
        });
        const code = await codes.issue(trx, customerId, 'email_verification', session.id);
        return { token, code };
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.validation({ email: ['The email has already been taken.'] });
      throw e;
    }

    const { mail, resend, devices } = this.deps.security;
    await this.sendMail(mail.templates.emailVerification(email, created.code, client.locale));
    await resend.startCooldown('email_verification', customerId);
    await devices.remember(customerId, client);
    return { customer: await this.customerForToken(created.token), token: created.token };
  }

  async signIn(input: SignInRequest, client: ClientInfo): Promise<AuthResult> {
    const { db, uow, sessions, codes, throttle } = this.deps;
    const email = input.email.trim().toLowerCase();
    const password = input.password;
    const bag = new FieldErrorBag();
    if (email === '') bag.add('email', 'The email field is required.');
    if (password === '') bag.add('password', 'The password field is required.');
    bag.throwIfAny();

    await throttle.beforeAttempt(email, client.ip ?? 'unknown');

    const account = email.length <= EMAIL_MAX_LENGTH ? await authRepository.findAccountByEmail(db, email) : undefined;
    const tooLong = [...password].length > PASSWORD_MAX_LENGTH;
    // Unknown email: verify against a dummy hash so both answers take the same time.
    const ok =
      account && !tooLong
        ? await verifyPassword(account.password_hash, password)
        : (await verifyPassword(await getDummyHash(), password), false);
    if (!account || !ok) {
      await throttle.recordFailure(email);
      throw AppError.validation({ email: [BAD_CREDENTIALS] });
    }
    await throttle.recordSuccess(email);

    const verified = account.email_verified_at !== null;
    const mfaMethod = verified ? account.mfa_method : null;
    const { token, code } = await uow.run(async (trx, after) => {
      // the session the browser presented (if any) is replaced by the new one
      after.sessionEnded(client.previousToken);
      const started = await sessions.start(trx, {
        ...client,
        customerId: account.customer_id,
        mfaMethod,
        isMfaCompleted: false,
      });
      const mfaCode =
        mfaMethod === 'email' ? await codes.issue(trx, account.customer_id, 'mfa', started.session.id) : null;
      return { token: started.token, code: mfaCode };
    });
    const { mail, resend, devices } = this.deps.security;
    if (code) {
      await this.sendMail(mail.templates.mfaCode(account.email, code, client.locale));
      await resend.startCooldown('mfa', account.customer_id);
    }
    await devices.onSignIn(account.customer_id, account.email, client);
    return { customer: await this.customerForToken(token), token };
  }

  async signOut(token: string | undefined): Promise<void> {
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.sessions.revoke(trx, token);
      after.sessionEnded(token);
    });
  }

  /** The Customer of an authenticated request. */
  currentCustomer(auth: AuthContext): Customer {
    return toCustomer(auth.profile, auth.session);
  }

  private async customerForToken(token: string): Promise<Customer> {
    const auth = await this.deps.sessions.authenticate(token);
    // Cannot be null: the session was just created.
    if (!auth) throw AppError.internal('Session could not be loaded');
    return toCustomer(auth.profile, auth.session);
  }
}
