import { PASSWORD_MAX_LENGTH } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import type { FailureThrottle } from '../../lib/throttle/index.ts';
import { passwordsRepository, type AccountSecurityRow } from './passwords.repository.ts';

export const WRONG_PASSWORD = 'The provided password is incorrect.';

export interface PasswordConfirmationDeps {
  db: Kysely<Database>;
  /** Wrong answers per customer (429 after five within 15 minutes). */
  throttle: FailureThrottle;
}

/**
 * Password re-entry for sensitive changes (docs/product/auth-and-sessions.md#password-again-after-10-minutes):
 * verified with argon2, wrong answers throttled per customer.
 */
export class PasswordConfirmation {
  constructor(private readonly deps: PasswordConfirmationDeps) {}

  /** Returns the account on success; 422 on `field` otherwise. */
  async confirm(customerId: string, password: string, field = 'password'): Promise<AccountSecurityRow> {
    const { db, throttle } = this.deps;
    if (password === '') throw AppError.validation({ [field]: [`The ${field.replace(/_/g, ' ')} field is required.`] });
    await throttle.check(customerId);
    const account = await passwordsRepository.findAccount(db, customerId);
    if (!account) throw AppError.unauthenticated();
    const ok = [...password].length <= PASSWORD_MAX_LENGTH && (await verifyPassword(account.password_hash, password));
    if (!ok) {
      await throttle.fail(customerId);
      throw AppError.validation({ [field]: [WRONG_PASSWORD] });
    }
    await throttle.succeed(customerId);
    return account;
  }
}
