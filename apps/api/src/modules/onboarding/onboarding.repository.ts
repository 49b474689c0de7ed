import type { Executor } from '../../db/types.ts';
import type { AddressColumns } from './attribute-rules.ts';

/** Every statement is scoped by the customer id of the session. */
export const onboardingRepository = {
  async setCountry(db: Executor, customerId: string, countryId: number, at: Date): Promise<void> {
    await db
      .updateTable('customers')
      .set({ country_id: countryId, updated_at: at })
      .where('id', '=', customerId)
      .execute();
  },

  async attributeValues(db: Executor, customerId: string): Promise<Record<string, string | null>> {
    const rows = await db
      .selectFrom('customer_attributes')
      .select(['attribute', 'value'])
      .where('customer_id', '=', customerId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.attribute, r.value]));
  },

  /** Drop the values of attributes that are not in `keep`. */
  async deleteAttributesExcept(db: Executor, customerId: string, keep: readonly string[]): Promise<void> {
    let q = db.deleteFrom('customer_attributes').where('customer_id', '=', customerId);
    if (keep.length) q = q.where('attribute', 'not in', keep);
    await q.execute();
  },

  async upsertAttributeValues(
    db: Executor,
    customerId: string,
    values: Record<string, string | null>,
    at: Date,
  ): Promise<void> {
    const rows = Object.entries(values).map(([attribute, value]) => ({
      customer_id: customerId,
      attribute,
      value,
      created_at: at,
      updated_at: at,
    }));
    if (!rows.length) return;
    await db
      .insertInto('customer_attributes')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'attribute'])
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: at })),
      )
      .execute();
  },

  async updateIdentity(
    db: Executor,
    customerId: string,
    cols: {
      name: string | null;
      second_name: string | null;
      third_name: string | null;
      unique_identity_number: string | null;
      nationality_id: number | null;
    },
    at: Date,
  ): Promise<void> {
    await db
      .updateTable('customers')
      .set({ ...cols, updated_at: at })
      .where('id', '=', customerId)
      .execute();
  },

  async setPoiNameCheck(db: Executor, customerId: string, value: boolean | null, at: Date): Promise<void> {
    await db
      .updateTable('customers')
      .set({ poi_name_check: value, updated_at: at })
      .where('id', '=', customerId)
      .execute();
  },

  /** Insert or update the customer's single address row; removes it when every column is empty. */
  async saveAddress(db: Executor, customerId: string, id: string, cols: AddressColumns, at: Date): Promise<void> {
    if (Object.values(cols).every((v) => v === null)) {
      await db.deleteFrom('addresses').where('customer_id', '=', customerId).execute();
      return;
    }
    await db
      .insertInto('addresses')
      .values({ id, customer_id: customerId, ...cols, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet({ ...cols, updated_at: at }))
      .execute();
  },

  async setMobileNumber(db: Executor, customerId: string, e164: string, countryId: number, at: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ mobile_number: e164, mobile_number_country_id: countryId, updated_at: at })
      .where('customer_id', '=', customerId)
      .execute();
    await db.updateTable('customers').set({ updated_at: at }).where('id', '=', customerId).execute();
  },
};
