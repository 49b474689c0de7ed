import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Holds solved in the app (docs/product/holds.md): a paid transfer may be held for information we
// need before its payout starts. At most one hold per transfer (unique `transaction_id`); `status`
// goes `open` to `cleared` (answered) or `expired` (cancelled and refunded at `deadline`), once.
// `needs` is what the customer is asked for (the wire's `needs`), `answers` and `document_ids` what
// they gave. Customer-owned (cascade from the transfer and the customer).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transfer_holds')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('transaction_id', 'uuid', (c) => c.notNull().unique().references('transactions.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('needs', 'jsonb', (c) => c.notNull())
    .addColumn('deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('open', 'cleared', 'expired')`))
    .addColumn('answers', 'jsonb')
    .addColumn('document_ids', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('transfer_holds_customer_idx').on('transfer_holds').column('customer_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transfer_holds').execute();
}
