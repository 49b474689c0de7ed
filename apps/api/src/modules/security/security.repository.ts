import type { MfaMethodColumn } from '../../db/types.ts';
import type { Executor } from '../../db/types.ts';

export interface AccountSecurityRow {
  customer_id: string;
  email: string;
  password_hash: string;
  email_verified_at: Date | null;
  mfa_method: MfaMethodColumn;
}

/** SQL of the security module: accounts' security columns, TOTP, recovery codes, reset tokens, known devices. */
export const securityRepository = {
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

  async markEmailVerified(db: Executor, customerId: string, at: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ email_verified_at: at, updated_at: at })
      .where('customer_id', '=', customerId)
      .where('email_verified_at', 'is', null)
      .execute();
  },

  async setPassword(db: Executor, customerId: string, passwordHash: string, at: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ password_hash: passwordHash, password_changed_at: at, updated_at: at })
      .where('customer_id', '=', customerId)
      .execute();
  },

  async setMfaMethod(db: Executor, customerId: string, method: MfaMethodColumn, at: Date): Promise<void> {
    await db.updateTable('accounts').set({ mfa_method: method, updated_at: at }).where('customer_id', '=', customerId).execute();
  },

  // --- authenticator app ---

  findTotp(db: Executor, customerId: string) {
    return db.selectFrom('mfa_totp').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  },

  async savePendingTotp(db: Executor, customerId: string, sealedSecret: string, at: Date): Promise<void> {
    await db
      .insertInto('mfa_totp')
      .values({
        customer_id: customerId,
        secret_enc: null,
        pending_secret_enc: sealedSecret,
        pending_created_at: at,
        enabled_at: null,
        last_used_step: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet({ pending_secret_enc: sealedSecret, pending_created_at: at, updated_at: at }))
      .execute();
  },

  async activateTotp(db: Executor, customerId: string, sealedSecret: string, step: number, at: Date): Promise<void> {
    await db
      .updateTable('mfa_totp')
      .set({ secret_enc: sealedSecret, pending_secret_enc: null, pending_created_at: null, enabled_at: at, last_used_step: step, updated_at: at })
      .where('customer_id', '=', customerId)
      .execute();
  },

  /** Record an accepted step; false when another request already used this step or a later one. */
  async useTotpStep(db: Executor, customerId: string, step: number, at: Date): Promise<boolean> {
    const res = await db
      .updateTable('mfa_totp')
      .set({ last_used_step: step, updated_at: at })
      .where('customer_id', '=', customerId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async deleteTotp(db: Executor, customerId: string): Promise<void> {
    await db.deleteFrom('mfa_totp').where('customer_id', '=', customerId).execute();
  },

  // --- recovery codes ---

  async replaceRecoveryCodes(db: Executor, customerId: string, rows: { id: string; code_hash: string }[], at: Date): Promise<void> {
    await db.deleteFrom('mfa_recovery_codes').where('customer_id', '=', customerId).execute();
    if (rows.length) {
      await db
        .insertInto('mfa_recovery_codes')
        .values(rows.map((r) => ({ ...r, customer_id: customerId, used_at: null, created_at: at })))
        .execute();
    }
  },

  async deleteRecoveryCodes(db: Executor, customerId: string): Promise<void> {
    await db.deleteFrom('mfa_recovery_codes').where('customer_id', '=', customerId).execute();
  },

  /** Mark an unused code used; false when it does not exist or was used already. */
  async useRecoveryCode(db: Executor, customerId: string, codeHash: string, at: Date): Promise<boolean> {
    const res = await db
      .updateTable('mfa_recovery_codes')
      .set({ used_at: at })
      .where('customer_id', '=', customerId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async countUnusedRecoveryCodes(db: Executor, customerId: string): Promise<number> {
    const row = await db
      .selectFrom('mfa_recovery_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  // --- password reset tokens ---

  async insertResetToken(db: Executor, row: { id: string; customer_id: string; token_hash: string; expires_at: Date; created_at: Date }): Promise<void> {
    // A new link replaces the open ones.
    await db
      .updateTable('password_reset_tokens')
      .set({ used_at: row.created_at })
      .where('customer_id', '=', row.customer_id)
      .where('used_at', 'is', null)
      .execute();
    await db.insertInto('password_reset_tokens').values({ ...row, used_at: null }).execute();
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

  // --- known devices ---

  async countKnownDevices(db: Executor, customerId: string): Promise<number> {
    const row = await db
      .selectFrom('known_devices')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Upsert; true when the device was not known before. */
  async rememberDevice(db: Executor, customerId: string, fingerprint: string, at: Date): Promise<boolean> {
    const known = await db
      .selectFrom('known_devices')
      .select('first_seen_at')
      .where('customer_id', '=', customerId)
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirst();
    await db
      .insertInto('known_devices')
      .values({ customer_id: customerId, fingerprint, first_seen_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(['customer_id', 'fingerprint']).doUpdateSet({ last_seen_at: at }))
      .execute();
    return !known;
  },
};
