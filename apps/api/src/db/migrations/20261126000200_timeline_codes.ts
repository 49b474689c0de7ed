import type { Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Words on the web, codes on the wire (docs/product/money-movement.md#timeline-entries): a timeline
// entry keeps what it says as a code and its parameters, beside the English `note`. Entries written
// before have neither (the app shows their note).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('transaction_events')
    .addColumn('code', 'varchar(40)')
    .addColumn('params', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transaction_events').dropColumn('params').dropColumn('code').execute();
}
