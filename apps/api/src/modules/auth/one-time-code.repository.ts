import type { Insertable } from 'kysely';
import type { OneTimeCodePurpose, OneTimeCodesTable } from '../../db/types.ts';
import type { Executor } from '../../db/types.ts';

export const oneTimeCodeRepository = {
  async insert(db: Executor, row: Insertable<OneTimeCodesTable>): Promise<void> {
    await db.insertInto('one_time_codes').values(row).execute();
  },

  /** Invalidate every open code of this purpose for the customer (a new one replaces them). */
  async consumeOpen(db: Executor, customerId: string, purpose: OneTimeCodePurpose, at: Date): Promise<void> {
    await db
      .updateTable('one_time_codes')
      .set({ consumed_at: at })
      .where('customer_id', '=', customerId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
  },

  findLatestOpen(db: Executor, customerId: string, purpose: OneTimeCodePurpose) {
    return db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /**
   * Reserve one try of an open code before it is compared: counts it only while fewer than `max`
   * are counted, in one statement, so parallel guesses get exactly `max` comparisons. False when the
   * code is used up (or consumed meanwhile).
   */
  async reserveAttempt(db: Executor, id: string, max: number): Promise<boolean> {
    const res = await db
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', max)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async consume(db: Executor, id: string, at: Date): Promise<boolean> {
    const res = await db
      .updateTable('one_time_codes')
      .set({ consumed_at: at })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
};
