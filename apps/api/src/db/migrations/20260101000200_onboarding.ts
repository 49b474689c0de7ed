import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.

export async function up(db: Kysely<any>): Promise<void> {
  // Attribute definitions (docs/product/entities.md#attribute), reference data seeded from src/db/seeds/attributes.
  // scope is a country's iso2 code, or 'default' for countries without their own set.
  await db.schema
    .createTable('attribute_definitions')
    .addColumn('scope', 'varchar(8)', (c) => c.notNull())
    .addColumn('attribute', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) =>
      c.notNull().check(sql`category in ('identity', 'address', 'employment')`),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('info_text', 'text')
    .addColumn('mask', 'varchar(100)')
    .addColumn('regular_expression', 'text')
    .addColumn('expression_error_message', 'text')
    .addColumn('is_required', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('attribute_definitions_pkey', ['scope', 'attribute'])
    .execute();

  // Minimal documents table: the account-verification issue extends it (files, pages, types...).
  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('document_category_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('document_type_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('status_code', 'varchar(16)', (c) =>
      c.notNull().check(sql`status_code in ('pending', 'in_review', 'approved', 'rejected', 'expired')`),
    )
    .addColumn('status_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('extracted_data', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('documents_customer_category_status_idx')
    .on('documents')
    .columns(['customer_id', 'document_category_code', 'status_code', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('documents').ifExists().execute();
  await db.schema.dropTable('attribute_definitions').ifExists().execute();
}
