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
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, Executor, MfaMethodColumn } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type {
  CodeResendThrottle,
  LoginThrottle,
  MfaFailureThrottle,
  SignUpAttempt,
  SignUpThrottle,
} from '../../lib/throttle/index.ts';
import { newCrn, newId } from '../../lib/ids.ts';
import { getDummyHash, hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { toCustomer } from '../customers/customer.mapper.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import { authRepository, type NewCustomerAccount } from './auth.repository.ts';
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
  /** The customers row a sign-up creates with its account (the customers module owns the table). */
  customers: Pick<CustomersService, 'insert' | 'crnExists'>;
  codes: OneTimeCodeService;
  mailer: MailAdapter;
  /** Sign-in failures (docs/product/auth-and-sessions.md#throttling). */
  throttle: LoginThrottle;
  /**
   * Sign-up attempts per address, target email and known browser, and the proof of work of busy
   * addresses (docs/product/auth-and-sessions.md#sign-up-on-shared-networks).
   */
  signUpThrottle: SignUpThrottle;
  /** An account locked for wrong MFA codes starts no new sign-in (docs/product/auth-and-sessions.md#throttling). */
  mfaFailures: Pick<MfaFailureThrottle, 'ensureNotLocked'>;
  log: FastifyBaseLogger;
  /** Mail templates (i18n), resend cooldowns and new-device alerts. */
  security: { mail: SecurityMailer; devices: KnownDevicesService; resend: CodeResendThrottle };
}

export interface AuthResult {
  customer: Customer;
  /** Opaque session cookie value (never stored). */
  token: string;
  /** The device cookie to set: the browser completed a sign-in (or signed up) and is a known device now. */
  deviceCookie?: string | undefined;
}

export const EMAIL_TAKEN = 'The email has already been taken.';

/** The email field's format message, or null when it is a well-formed address (sign-up, email change). */
export function emailFormatError(email: string): string | null {
  if (email === '') return 'The email field is required.';
  if (email.length > EMAIL_MAX_LENGTH)
    return `The email field must not be greater than ${EMAIL_MAX_LENGTH} characters.`;
  if (!emailSchema.safeParse(email).success) return 'The email field must be a valid email address.';
  return null;
}

/** The account columns a sign-in needs. */
export interface SignInAccount {
  customer_id: string;
  email: string;
  email_verified_at: Date | null;
  mfa_method: MfaMethodColumn;
}

/** The passkey a sign-in was made with (docs/product/auth-and-sessions.md#passkeys). */
export interface UsedPasskey {
  id: string;
  name: string;
}

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

  /** A new customer with their account, in the caller's transaction (sign-up). */
  async insertCustomerWithAccount(trx: Executor, c: NewCustomerAccount): Promise<void> {
    await this.deps.customers.insert(trx, { customerId: c.customerId, crn: c.crn, at: c.at });
    await authRepository.insertAccount(trx, c);
  }

  // The accounts table belongs to this module: the modules around sign-in change it through these,
  // inside their own transaction.

  /** Email verification: the address is proved (once; a second call changes nothing). */
  markEmailVerified(trx: Executor, customerId: string, at: Date): Promise<void> {
    return authRepository.markEmailVerified(trx, customerId, at);
  }

  /** Whether an account already uses this address (lowercased). */
  emailExists(db: Executor, email: string): Promise<boolean> {
    return authRepository.emailExists(db, email);
  }

  /**
   * Changing the email address: the new one, proved by its code, so verified now. Throws the
   * database's unique violation when another account took it meanwhile.
   */
  setEmail(trx: Executor, customerId: string, email: string, at: Date): Promise<void> {
    return authRepository.setEmail(trx, customerId, email, at);
  }

  /** MFA: the method the next sign-ins ask for. */
  setMfaMethod(trx: Executor, customerId: string, method: MfaMethodColumn, at: Date): Promise<void> {
    return authRepository.setMfaMethod(trx, customerId, method, at);
  }

  /** Passwords: the new hash and when it changed. */
  setPassword(trx: Executor, customerId: string, passwordHash: string, at: Date): Promise<void> {
    return authRepository.setPassword(trx, customerId, passwordHash, at);
  }

  /** Onboarding: the account's mobile number (E.164) and its country. */
  setMobileNumber(trx: Executor, customerId: string, e164: string, countryId: number, at: Date): Promise<void> {
    return authRepository.setMobileNumber(trx, customerId, e164, countryId, at);
  }

  async signUp(input: SignUpRequest, client: ClientInfo): Promise<AuthResult> {
    const { db, uow, now, sessions, codes } = this.deps;
    const email = input.email.trim().toLowerCase();
    const { password, confirm_password: confirm } = input;
    const bag = new FieldErrorBag();

    let attempt: SignUpAttempt | undefined;
    const emailError = emailFormatError(email);
    if (emailError) bag.add('email', emailError);
    else {
      // Reserved before the lookup: the "already taken" answer is limited like a failure.
      // A busy address or browser is asked for a proof of work first (428), whatever the email.
      const deviceIds = this.deps.security.devices.presentedDeviceIds(client.deviceCookie);
      const subject = { ip: client.ip ?? 'unknown', email, deviceIds, proof: input.proof_of_work };
      attempt = await this.deps.signUpThrottle.begin(subject, client.locale);
      if (await authRepository.emailExists(db, email)) bag.add('email', EMAIL_TAKEN);
    }

    if (password === '') bag.add('password', 'The password field is required.');
    else for (const m of passwordPolicyErrors(this.policy, password)) bag.add('password', m);

    if (confirm === '') bag.add('confirm_password', 'The confirm password field is required.');
    else if (confirm !== password) bag.add('confirm_password', 'The confirm password field must match password.');

    if (bag.has()) {
      if (bag.errors.email?.includes(EMAIL_TAKEN)) await this.emailTaken(email, attempt, client);
      else await attempt?.refund(); // a form mistake: nothing created, nothing revealed
      bag.throwIfAny();
    }

    const passwordHash = await hashPassword(password, this.deps.config.passwordHashing);
    const customerId = newId();
    let crn = newCrn();
    if (await this.deps.customers.crnExists(crn)) crn = newCrn();

    let created: { token: string; code: string };
    try {
      created = await uow.run(async (trx, after) => {
        await this.insertCustomerWithAccount(trx, { customerId, crn, email, passwordHash, at: now() });
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
      if (isUniqueViolation(e)) {
        await this.emailTaken(email, attempt, client);
        throw AppError.validation({ email: [EMAIL_TAKEN] });
      }
      await attempt?.refund();
      throw e;
    }
    const { mail, resend, devices } = this.deps.security;
    const deviceCookie = devices.issueDeviceCookie(customerId, client.deviceCookie);
    // a created account counts: it mailed a code to the given address; a new browser is recorded
    await attempt?.created(devices.deviceFor(deviceCookie, customerId));

    await this.sendMail(mail.templates.emailVerification(email, created.code, client.locale));
    await resend.startCooldown('email_verification', customerId);
    await devices.remember(customerId, client);
    return {
      customer: await this.customerForToken(created.token),
      token: created.token,
      deviceCookie,
    };
  }

  /**
   * Sign-up with an address that has an account: the attempt stays counted, and the owner hears of
   * it at most once a day, after the answer (docs/product/auth-and-sessions.md#sign-up).
   */
  private async emailTaken(email: string, attempt: SignUpAttempt | undefined, client: ClientInfo): Promise<void> {
    attempt?.fail();
    if (!attempt || !(await this.deps.signUpThrottle.shouldMailOwner(email))) return;
    const { mail } = this.deps.security;
    mail.background(() => mail.send(mail.templates.signUpAttempt(email, client.locale)));
  }

  async signIn(input: SignInRequest, client: ClientInfo): Promise<AuthResult> {
    const { db, throttle } = this.deps;
    const email = input.email.trim().toLowerCase();
    const password = input.password;
    const bag = new FieldErrorBag();
    if (email === '') bag.add('email', 'The email field is required.');
    if (password === '') bag.add('password', 'The password field is required.');
    bag.throwIfAny();

    const { devices } = this.deps.security;
    const account = email.length <= EMAIL_MAX_LENGTH ? await authRepository.findAccountByEmail(db, email) : undefined;
    // A browser that completed a sign-in to this account before has its own allowance.
    const device = account ? devices.deviceFor(client.deviceCookie, account.customer_id) : undefined;
    // Reserved before the password is checked: parallel guesses get exactly the limit checked.
    const attempt = await throttle.begin({ email, ip: client.ip ?? 'unknown', device }, client.locale);
    const tooLong = [...password].length > PASSWORD_MAX_LENGTH;
    let ok: boolean;
    try {
      // Unknown email: verify against a dummy hash so both answers take the same time.
      ok =
        account && !tooLong
          ? await verifyPassword(account.password_hash, password)
          : (await verifyPassword(await getDummyHash(this.deps.config.passwordHashing), password), false);
    } catch (e) {
      await attempt.refund();
      throw e;
    }
    if (!account || !ok) {
      attempt.failed();
      throw AppError.validation({ email: [BAD_CREDENTIALS] });
    }
    await attempt.succeeded();
    return this.startSignIn(account, client);
  }

  /**
   * Sign-in with a passkey (modules/passkeys, docs/product/auth-and-sessions.md#passkeys): the passkey
   * was verified and is both factors, so the session starts with MFA complete, exactly as a password
   * sign-in otherwise (rotation, new-device mail naming the passkey, device cookie).
   */
  async signInWithPasskey(customerId: string, passkey: UsedPasskey, client: ClientInfo): Promise<AuthResult> {
    const account = await authRepository.findAccountById(this.deps.db, customerId);
    if (!account) throw AppError.internal('Passkey without an account');
    return this.startSignIn(account, client, passkey);
  }

  /**
   * The session of a sign-in whose credentials were checked: with the password, MFA pending when the
   * account has a method (a mailed code is sent); with a passkey, MFA complete. Then the new-device
   * mail and, for a complete sign-in, the device cookie.
   */
  private async startSignIn(account: SignInAccount, client: ClientInfo, passkey?: UsedPasskey): Promise<AuthResult> {
    const { uow, sessions, codes } = this.deps;
    const { devices } = this.deps.security;
    const verified = account.email_verified_at !== null;
    const mfaMethod = verified ? account.mfa_method : null;
    const complete = passkey !== undefined;
    if (mfaMethod !== null && !complete) {
      await this.deps.mfaFailures.ensureNotLocked(account.customer_id, client.locale);
    }
    const { token, code } = await uow.run(async (trx, after) => {
      // the session the browser presented (if any) is replaced by the new one
      after.sessionEnded(client.previousToken);
      const started = await sessions.start(trx, {
        ...client,
        customerId: account.customer_id,
        mfaMethod,
        isMfaCompleted: complete,
        passkeyId: passkey?.id ?? null,
      });
      const mfaCode =
        mfaMethod === 'email' && !complete
          ? await codes.issue(trx, account.customer_id, 'mfa', started.session.id)
          : null;
      return { token: started.token, code: mfaCode };
    });
    const { mail, resend } = this.deps.security;
    if (code) {
      await this.sendMail(mail.templates.mfaCode(account.email, code, client.locale));
      await resend.startCooldown('mfa', account.customer_id);
    }
    await devices.onSignIn(account.customer_id, account.email, client, passkey?.name);
    return {
      customer: await this.customerForToken(token),
      token,
      // With MFA pending the browser becomes a known device only once MFA is passed (MfaService).
      deviceCookie:
        mfaMethod === null || complete
          ? devices.issueDeviceCookie(account.customer_id, client.deviceCookie)
          : undefined,
    };
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
