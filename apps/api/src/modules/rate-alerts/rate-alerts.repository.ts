import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor, RateAlertsTable } from '../../db/types.ts';

export type RateAlertRow = Selectable<RateAlertsTable>;

export interface Corridor {
  source_currency: string;
  target_country: string;
  target_currency: string;
}

/** Every customer statement is scoped by the customer id of the asking session. */
export const rateAlertsRepository = {
  async insert(db: Executor, row: Insertable<RateAlertsTable>): Promise<RateAlertRow> {
    return db.insertInto('rate_alerts').values(row).returningAll().executeTakeFirstOrThrow();
  },

  async list(db: Executor, customerId: string): Promise<RateAlertRow[]> {
    return db
      .selectFrom('rate_alerts')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  async count(db: Executor, customerId: string): Promise<number> {
    const row = await db
      .selectFrom('rate_alerts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Serialises the creates of one customer (the limit of 10 holds under concurrent requests). */
  async lockCustomer(db: Executor, customerId: string): Promise<void> {
    await db.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().executeTakeFirst();
  },

  async find(db: Executor, customerId: string, id: string, forUpdate = false): Promise<RateAlertRow | undefined> {
    let q = db.selectFrom('rate_alerts').selectAll().where('id', '=', id).where('customer_id', '=', customerId);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  async update(
    db: Executor,
    customerId: string,
    id: string,
    values: Updateable<RateAlertsTable>,
  ): Promise<RateAlertRow | undefined> {
    return db
      .updateTable('rate_alerts')
      .set(values)
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .returningAll()
      .executeTakeFirst();
  },

  async remove(db: Executor, customerId: string, id: string): Promise<boolean> {
    const res = await db
      .deleteFrom('rate_alerts')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },

  /** The corridors with at least one active alert. */
  async activeCorridors(db: Executor): Promise<Corridor[]> {
    return db
      .selectFrom('rate_alerts')
      .select(['source_currency', 'target_country', 'target_currency'])
      .where('status', '=', 'active')
      .distinct()
      .execute();
  },

  async activeOf(db: Executor, corridor: Corridor): Promise<RateAlertRow[]> {
    return db
      .selectFrom('rate_alerts')
      .selectAll()
      .where('status', '=', 'active')
      .where('source_currency', '=', corridor.source_currency)
      .where('target_country', '=', corridor.target_country)
      .where('target_currency', '=', corridor.target_currency)
      .execute();
  },

  /**
   * Fires an alert: only while it is still active with the target it was checked against (another
   * instance, or a pause or a new target meanwhile, leaves it as it is). Answers the row it changed.
   */
  async trigger(
    db: Executor,
    alert: Pick<RateAlertRow, 'id' | 'target_rate'>,
    at: Date,
    rate: string,
  ): Promise<RateAlertRow | undefined> {
    return db
      .updateTable('rate_alerts')
      .set({ status: 'triggered', triggered_at: at, triggered_rate: rate, updated_at: at })
      .where('id', '=', alert.id)
      .where('status', '=', 'active')
      .where('target_rate', '=', alert.target_rate)
      .returningAll()
      .executeTakeFirst();
  },
};
