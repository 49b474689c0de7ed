import type { Executor } from '../../db/types.ts';

/** SQL of the known devices: one row per (customer, browser+OS fingerprint). */
export const knownDevicesRepository = {
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
