import {
  type PasskeyAssertion,
  type PasskeyRequestOptions,
  type StepUpFactor,
  type StepUpRequest,
  type StepUpResponse,
} from '@remit/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Locale } from '../../lib/locale.ts';
import type { AuthContext, SessionService } from '../auth/session.service.ts';
import type { PasswordConfirmation } from '../passwords/password-confirmation.ts';

export const STEP_UP_NEEDED = 'For your security, please confirm it is you to continue.';
export const NO_AUTHENTICATOR = 'Your account has no authenticator app.';
export const NO_PASSKEY = 'Your account has no passkey.';

/** The authenticator app, as the step-up needs it (MfaService). */
export interface StepUpAuthenticator {
  enabled(customerId: string): Promise<boolean>;
  /** Throws 422 on `otp` for a wrong or reused code, 429 after too many. */
  verify(customerId: string, otp: string, locale?: Locale): Promise<void>;
}

/** Passkeys, as the step-up needs them (PasskeysService). */
export interface StepUpPasskeys {
  count(customerId: string): Promise<number>;
  options(auth: AuthContext): Promise<PasskeyRequestOptions>;
  /** Throws 422 on `passkey` when the assertion is not valid. */
  verify(auth: AuthContext, credential: PasskeyAssertion, locale?: Locale): Promise<unknown>;
}

export interface StepUpDeps {
  uow: UnitOfWork;
  now: Clock;
  /** How long a step-up or a sign-in counts as recent. */
  windowMs: number;
  sessions: Pick<SessionService, 'markAuthenticated'>;
  passwordConfirmation: Pick<PasswordConfirmation, 'confirm'>;
  authenticator: StepUpAuthenticator;
  /** Set once the passkeys module is built (it needs the step-up itself). */
  passkeys?: StepUpPasskeys;
}

export interface EnsureOptions {
  locale?: Locale;
  /**
   * The action only counts a step-up made for it (named so); a recent step-up for something else is
   * not enough. Used for the first large transfer to a new recipient.
   */
  scope?: string;
}

/**
 * The one step-up of every sensitive action (docs/product/auth-and-sessions.md#step-up). A session is
 * recently authenticated for `windowMs` after its sign-in or its last step-up (`last_authenticated_at`);
 * an action that is not (or, with a scope, not for it) answers 403 `step_up_required` with the factors
 * this customer can use. `POST /client/v1/step-up` checks one factor and marks the session.
 */
export class StepUp {
  constructor(private readonly deps: StepUpDeps) {}

  /** Attach the passkeys module (built after this one: it asks for step-ups too). */
  usePasskeys(passkeys: StepUpPasskeys): void {
    this.deps.passkeys = passkeys;
  }

  isRecent(auth: Pick<AuthContext, 'lastAuthenticatedAt' | 'stepUpScope'>, scope?: string): boolean {
    const recent = this.deps.now().getTime() - auth.lastAuthenticatedAt.getTime() < this.deps.windowMs;
    return recent && (scope === undefined || auth.stepUpScope === scope);
  }

  /** Nothing when the session is recently authenticated (for `scope`); 403 step_up_required otherwise. */
  async ensure(auth: AuthContext, options: EnsureOptions = {}): Promise<void> {
    if (this.isRecent(auth, options.scope)) return;
    const factors = await this.factors(auth.customerId);
    throw AppError.stepUpRequired(STEP_UP_NEEDED, factors, options.scope);
  }

  /** The factors this customer can step up with: the password always, the app and passkeys when set up. */
  async factors(customerId: string): Promise<StepUpFactor[]> {
    const [app, passkeys] = await Promise.all([
      this.deps.authenticator.enabled(customerId),
      this.deps.passkeys ? this.deps.passkeys.count(customerId) : Promise.resolve(0),
    ]);
    return ['password', ...(app ? (['totp'] as const) : []), ...(passkeys > 0 ? (['passkey'] as const) : [])];
  }

  /** Options for a step-up with a passkey (challenge bound to this session). */
  async passkeyOptions(auth: AuthContext): Promise<PasskeyRequestOptions> {
    const passkeys = this.deps.passkeys;
    if (!passkeys || (await passkeys.count(auth.customerId)) === 0) {
      throw AppError.validation({ passkey: [NO_PASSKEY] });
    }
    return passkeys.options(auth);
  }

  /** POST /client/v1/step-up: one factor checked, then the session is marked (for `scope`, if given). */
  async stepUp(auth: AuthContext, body: StepUpRequest, locale?: Locale): Promise<StepUpResponse> {
    const { passwordConfirmation, authenticator, passkeys } = this.deps;
    let factor: StepUpFactor;
    if (body.password !== undefined) {
      factor = 'password';
      await passwordConfirmation.confirm(auth.customerId, body.password, 'password', locale);
    } else if (body.otp !== undefined) {
      factor = 'totp';
      if (!(await authenticator.enabled(auth.customerId))) throw AppError.validation({ otp: [NO_AUTHENTICATOR] });
      await authenticator.verify(auth.customerId, body.otp, locale);
    } else {
      factor = 'passkey';
      if (!passkeys || !body.passkey) throw AppError.validation({ passkey: [NO_PASSKEY] });
      await passkeys.verify(auth, body.passkey, locale);
    }
    const at = this.deps.now();
    // A write to the session: its cached copy (the customer's: there is no token here) goes after the commit.
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.sessions.markAuthenticated(trx, auth.session.id, at, body.scope ?? null);
      after.customerChanged(auth.customerId);
    });
    return { factor, expires_at: new Date(at.getTime() + this.deps.windowMs).toISOString() };
  }
}
