import type {
  Passkey,
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyRequestOptions,
  RegisterPasskeyRequest,
} from '@remit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SecurityMailer } from '../../adapters/mail/security-mailer.ts';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { newId, UUID } from '../../lib/ids.ts';
import type { Locale } from '../../lib/locale.ts';
import type { Attempt, FailureThrottle } from '../../lib/throttle/index.ts';
import type { AuthResult, AuthService } from '../auth/auth.service.ts';
import { isMfaPending, type AuthContext } from '../auth/session.service.ts';
import type { MfaResult, MfaService } from '../mfa/mfa.service.ts';
import { passkeysRepository, type ChallengeBinding } from './passkeys.repository.ts';
import type { PasskeyRow, WebauthnPurpose } from './passkeys.tables.ts';
import { CHALLENGE_TTL_MS, counterWentBack, Webauthn } from './webauthn.ts';

/** The same answer for an unknown passkey, a bad signature or a stale challenge: nothing to learn. */
export const PASSKEY_NOT_ACCEPTED = 'This passkey could not be verified. Try again.';
export const PASSKEY_CLONED =
  'This passkey was refused: it may have been copied. Sign in another way and remove it from your passkeys.';
export const PASSKEY_EXISTS = 'This passkey is already registered.';
export const NO_PASSKEY = 'Your account has no passkey.';
const NOT_PENDING = 'Multi-factor authentication is not pending for this session.';
/** At most this many passkeys per customer. */
export const MAX_PASSKEYS = 20;
export const TOO_MANY_PASSKEYS = `You can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`;

/** The HttpOnly cookie binding a sign-in challenge to the browser that asked for it. */
export const LOGIN_COOKIE = 'remit_passkey_login';

export interface PasskeysServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  log: FastifyBaseLogger;
  /** The customer is told when a passkey is added or removed. */
  mail: SecurityMailer;
  /** APP_URL (the RP ID and origin), APP_KEY (the user handle), whether cookies are Secure. */
  config: { appUrl: string; appKey: string; secureCookies: boolean };
  /** Sign-in with a passkey starts the session exactly like a password sign-in, MFA complete. */
  accounts: Pick<AuthService, 'signInWithPasskey'>;
  /** A passkey as the second factor completes MFA the way a code does. */
  mfa: Pick<MfaService, 'completeWith'>;
  throttles: {
    /** Sign-in options per address, every call counted. */
    loginOptions: FailureThrottle;
    /** Failed sign-ins with a passkey per address (a success never counts). */
    login: FailureThrottle;
    /** Failed step-ups with a passkey per customer, like the other factors. */
    stepUp: FailureThrottle;
  };
}

type Check = { ok: true; passkey: PasskeyRow } | { ok: false; message: string };

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
  };
}

/**
 * Passkeys (docs/product/auth-and-sessions.md#passkeys): the customer's list, adding one (after a
 * step-up, on the routes), removing one, and the three ways a passkey is used: to sign in (both
 * factors), as the second factor after the password, and to step up.
 */
export class PasskeysService {
  readonly webauthn: Webauthn;

  constructor(private readonly deps: PasskeysServiceDeps) {
    this.webauthn = new Webauthn(deps.config.appUrl, deps.config.appKey);
  }

  /** The sign-in cookie's attributes (its path covers the sign-in call only). */
  get loginCookieOptions() {
    return {
      path: '/client/v1/login',
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: this.deps.config.secureCookies,
      maxAge: CHALLENGE_TTL_MS / 1000,
    };
  }

  async list(auth: AuthContext): Promise<PasskeyList> {
    const rows = await passkeysRepository.listForCustomer(this.deps.db, auth.customerId);
    return { data: rows.map(toPasskey) };
  }

  count(customerId: string): Promise<number> {
    return passkeysRepository.countForCustomer(this.deps.db, customerId);
  }

  /** The names of these passkeys of the customer (the devices list names the passkey a session used). */
  namesOf(customerId: string, ids: readonly string[]): Promise<Map<string, string>> {
    return passkeysRepository.namesOf(this.deps.db, customerId, ids);
  }

  /** Options for `navigator.credentials.create`: a discoverable credential with user verification. */
  async registrationOptions(auth: AuthContext): Promise<PasskeyCreationOptions> {
    const { db, now } = this.deps;
    const existing = await passkeysRepository.listForCustomer(db, auth.customerId);
    if (existing.length >= MAX_PASSKEYS) throw AppError.conflict(TOO_MANY_PASSKEYS);
    const options = await this.webauthn.creationOptions({ id: auth.customerId, email: auth.profile.email }, existing);
    const owner = { sessionId: auth.session.id, customerId: auth.customerId };
    await this.webauthn.saveChallenge(db, options.challenge, 'registration', owner, now());
    return options;
  }

  /** Verifies the attestation against this session's challenge and stores the passkey under its name. */
  async register(auth: AuthContext, body: RegisterPasskeyRequest, locale?: Locale): Promise<Passkey> {
    const { db, now, mail } = this.deps;
    const refused = () => AppError.validation({ credential: [PASSKEY_NOT_ACCEPTED] });
    const used = await this.webauthn.consumeChallenge(
      db,
      body.credential.response.clientDataJSON,
      'registration',
      { sessionId: auth.session.id },
      now(),
    );
    if (!used) throw refused();
    const info = await this.webauthn.verifyRegistration(body.credential, used.challenge);
    if (!info) throw refused();
    const { credential } = info;
    if (await passkeysRepository.findByCredentialId(db, credential.id)) throw AppError.conflict(PASSKEY_EXISTS);
    if ((await this.count(auth.customerId)) >= MAX_PASSKEYS) throw AppError.conflict(TOO_MANY_PASSKEYS);
    try {
      const row = await passkeysRepository.insert(db, {
        id: newId(),
        customerId: auth.customerId,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: (body.credential.response.transports as string[] | undefined)?.slice(0, 10) ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        aaguid: info.aaguid,
        userHandle: this.webauthn.userHandle(auth.customerId),
        name: body.name,
        at: now(),
      });
      mail.background(() => mail.send(mail.templates.passkeyChanged(auth.profile.email, row.name, true, locale)));
      return toPasskey(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict(PASSKEY_EXISTS);
      throw e;
    }
  }

  /** Removes one of the customer's passkeys; 404 for an unknown id or another customer's. */
  async remove(auth: AuthContext, id: string, locale?: Locale): Promise<void> {
    const { uow, mail } = this.deps;
    if (!UUID.test(id)) throw AppError.notFound();
    const name = await uow.run(async (trx) => {
      // The sessions signed in with it keep going; their passkey_id becomes null (ON DELETE SET NULL).
      const removed = await passkeysRepository.deleteForCustomer(trx, auth.customerId, id);
      if (!removed) throw AppError.notFound();
      return removed.name;
    });
    mail.background(() => mail.send(mail.templates.passkeyChanged(auth.profile.email, name, false, locale)));
  }

  /**
   * Sign-in options (discoverable: no credentials listed, no email asked), bound to this browser by
   * a fresh cookie value the route sets. Counted per address.
   */
  async loginOptions(client: ClientInfo): Promise<{ options: PasskeyRequestOptions; browserToken: string }> {
    const attempt = await this.deps.throttles.loginOptions.attempt(client.ip ?? 'unknown', client.locale);
    attempt.fail(); // every call counts
    const browserToken = randomToken(32);
    const options = await this.webauthn.requestOptions([]);
    await this.webauthn.saveChallenge(
      this.deps.db,
      options.challenge,
      'login',
      { browserBinding: sha256Hex(browserToken) },
      this.deps.now(),
    );
    return { options, browserToken };
  }

  /**
   * Sign-in with a passkey: the answer to this browser's challenge, from a known passkey, signed by
   * it with user verification and a counter that went up. Then a session like a password sign-in,
   * MFA complete. Every refusal says the same, whether the passkey is unknown or its signature bad.
   */
  async login(credential: PasskeyAssertion, client: ClientInfo, browserToken: string | undefined): Promise<AuthResult> {
    const attempt = await this.deps.throttles.login.attempt(client.ip ?? 'unknown', client.locale);
    const binding = { browserBinding: sha256Hex(browserToken ?? '') };
    const check = await this.settle(attempt, () =>
      browserToken ? this.checkAssertion(credential, 'login', binding) : Promise.resolve(refusal()),
    );
    if (!check.ok) throw AppError.validation({ credential: [check.message] });
    const { passkey } = check;
    return this.deps.accounts.signInWithPasskey(passkey.customer_id, { id: passkey.id, name: passkey.name }, client);
  }

  /** Options for the second factor with one of this customer's passkeys, bound to the pending session. */
  async mfaOptions(auth: AuthContext): Promise<PasskeyRequestOptions> {
    if (!isMfaPending(auth)) throw AppError.conflict(NOT_PENDING);
    return this.sessionOptions(auth, 'mfa', { credential: [NO_PASSKEY] });
  }

  /** The second factor with a passkey: completes MFA through the MFA service (same allowance, same rotation). */
  mfaComplete(auth: AuthContext, credential: PasskeyAssertion, client: ClientInfo): Promise<MfaResult> {
    return this.deps.mfa.completeWith(auth, client, async () => {
      const check = await this.checkAssertion(credential, 'mfa', { sessionId: auth.session.id }, auth.customerId);
      return check.ok
        ? { ok: true, passkeyId: check.passkey.id }
        : { ok: false, error: AppError.validation({ credential: [check.message] }), guessed: true };
    });
  }

  /** Step-up options: this customer's passkeys, the challenge bound to this session. */
  stepUpOptions(auth: AuthContext): Promise<PasskeyRequestOptions> {
    return this.sessionOptions(auth, 'step_up', { passkey: [NO_PASSKEY] });
  }

  /** A step-up with a passkey: 422 on `passkey` when not valid; wrong answers count per customer. */
  async verifyStepUp(
    auth: AuthContext,
    credential: PasskeyAssertion,
    locale?: Locale,
  ): Promise<{ passkeyId: string; name: string }> {
    const attempt = await this.deps.throttles.stepUp.attempt(auth.customerId, locale);
    const check = await this.settle(
      attempt,
      () => this.checkAssertion(credential, 'step_up', { sessionId: auth.session.id }, auth.customerId),
      'clear',
    );
    if (!check.ok) throw AppError.validation({ passkey: [check.message] });
    return { passkeyId: check.passkey.id, name: check.passkey.name };
  }

  private async sessionOptions(
    auth: AuthContext,
    purpose: WebauthnPurpose,
    none: Record<string, string[]>,
  ): Promise<PasskeyRequestOptions> {
    const { db, now } = this.deps;
    const passkeys = await passkeysRepository.listForCustomer(db, auth.customerId);
    if (passkeys.length === 0) throw AppError.validation(none);
    const options = await this.webauthn.requestOptions(passkeys);
    const owner = { sessionId: auth.session.id, customerId: auth.customerId };
    await this.webauthn.saveChallenge(db, options.challenge, purpose, owner, now());
    return options;
  }

  /** A failed check stays counted, a success gives the attempt back (or clears the subject's failures), a throw too. */
  private async settle(attempt: Attempt, run: () => Promise<Check>, onSuccess: 'refund' | 'clear' = 'refund') {
    let check: Check;
    try {
      check = await run();
    } catch (e) {
      await attempt.refund();
      throw e;
    }
    if (!check.ok) attempt.fail();
    else if (onSuccess === 'clear') await attempt.clear();
    else await attempt.refund();
    return check;
  }

  /**
   * One assertion checked: its challenge (issued for `purpose` to `binding`, unexpired, unused: used
   * up now), a known passkey (of `customerId` when given, and of the customer the challenge was
   * issued to), the user handle, the signature with user verification, then the counter. The use is
   * recorded (counter, last used) in one conditional update.
   */
  private async checkAssertion(
    credential: PasskeyAssertion,
    purpose: WebauthnPurpose,
    binding: ChallengeBinding,
    customerId?: string,
  ): Promise<Check> {
    const { db, now, log } = this.deps;
    const at = now();
    const used = await this.webauthn.consumeChallenge(db, credential.response.clientDataJSON, purpose, binding, at);
    if (!used) return refusal();
    const found = await passkeysRepository.findByCredentialId(db, credential.id);
    const handle = credential.response.userHandle;
    const usable =
      found !== undefined &&
      (customerId === undefined || found.customer_id === customerId) &&
      (used.customerId === null || found.customer_id === used.customerId) &&
      (handle === undefined || handle === '' || handle === found.user_handle);
    if (!usable) {
      // checked against a key no one has: an unknown passkey takes as long as a bad signature
      await this.webauthn.verifyAssertion(credential, used.challenge, this.webauthn.decoy);
      return refusal();
    }
    const passkey = found;
    const verified = await this.webauthn.verifyAssertion(credential, used.challenge, passkey);
    if (!verified) return refusal();
    const stored = Number(passkey.counter);
    if (
      counterWentBack(stored, verified.counter) ||
      !(await passkeysRepository.recordUse(db, passkey.id, verified.counter, at))
    ) {
      log.warn(
        { customerId: passkey.customer_id, passkeyId: passkey.id, purpose, stored, presented: verified.counter },
        'passkey refused: its signature counter did not increase (cloned authenticator or replay)',
      );
      return { ok: false, message: PASSKEY_CLONED };
    }
    return { ok: true, passkey };
  }
}

function refusal(): Check {
  return { ok: false, message: PASSKEY_NOT_ACCEPTED };
}
