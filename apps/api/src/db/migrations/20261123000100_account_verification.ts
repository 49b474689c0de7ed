import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Account verification (docs/product/account-verification.md): document categories and types
// (reference data, seeded from src/db/seeds/documents.ts), the pages of each document, the upload
// targets of direct-to-storage uploads and the provider tokens (each usable once).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    // null: required in every country; otherwise the iso2 codes of the countries that require it.
    .addColumn('required_in', 'jsonb')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('document_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('document_categories.id'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('info', 'text')
    .addColumn('document_number_label', 'varchar(200)')
    .addColumn('public_upload', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('api', 'varchar(64)')
    .addColumn('min_pages', 'integer', (c) => c.notNull().check(sql`min_pages >= 1`))
    .addColumn('max_pages', 'integer', (c) => c.notNull().check(sql`max_pages >= min_pages and max_pages <= 10`))
    .addColumn('sides', 'jsonb')
    .addColumn('accepted_types', 'jsonb', (c) => c.notNull())
    .addColumn('max_page_bytes', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('document_types_category_code_key', ['category_id', 'code'])
    .execute();

  await db.schema
    .alterTable('documents')
    .addColumn('document_number', 'varchar(64)')
    .addColumn('status_reason_code', 'varchar(32)')
    .addColumn('status_reason', 'varchar(300)')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('source', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('api')
        .check(sql`source in ('api', 'direct', 'provider')`),
    )
    // The names the files had on the customer's device (the sandbox reviewer reads them).
    .addColumn('file_names', 'jsonb')
    .execute();
  await db.schema.createIndex('documents_status_idx').on('documents').columns(['status_code', 'created_at']).execute();

  await db.schema
    .createTable('document_pages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 1`))
    .addColumn('side', 'varchar(8)', (c) => c.check(sql`side in ('front', 'back')`))
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('document_pages_document_position_key', ['document_id', 'position'])
    .execute();

  await db.schema
    .createTable('upload_targets')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('document_category_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('document_type_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('max_bytes', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz')
    .addColumn('size', 'integer')
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_targets_customer_idx').on('upload_targets').columns(['customer_id']).execute();

  await db.schema
    .createTable('provider_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('session', 'liveness')`))
    .addColumn('api', 'varchar(64)', (c) => c.notNull())
    .addColumn('document_type_code', 'varchar(64)')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Deleting a customer cascades here: without it, every deletion scans the whole table.
  await db.schema.createIndex('provider_tokens_customer_idx').on('provider_tokens').columns(['customer_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_tokens').ifExists().execute();
  await db.schema.dropTable('upload_targets').ifExists().execute();
  await db.schema.dropTable('document_pages').ifExists().execute();
  await db.schema.dropIndex('documents_status_idx').ifExists().execute();
  for (const column of [
    'file_names',
    'source',
    'reviewed_at',
    'status_reason',
    'status_reason_code',
    'document_number',
  ]) {
    await db.schema.alterTable('documents').dropColumn(column).execute();
  }
  await db.schema.dropTable('document_types').ifExists().execute();
  await db.schema.dropTable('document_categories').ifExists().execute();
}
