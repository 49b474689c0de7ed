import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('id', 'integer', (c) => c.primaryKey()) // ISO 3166-1 numeric, stable across environments
    .addColumn('iso2_alpha', 'char(2)', (c) => c.notNull().unique())
    .addColumn('iso3_alpha', 'char(3)', (c) => c.notNull().unique())
    .addColumn('iso_numeric', 'varchar(3)', (c) => c.notNull())
    .addColumn('fips_code', 'varchar(4)')
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('calling_code', 'varchar(16)')
    .addColumn('common_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('official_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('endonym', 'varchar(200)')
    .addColumn('demonym', 'varchar(100)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('crn', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)')
    .addColumn('second_name', 'varchar(200)')
    .addColumn('third_name', 'varchar(200)')
    .addColumn('unique_identity_number', 'varchar(100)')
    .addColumn('country_id', 'integer', (c) => c.references('countries.id'))
    .addColumn('nationality_id', 'integer', (c) => c.references('countries.id'))
    .addColumn('poi_name_check', 'boolean')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('customer_id', 'uuid', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('mobile_number', 'varchar(32)')
    .addColumn('mobile_number_country_id', 'integer', (c) => c.references('countries.id'))
    .addColumn('mfa_method', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('email')
        .check(sql`mfa_method in ('email', 'totp')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('accounts_email_lowercase', sql`email = lower(email)`)
    .execute();
  await db.schema.createIndex('accounts_email_unique').on('accounts').column('email').unique().execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().unique().references('customers.id').onDelete('cascade'))
    .addColumn('address_line_1', 'varchar(255)')
    .addColumn('address_line_2', 'varchar(255)')
    .addColumn('city', 'varchar(120)')
    .addColumn('postcode', 'varchar(32)')
    .addColumn('region', 'varchar(120)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customer_attributes')
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('attribute', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_attributes_pkey', ['customer_id', 'attribute'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull())
    .addColumn('public_token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('is_mfa_completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mfa_method', 'varchar(16)', (c) => c.check(sql`mfa_method in ('email', 'totp')`))
    .addColumn('client_version', 'varchar(100)')
    .addColumn('os_version', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('touched_at', 'timestamptz')
    .addColumn('last_authenticated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_token_hash_unique').on('sessions').column('token_hash').unique().execute();
  await db.schema
    .createIndex('sessions_customer_id_idx')
    .on('sessions')
    .columns(['customer_id', 'revoked_at'])
    .execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(32)', (c) =>
      c.notNull().check(sql`purpose in ('email_verification', 'mfa', 'password_reset')`),
    )
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('one_time_codes_customer_purpose_idx')
    .on('one_time_codes')
    .columns(['customer_id', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'varchar(998)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_created_at_idx').on('mail_outbox').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'mail_outbox',
    'one_time_codes',
    'sessions',
    'customer_attributes',
    'addresses',
    'accounts',
    'customers',
    'countries',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
