import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Durable jobs (docs/decisions/0008-durable-jobs.md, docs/product/system.md#durable-jobs): work that
// must happen later or again survives restarts in this table. Instances claim due jobs with
// `FOR UPDATE SKIP LOCKED` and a lease; a job whose lease ran out (its instance died) is claimed again.
// `unique_key` makes scheduling idempotent: one queued or running job per key.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('unique_key', 'varchar(200)')
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('jobs_due_idx')
    .on('jobs')
    .columns(['run_at'])
    .where(sql.ref('status'), 'in', sql`('queued', 'running')`)
    .execute();
  await db.schema
    .createIndex('jobs_unique_key_open')
    .on('jobs')
    .column('unique_key')
    .unique()
    .where(sql<boolean>`unique_key is not null and status in ('queued', 'running')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').ifExists().execute();
}
