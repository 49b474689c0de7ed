import type { MfaMethodColumn } from '../../db/types.ts';
import type { Executor } from '../../db/types.ts';

export interface AccountSecurityRow {
  customer_id: string;
  email: string;
  password_hash: string;
  email_verified_at: Date | null;
  mfa_method: MfaMethodColumn;
}

/** SQL of the passwords module: reset tokens; it reads the account (auth writes it: AuthService.setPassword). */
export const passwordsRepository = {
  findAccount(db: Executor, customerId: string): Promise<AccountSecurityRow | undefined> {
    return db
      .selectFrom('accounts')
      .select(['customer_id', 'email', 'password_hash', 'email_verified_at', 'mfa_method'])
      .where('customer_id', '=', customerId)
      .executeTakeFirst() as Promise<AccountSecurityRow | undefined>;
  },

  findAccountByEmail(db: Executor, email: string): Promise<AccountSecurityRow | undefined> {
    return db
      .selectFrom('accounts')
      .select(['customer_id', 'email', 'password_hash', 'email_verified_at', 'mfa_method'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst() as Promise<AccountSecurityRow | undefined>;
  },

  // --- password reset tokens ---

  async insertResetToken(
    db: Executor,
    row: { id: string; customer_id: string; token_hash: string; expires_at: Date; created_at: Date },
  ): Promise<void> {
    // A new link replaces the open ones.
    await db
      .updateTable('password_reset_tokens')
      .set({ used_at: row.created_at })
      .where('customer_id', '=', row.customer_id)
      .where('used_at', 'is', null)
      .execute();
    await db
      .insertInto('password_reset_tokens')
      .values({ ...row, used_at: null })
      .execute();
  },

  findResetToken(db: Executor, tokenHash: string) {
    return db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  },

  /** Single use: true only for the request that consumed it. */
  async consumeResetToken(db: Executor, id: string, at: Date): Promise<boolean> {
    const res = await db
      .updateTable('password_reset_tokens')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async consumeAllResetTokens(db: Executor, customerId: string, at: Date): Promise<void> {
    await db
      .updateTable('password_reset_tokens')
      .set({ used_at: at })
      .where('customer_id', '=', customerId)
      .where('used_at', 'is', null)
      .execute();
  },
};
