import type { Executor } from '../../db/types.ts';

/** The `email_changes` table: the address a customer asked to move to, waiting for its code. */
export const emailChangeRepository = {
  /** Record the request, replacing any earlier one of the customer. */
  async save(db: Executor, row: { customer_id: string; session_id: string; new_email: string; created_at: Date }) {
    await db
      .insertInto('email_changes')
      .values(row)
      .onConflict((oc) =>
        oc.column('customer_id').doUpdateSet({
          session_id: row.session_id,
          new_email: row.new_email,
          created_at: row.created_at,
        }),
      )
      .execute();
  },

  find(db: Executor, customerId: string) {
    return db
      .selectFrom('email_changes')
      .select(['session_id', 'new_email', 'created_at'])
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
  },

  async remove(db: Executor, customerId: string): Promise<void> {
    await db.deleteFrom('email_changes').where('customer_id', '=', customerId).execute();
  },
};
