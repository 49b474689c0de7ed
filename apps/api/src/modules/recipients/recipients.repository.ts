import type { Insertable, Selectable } from 'kysely';
import type { Executor, RecipientsTable } from '../../db/types.ts';

export type RecipientRow = Selectable<RecipientsTable>;
export type NewRecipientRow = Insertable<RecipientsTable>;

/** What an insert or an edit writes (the details as JSON text). */
export interface RecipientValues {
  name: string;
  name_search: string;
  country: string;
  currency: string;
  payout_method: RecipientRow['payout_method'];
  details: string;
  summary: string;
  fingerprint: string;
}

/** Every statement is scoped by the customer id of the asking session; "live" means not deleted. */
export const recipientsRepository = {
  async insert(db: Executor, row: NewRecipientRow): Promise<RecipientRow> {
    return db.insertInto('recipients').values(row).returningAll().executeTakeFirstOrThrow();
  },

  async find(
    db: Executor,
    customerId: string,
    id: string,
    opts: { includeDeleted?: boolean; forUpdate?: boolean } = {},
  ): Promise<RecipientRow | undefined> {
    let q = db.selectFrom('recipients').selectAll().where('id', '=', id).where('customer_id', '=', customerId);
    if (!opts.includeDeleted) q = q.where('deleted_at', 'is', null);
    if (opts.forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** The live recipient with this fingerprint (another than `exceptId`), if any. */
  async findLiveByFingerprint(
    db: Executor,
    customerId: string,
    fingerprint: string,
    exceptId?: string,
  ): Promise<RecipientRow | undefined> {
    let q = db
      .selectFrom('recipients')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('fingerprint', '=', fingerprint)
      .where('deleted_at', 'is', null);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return q.executeTakeFirst();
  },

  /**
   * Live recipients by (name_search, id), after the cursor, `limit` of them; `contains` filters on
   * part of the searchable name (letters, digits and spaces only: no LIKE wildcard can come in).
   */
  async listLive(
    db: Executor,
    customerId: string,
    opts: { contains: string | null; after: readonly [nameSearch: string, id: string] | null; limit: number },
  ): Promise<RecipientRow[]> {
    let q = db
      .selectFrom('recipients')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null);
    if (opts.contains !== null) q = q.where('name_search', 'like', `%${opts.contains.replace(/[\\%_]/g, '\\$&')}%`);
    if (opts.after !== null) {
      const [name, id] = opts.after;
      q = q.where((eb) => eb(eb.refTuple('name_search', 'id'), '>', eb.tuple(name, id)));
    }
    return q.orderBy('name_search').orderBy('id').limit(opts.limit).execute();
  },

  async update(
    db: Executor,
    customerId: string,
    id: string,
    values: RecipientValues,
    at: Date,
  ): Promise<RecipientRow | undefined> {
    return db
      .updateTable('recipients')
      .set({ ...values, updated_at: at })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  },

  /** Marks a live recipient deleted; false when there is none with that id. */
  async softDelete(db: Executor, customerId: string, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .updateTable('recipients')
      .set({ deleted_at: at, updated_at: at })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  },
};
