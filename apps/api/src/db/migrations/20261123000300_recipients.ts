import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Recipients (docs/product/money-movement.md#recipients): a customer's payees, their details keyed by
// the requirement keys. A deleted recipient keeps its row (deleted_at) for the transfers made to it.
// `fingerprint` tells the same recipient twice; it is unique among a customer's live recipients only.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recipients')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'varchar(140)', (c) => c.notNull())
    // The name lower-cased, without accents or punctuation: what search and the fingerprint read.
    .addColumn('name_search', 'varchar(280)', (c) => c.notNull())
    .addColumn('country', 'char(2)', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('payout_method', 'varchar(16)', (c) =>
      c.notNull().check(sql`payout_method in ('bank_account', 'mobile_wallet', 'cash_pickup')`),
    )
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('fingerprint', 'char(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  // One live recipient per fingerprint and customer ("You already have this recipient").
  await db.schema
    .createIndex('recipients_live_fingerprint_key')
    .unique()
    .on('recipients')
    .columns(['customer_id', 'fingerprint'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // The list and its search: a customer's live recipients by name (keyset pagination on name, id).
  await db.schema
    .createIndex('recipients_live_name_idx')
    .on('recipients')
    .columns(['customer_id', 'name_search', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // Deleting a customer cascades here; past transfers look deleted recipients up by id.
  await db.schema.createIndex('recipients_customer_idx').on('recipients').columns(['customer_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recipients').ifExists().execute();
}
