import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Rate alerts (docs/product/rate-alerts.md): a customer's target rate for a corridor, checked after
// each rates refresh. At most 10 per customer (checked by the api under a lock on the customer).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('source_currency', 'char(3)', (c) => c.notNull())
    .addColumn('target_country', 'char(2)', (c) => c.notNull())
    .addColumn('target_currency', 'char(3)', (c) => c.notNull())
    .addColumn('target_rate', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('active', 'paused', 'triggered')`))
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('triggered_at', 'timestamptz')
    .addColumn('triggered_rate', 'varchar(32)')
    .execute();
  // The list (a customer's alerts, newest first) and the count of the limit.
  await db.schema
    .createIndex('rate_alerts_customer_idx')
    .on('rate_alerts')
    .columns(['customer_id', 'created_at'])
    .execute();
  // The check after a refresh: the active alerts, by corridor.
  await db.schema
    .createIndex('rate_alerts_active_idx')
    .on('rate_alerts')
    .columns(['source_currency', 'target_country', 'target_currency'])
    .where(sql.ref('status'), '=', 'active')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_alerts').ifExists().execute();
}
