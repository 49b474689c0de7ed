import { PASSWORD_CONFIRMATION_REQUIRED } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sessionRepository } from '../auth/session.repository.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { PasswordConfirmation } from './password-confirmation.ts';

/** PRODUCT.md: sensitive changes ask for the password again when the last authentication is older than this. */
export const RECENT_AUTHENTICATION_MS = 10 * 60_000;
export const PASSWORD_NEEDED = 'For your security, please enter your password to continue.';

/**
 * The "password again after 10 minutes" rule. Recent enough: nothing to do. Otherwise the request
 * must carry the password (403 `password_confirmation_required` without it, 422 when wrong, 429
 * after five wrong tries); once it is right the session counts as freshly authenticated, so the
 * next sensitive change in the next 10 minutes does not ask again.
 */
export class RecentAuthentication {
  constructor(
    private readonly deps: { db: Kysely<Database>; now: Clock; passwordConfirmation: PasswordConfirmation },
  ) {}

  async ensure(auth: AuthContext, password: string | undefined): Promise<void> {
    const now = this.deps.now();
    if (now.getTime() - auth.lastAuthenticatedAt.getTime() < RECENT_AUTHENTICATION_MS) return;
    if (password === undefined || password === '') {
      throw AppError.forbidden(PASSWORD_NEEDED, PASSWORD_CONFIRMATION_REQUIRED);
    }
    await this.deps.passwordConfirmation.confirm(auth.customerId, password);
    // A write to the session: the session plugin drops it from the cache after this request.
    await sessionRepository.markAuthenticated(this.deps.db, auth.session.id, now);
  }
}
