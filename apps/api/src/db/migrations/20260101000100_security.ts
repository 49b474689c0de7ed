import type { Kysely } from 'kysely';

// Frozen once shipped: email verification, MFA (authenticator app, recovery codes), password reset,
// known devices (new-sign-in alerts).

export async function up(db: Kysely<any>): Promise<void> {
  // One row per customer that started or finished authenticator-app enrolment.
  await db.schema
    .createTable('mfa_totp')
    .addColumn('customer_id', 'uuid', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    /** AES-256-GCM (key derived from APP_KEY) of the active base32 secret; null until confirmed. */
    .addColumn('secret_enc', 'text')
    /** Secret of an enrolment in progress (set-up done, not yet confirmed). */
    .addColumn('pending_secret_enc', 'text')
    .addColumn('pending_created_at', 'timestamptz')
    .addColumn('enabled_at', 'timestamptz')
    /** The last accepted 30-second time step: a step is never accepted twice. */
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mfa_recovery_codes_customer_idx')
    .on('mfa_recovery_codes')
    .columns(['customer_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    /** sha256 (hex) of the token; the token itself is only in the mailed link. */
    .addColumn('token_hash', 'char(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_hash_unique')
    .on('password_reset_tokens')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_customer_idx')
    .on('password_reset_tokens')
    .column('customer_id')
    .execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    /** sha256 of "browser|os" (names without versions). */
    .addColumn('fingerprint', 'char(64)', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pkey', ['customer_id', 'fingerprint'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['known_devices', 'password_reset_tokens', 'mfa_recovery_codes', 'mfa_totp']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
