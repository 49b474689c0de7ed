import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Quotes (docs/product/money-movement.md#quotes): what a customer was quoted, priced on a rate locked
// for 30 minutes. Amounts are bigint minor units (never numeric or float), rates decimal text; the
// fee items, pay-in options, notices and changes are stored as answered (jsonb). A refreshed quote
// names the quote it refreshed; `used_at` is set by the transfer that uses it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('source_currency', 'char(3)', (c) => c.notNull())
    .addColumn('target_country', 'char(2)', (c) => c.notNull())
    .addColumn('target_currency', 'char(3)', (c) => c.notNull())
    .addColumn('payout_method', 'varchar(16)', (c) =>
      c.notNull().check(sql`payout_method in ('bank_account', 'mobile_wallet', 'cash_pickup')`),
    )
    // Which amount the customer gave, and that amount (in its own currency).
    .addColumn('quoted_by', 'varchar(16)', (c) =>
      c.notNull().check(sql`quoted_by in ('source_amount', 'target_amount')`),
    )
    .addColumn('requested_amount', 'bigint', (c) => c.notNull())
    .addColumn('source_amount', 'bigint', (c) => c.notNull())
    .addColumn('target_amount', 'bigint', (c) => c.notNull())
    .addColumn('fee_total', 'bigint', (c) => c.notNull())
    .addColumn('total_to_pay', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('mid_market_rate', 'text', (c) => c.notNull())
    .addColumn('rate_as_of', 'timestamptz', (c) => c.notNull())
    .addColumn('pay_in_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('fee_items', 'jsonb', (c) => c.notNull())
    .addColumn('pay_in_options', 'jsonb', (c) => c.notNull())
    .addColumn('notices', 'jsonb', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('delivery_estimate', 'varchar(100)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('refreshed_from', 'uuid', (c) => c.references('quotes.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quotes_customer_idx').on('quotes').columns(['customer_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quotes').ifExists().execute();
}
