import { PASSWORD_MAX_LENGTH } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import type { Locale } from '../../lib/locale.ts';
import { guarded, type FailureThrottle } from '../../lib/throttle/index.ts';
import { passwordsRepository, type AccountSecurityRow } from './passwords.repository.ts';

export const WRONG_PASSWORD = 'The provided password is incorrect.';

export interface PasswordConfirmationDeps {
  db: Kysely<Database>;
  /** Wrong answers per customer (429 after five within 15 minutes). */
  throttle: FailureThrottle;
}

/**
 * Password re-entry for sensitive changes (docs/product/auth-and-sessions.md#step-up):
 * verified with argon2, wrong answers throttled per customer. The attempt is reserved before the
 * hash is checked, so parallel wrong answers get exactly the limit checked
 * (docs/product/auth-and-sessions.md#throttling).
 */
export class PasswordConfirmation {
  constructor(private readonly deps: PasswordConfirmationDeps) {}

  /** Returns the account on success; 422 on `field` otherwise. */
  async confirm(
    customerId: string,
    password: string,
    field = 'password',
    locale?: Locale,
  ): Promise<AccountSecurityRow> {
    const { db, throttle } = this.deps;
    if (password === '') throw AppError.validation({ [field]: [`The ${field.replace(/_/g, ' ')} field is required.`] });
    const account = await passwordsRepository.findAccount(db, customerId);
    if (!account) throw AppError.unauthenticated();
    const attempt = await throttle.attempt(customerId, locale);
    const ok = await guarded(
      attempt,
      async () =>
        [...password].length <= PASSWORD_MAX_LENGTH && (await verifyPassword(account.password_hash, password)),
    );
    if (!ok) throw AppError.validation({ [field]: [WRONG_PASSWORD] });
    return account;
  }
}
