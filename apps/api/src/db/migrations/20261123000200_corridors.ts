import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Corridors and rates (docs/product/money-movement.md#corridors): the payout methods of each
// destination country and currency, one corridor per send currency and payout method (limits, fees,
// margin), the pay-in fees per send currency (reference data, seeded from src/db/seeds/corridors.ts),
// and the mid-market rates, EUR-based like the ECB's, each with its date and source (every refresh
// appends; nothing is overwritten but a repeat of the same source and date).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('corridor_payout_methods')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('country', 'char(2)', (c) => c.notNull().references('countries.iso2_alpha'))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) =>
      c.notNull().check(sql`method in ('bank_account', 'mobile_wallet', 'cash_pickup')`),
    )
    // Minor units of `currency`: what one payout by this method may carry.
    .addColumn('min_amount', 'bigint', (c) => c.notNull().check(sql`min_amount > 0`))
    .addColumn('max_amount', 'bigint', (c) => c.notNull().check(sql`max_amount > min_amount`))
    .addColumn('delivery_estimate', 'varchar(100)', (c) => c.notNull())
    .addColumn('delivery_min_hours', 'integer', (c) => c.notNull().check(sql`delivery_min_hours >= 0`))
    .addColumn('delivery_max_hours', 'integer', (c) => c.notNull().check(sql`delivery_max_hours >= delivery_min_hours`))
    // [{ code, name }]: wallet operators or cash-pickup networks.
    .addColumn('providers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('corridor_payout_methods_key', ['country', 'currency', 'method'])
    .execute();

  await db.schema
    .createTable('corridors')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('send_currency', 'char(3)', (c) => c.notNull())
    .addColumn('payout_method_id', 'integer', (c) =>
      c.notNull().references('corridor_payout_methods.id').onDelete('cascade'),
    )
    // Minor units of `send_currency`.
    .addColumn('min_amount', 'bigint', (c) => c.notNull().check(sql`min_amount > 0`))
    .addColumn('max_amount', 'bigint', (c) => c.notNull().check(sql`max_amount > min_amount`))
    .addColumn('fee_fixed', 'bigint', (c) => c.notNull().check(sql`fee_fixed >= 0`))
    .addColumn('fee_bps', 'integer', (c) => c.notNull().check(sql`fee_bps between 0 and 10000`))
    .addColumn('partner_fee', 'bigint', (c) => c.notNull().check(sql`partner_fee >= 0`))
    .addColumn('margin_bps', 'integer', (c) => c.notNull().check(sql`margin_bps between 0 and 10000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('corridors_key', ['send_currency', 'payout_method_id'])
    .execute();
  await db.schema.createIndex('corridors_payout_method_idx').on('corridors').columns(['payout_method_id']).execute();

  await db.schema
    .createTable('pay_in_fees')
    .addColumn('send_currency', 'char(3)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull().check(sql`method in ('bank_transfer', 'card')`))
    .addColumn('fee_fixed', 'bigint', (c) => c.notNull().check(sql`fee_fixed >= 0`))
    .addColumn('fee_bps', 'integer', (c) => c.notNull().check(sql`fee_bps between 0 and 10000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('pay_in_fees_pkey', ['send_currency', 'method'])
    .execute();

  await db.schema
    .createTable('fx_rates')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('base', 'char(3)', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    // Units of `currency` for one unit of `base`, exactly as the source gave it.
    .addColumn('rate', 'numeric', (c) => c.notNull().check(sql`rate > 0`))
    // When the source set the rate (the ECB: its reference date, 14:15 CET).
    .addColumn('as_of', 'timestamptz', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    // When we stored it: the latest stored rate of a currency is the one in use.
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('fx_rates_key', ['base', 'currency', 'source', 'as_of'])
    .execute();
  await db.schema
    .createIndex('fx_rates_latest_idx')
    .on('fx_rates')
    .columns(['base', 'currency', 'fetched_at desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fx_rates').ifExists().execute();
  await db.schema.dropTable('pay_in_fees').ifExists().execute();
  await db.schema.dropTable('corridors').ifExists().execute();
  await db.schema.dropTable('corridor_payout_methods').ifExists().execute();
}
