import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Payments (docs/product/money-movement.md#payment, docs/product/payments.md): one row per attempt
// to pay a transfer through the gateway, with what is due (`amount`, `currency`) so a notice for
// another amount is caught. At most one open (`pending`) payment per transaction (partial unique
// index): concurrent starts make one. `webhook_events` is the inbox (docs/product/money-movement.md#webhooks):
// each provider's event id once, stored in the transaction that applies it. `sandbox_gateway_payments`
// is the embedded sandbox gateway's own state (SandboxGatewayStore), so several instances and a
// restart see the same payments. `transactions.locale` is the language the customer confirmed in:
// the transfer's mails are written in it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('transaction_id', 'uuid', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider_payment_id', 'varchar(200)')
    .addColumn('method', 'varchar(16)', (c) => c.notNull().check(sql`method in ('card', 'bank_transfer')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('failure_reason', 'varchar(64)')
    .addColumn('redirect_url', 'text')
    .addColumn('bank_details', 'jsonb')
    // Set once the money of a succeeded payment was sent back (a cancelled transfer).
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index payments_one_open_idx on payments (transaction_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create unique index payments_provider_idx on payments (provider, provider_payment_id) where provider_payment_id is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('payments_transaction_idx')
    .on('payments')
    .columns(['transaction_id', 'created_at'])
    .execute();
  // The reconciler: payments still pending after a while.
  await sql`create index payments_pending_idx on payments (created_at) where status = 'pending'`.execute(db);

  await db.schema
    .createTable('webhook_events')
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_id', 'uuid')
    .addColumn('outcome', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_events_pkey', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('sandbox_gateway_payments')
    .addColumn('provider_payment_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('payment_id', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('transaction_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('failure_reason', 'varchar(64)')
    .addColumn('page_token', 'varchar(100)', (c) => c.notNull())
    .addColumn('reference', 'varchar(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('transactions')
    .addColumn('locale', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('locale').execute();
  await db.schema.dropTable('sandbox_gateway_payments').ifExists().execute();
  await db.schema.dropTable('webhook_events').ifExists().execute();
  await db.schema.dropTable('payments').ifExists().execute();
}
