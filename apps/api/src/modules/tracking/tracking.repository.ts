import type { Executor } from '../../db/types.ts';

/** SQL of the tracking links (this module owns `tracking_links`); the transfer is read through TransfersService. */
export const trackingRepository = {
  /** The transfer's one link: a new token hash replaces the old one. */
  async save(db: Executor, transactionId: string, tokenHash: string, at: Date): Promise<void> {
    await db
      .insertInto('tracking_links')
      .values({ transaction_id: transactionId, token_hash: tokenHash, created_at: at })
      .onConflict((oc) =>
        oc.column('transaction_id').doUpdateSet({
          token_hash: (eb) => eb.ref('excluded.token_hash'),
          created_at: (eb) => eb.ref('excluded.created_at'),
        }),
      )
      .execute();
  },

  async delete(db: Executor, transactionId: string): Promise<void> {
    await db.deleteFrom('tracking_links').where('transaction_id', '=', transactionId).execute();
  },

  /** The transfer a token's hash links to; undefined for an unknown or revoked token. */
  async transactionIdByTokenHash(db: Executor, tokenHash: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('tracking_links')
      .select('transaction_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row?.transaction_id;
  },
};
