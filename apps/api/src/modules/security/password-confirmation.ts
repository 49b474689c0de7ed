import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import { PASSWORD_MAX_LENGTH } from '@remit/contract';
import type { FailureThrottle } from './throttles.ts';
import { securityRepository, type AccountSecurityRow } from './security.repository.ts';

export const WRONG_PASSWORD = 'The provided password is incorrect.';

/**
 * Password re-entry for sensitive changes: verified with argon2, wrong answers throttled per
 * customer (429 after five within 15 minutes).
 */
export class PasswordConfirmation {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly throttle: FailureThrottle,
  ) {}

  /** Returns the account on success; 422 on `field` otherwise. */
  async confirm(customerId: string, password: string, field = 'password'): Promise<AccountSecurityRow> {
    if (password === '') throw AppError.validation({ [field]: [`The ${field.replace(/_/g, ' ')} field is required.`] });
    await this.throttle.check(customerId);
    const account = await securityRepository.findAccount(this.db, customerId);
    if (!account) throw AppError.unauthenticated();
    const ok = [...password].length <= PASSWORD_MAX_LENGTH && (await verifyPassword(account.password_hash, password));
    if (!ok) {
      await this.throttle.fail(customerId);
      throw AppError.validation({ [field]: [WRONG_PASSWORD] });
    }
    await this.throttle.succeed(customerId);
    return account;
  }
}
