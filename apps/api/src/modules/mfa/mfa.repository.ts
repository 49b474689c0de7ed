import type { MfaMethodColumn } from '../../db/types.ts';
import type { Executor } from '../../db/types.ts';

/** SQL of the MFA module: the authenticator app (TOTP), recovery codes, and a read of the account's MFA method. */
export const mfaRepository = {
  async findMethod(db: Executor, customerId: string): Promise<MfaMethodColumn | undefined> {
    const row = await db
      .selectFrom('accounts')
      .select('mfa_method')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return row?.mfa_method;
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
      .onConflict((oc) =>
        oc
          .column('customer_id')
          .doUpdateSet({ pending_secret_enc: sealedSecret, pending_created_at: at, updated_at: at }),
      )
      .execute();
  },

  async activateTotp(db: Executor, customerId: string, sealedSecret: string, step: number, at: Date): Promise<void> {
    await db
      .updateTable('mfa_totp')
      .set({
        secret_enc: sealedSecret,
        pending_secret_enc: null,
        pending_created_at: null,
        enabled_at: at,
        last_used_step: step,
        updated_at: at,
      })
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

  async replaceRecoveryCodes(
    db: Executor,
    customerId: string,
    rows: { id: string; code_hash: string }[],
    at: Date,
  ): Promise<void> {
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
};
