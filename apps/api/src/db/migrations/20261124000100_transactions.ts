import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Transactions (docs/product/money-movement.md#transactions): a confirmed transfer, made from one
// quote (a quote makes at most one transaction: `quote_id` is unique) and one recipient, whose name,
// destination and masked summary are kept as they were (a later edit or delete does not change a
// past transfer). Amounts are bigint minor units, rates decimal text. `limits_amount` is the send
// amount in GBP minor units at the mid-market rate when confirmed: what counts against the 30-day
// limit (docs/product/money-movement.md#limits). `transaction_events` is the timeline.
// `idempotency_keys` holds the confirm requests by Idempotency-Key, per customer, for 24 hours
// (docs/product/money-movement.md#idempotency).

const STATUSES = [
  'awaiting_payment',
  'payment_processing',
  'paid',
  'processing',
  'completed',
  'cancelled',
  'payment_failed',
  'expired',
  'returned',
  'refunded',
];
const statusCheck = (column: string) => sql`${sql.ref(column)} in (${sql.join(STATUSES.map((s) => sql.lit(s)))})`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transactions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('quote_id', 'uuid', (c) => c.notNull().unique().references('quotes.id'))
    .addColumn('recipient_id', 'uuid', (c) => c.notNull().references('recipients.id'))
    // The recipient as confirmed.
    .addColumn('recipient_name', 'varchar(140)', (c) => c.notNull())
    .addColumn('recipient_country', 'char(2)', (c) => c.notNull())
    .addColumn('recipient_currency', 'char(3)', (c) => c.notNull())
    .addColumn('recipient_payout_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient_summary', 'varchar(200)', (c) => c.notNull())
    // What search reads: the name and the reference lower-cased, without accents or punctuation.
    .addColumn('recipient_name_search', 'varchar(280)', (c) => c.notNull())
    .addColumn('reference_search', 'varchar(280)', (c) => c.notNull())
    .addColumn('source_currency', 'char(3)', (c) => c.notNull())
    .addColumn('target_country', 'char(2)', (c) => c.notNull())
    .addColumn('target_currency', 'char(3)', (c) => c.notNull())
    .addColumn('payout_method', 'varchar(16)', (c) =>
      c.notNull().check(sql`payout_method in ('bank_account', 'mobile_wallet', 'cash_pickup')`),
    )
    .addColumn('source_amount', 'bigint', (c) => c.notNull())
    .addColumn('target_amount', 'bigint', (c) => c.notNull())
    .addColumn('fee_total', 'bigint', (c) => c.notNull())
    .addColumn('total_to_pay', 'bigint', (c) => c.notNull())
    .addColumn('limits_amount', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('mid_market_rate', 'text', (c) => c.notNull())
    .addColumn('fee_items', 'jsonb', (c) => c.notNull())
    .addColumn('pay_in_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(32)')
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('delivery_estimate', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull().check(statusCheck('status')))
    .addColumn('pay_by', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The list: a customer's transfers newest first (keyset pagination on created_at, id).
  await db.schema
    .createIndex('transactions_customer_created_idx')
    .on('transactions')
    .columns(['customer_id', 'created_at desc', 'id desc'])
    .execute();
  // A recipient's page lists the transfers to them.
  await db.schema
    .createIndex('transactions_recipient_idx')
    .on('transactions')
    .columns(['recipient_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('transaction_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'uuid', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
    .addColumn('status', 'varchar(32)', (c) => c.notNull().check(statusCheck('status')))
    .addColumn('note', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transaction_events_transaction_idx')
    .on('transaction_events')
    .columns(['transaction_id', 'at', 'id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_hash', 'char(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(8)', (c) => c.notNull().check(sql`state in ('running', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['customer_id', 'key'])
    .execute();
  // The sweep deletes expired keys.
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
  await db.schema.dropTable('transaction_events').ifExists().execute();
  await db.schema.dropTable('transactions').ifExists().execute();
}
