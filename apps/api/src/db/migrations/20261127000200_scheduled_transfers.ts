import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Scheduled transfers (docs/product/scheduled-transfers.md): a customer's schedules and one row per
// run date, unique per schedule and date, so a run creates at most one transfer whatever retries and
// instances do. Dates are `YYYY-MM-DD` text of the UTC calendar (compared as text).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('recipient_id', 'uuid', (c) => c.notNull().references('recipients.id').onDelete('cascade'))
    .addColumn('source_currency', 'char(3)', (c) => c.notNull())
    .addColumn('target_currency', 'char(3)', (c) => c.notNull())
    .addColumn('target_country', 'char(2)', (c) => c.notNull())
    .addColumn('payout_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_amount', 'bigint')
    .addColumn('target_amount', 'bigint')
    .addColumn('purpose', 'varchar(32)')
    .addColumn('reference', 'varchar(140)', (c) => c.notNull())
    .addColumn('frequency', 'varchar(8)', (c) => c.notNull().check(sql`frequency in ('once', 'weekly', 'monthly')`))
    .addColumn('day', 'smallint')
    .addColumn('next_run_on', 'char(10)')
    .addColumn('status', 'varchar(8)', (c) => c.notNull().check(sql`status in ('active', 'paused', 'ended')`))
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('last_run_on', 'char(10)')
    .addColumn('last_run_transaction_id', 'uuid')
    .addColumn('last_run_error_code', 'varchar(32)')
    .addColumn('last_run_error_text', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('scheduled_transfers_one_amount', sql`(source_amount is null) <> (target_amount is null)`)
    .execute();
  await db.schema
    .createIndex('scheduled_transfers_customer_idx')
    .on('scheduled_transfers')
    .columns(['customer_id', 'created_at'])
    .execute();
  // The periodic check: active schedules due on or before today.
  await db.schema
    .createIndex('scheduled_transfers_due_idx')
    .on('scheduled_transfers')
    .columns(['next_run_on'])
    .where(sql.ref('status'), '=', 'active')
    .execute();

  await db.schema
    .createTable('scheduled_transfer_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('schedule_id', 'uuid', (c) => c.notNull().references('scheduled_transfers.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull())
    .addColumn('run_on', 'char(10)', (c) => c.notNull())
    .addColumn('quote_id', 'uuid')
    .addColumn('transaction_id', 'uuid')
    .addColumn('error_code', 'varchar(32)')
    .addColumn('error_text', 'text')
    .addColumn('status', 'varchar(8)', (c) => c.notNull().check(sql`status in ('started', 'created', 'failed')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('scheduled_transfer_runs_once', ['schedule_id', 'run_on'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_transfer_runs').ifExists().execute();
  await db.schema.dropTable('scheduled_transfers').ifExists().execute();
}
