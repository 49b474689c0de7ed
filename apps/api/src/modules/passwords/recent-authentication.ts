import { PASSWORD_CONFIRMATION_REQUIRED } from '@remit/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Locale } from '../../lib/locale.ts';
import type { AuthContext, SessionService } from '../auth/session.service.ts';
import type { PasswordConfirmation } from './password-confirmation.ts';

/**
 * Sensitive changes ask for the password again when the last authentication is older than this
 * (docs/product/auth-and-sessions.md#password-again-after-10-minutes).
 */
export const RECENT_AUTHENTICATION_MS = 10 * 60_000;
export const PASSWORD_NEEDED = 'For your security, please enter your password to continue.';

export interface RecentAuthenticationDeps {
  uow: UnitOfWork;
  now: Clock;
  sessions: Pick<SessionService, 'markAuthenticated'>;
  passwordConfirmation: PasswordConfirmation;
}

/**
 * The "password again after 10 minutes" rule. Recent enough: nothing to do. Otherwise the request
 * must carry the password (403 `password_confirmation_required` without it, 422 when wrong, 429
 * after five wrong tries); once it is right the session counts as freshly authenticated, so the
 * next sensitive change in the next 10 minutes does not ask again.
 */
export class RecentAuthentication {
  constructor(private readonly deps: RecentAuthenticationDeps) {}

  async ensure(auth: AuthContext, password: string | undefined, locale?: Locale): Promise<void> {
    const now = this.deps.now();
    if (now.getTime() - auth.lastAuthenticatedAt.getTime() < RECENT_AUTHENTICATION_MS) return;
    if (password === undefined || password === '') {
      throw AppError.forbidden(PASSWORD_NEEDED, PASSWORD_CONFIRMATION_REQUIRED);
    }
    await this.deps.passwordConfirmation.confirm(auth.customerId, password, 'password', locale);
    // A write to the session: its cached copy (the customer's, there is no token here) goes after the commit.
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.sessions.markAuthenticated(trx, auth.session.id, now);
      after.customerChanged(auth.customerId);
    });
  }
}
