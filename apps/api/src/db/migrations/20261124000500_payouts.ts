import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Payouts (docs/product/money-movement.md#payout, docs/product/payments.md#payout-partner): one row
// per attempt to deliver a paid transfer through the payout partner, with the recipient as sent
// (`recipient`), the amount in the recipient's currency and the pending ledger entries it settles.
// At most one open (`processing`) payout per transaction (partial unique index). `sandbox_payouts`
// is the embedded sandbox partner's own state (SandboxPayoutStore), so several instances and a
// restart see the same payouts; its `payout_id` is unique (the partner's idempotency key).
// `tracking_links` keeps one shareable tracking link per transfer, by the SHA-256 of its token.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('transaction_id', 'uuid', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('partner', 'varchar(32)', (c) => c.notNull())
    .addColumn('partner_reference', 'varchar(200)')
    .addColumn('recipient_id', 'uuid')
    .addColumn('recipient', 'jsonb', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('source_amount', 'bigint', (c) => c.notNull().check(sql`source_amount > 0`))
    .addColumn('source_currency', 'char(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('processing', 'completed', 'returned')`),
    )
    .addColumn('return_reason', 'text')
    .addColumn('pending_entry_ids', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index payouts_one_open_idx on payouts (transaction_id) where status = 'processing'`.execute(
    db,
  );
  await sql`create unique index payouts_partner_idx on payouts (partner, partner_reference) where partner_reference is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('payouts_transaction_idx')
    .on('payouts')
    .columns(['transaction_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sandbox_payouts')
    .addColumn('partner_reference', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('payout_id', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('transaction_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('recipient', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('return_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tracking_links')
    .addColumn('transaction_id', 'uuid', (c) => c.primaryKey().references('transactions.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tracking_links').ifExists().execute();
  await db.schema.dropTable('sandbox_payouts').ifExists().execute();
  await db.schema.dropTable('payouts').ifExists().execute();
}
