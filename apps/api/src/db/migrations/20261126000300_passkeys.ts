import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Passkeys (docs/product/auth-and-sessions.md#passkeys): the customer's WebAuthn credentials, the
// single-use challenges of every ceremony (in the database, so any api instance can check the answer
// to a challenge another one issued), and the passkey a session was signed in with.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    /** The credential id (base64url), as the authenticator names it: unique across every customer. */
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    /** COSE public key. */
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    /** The authenticator's signature counter at the last use (0 for authenticators that keep none). */
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    /** Transports the browser reported (`internal`, `hybrid`, `usb`, ...), a JSON array of strings. */
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    /** `singleDevice` or `multiDevice` (synced). */
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('backed_up', 'boolean', (c) => c.notNull())
    .addColumn('aaguid', 'varchar(36)')
    /** The WebAuthn user handle given at registration (base64url; opaque, never the email). */
    .addColumn('user_handle', 'varchar(128)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_customer_idx').on('passkeys').columns(['customer_id', 'created_at']).execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    /** sha256 (hex) of the challenge; the answer's clientDataJSON names the challenge, looked up by its hash. */
    .addColumn('challenge_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(16)', (c) =>
      c.notNull().check(sql`purpose in ('registration', 'login', 'mfa', 'step_up')`),
    )
    /** The session it was issued to (registration, mfa, step_up). */
    .addColumn('session_id', 'uuid', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.references('customers.id').onDelete('cascade'))
    /** Sign-in: sha256 (hex) of the short-lived HttpOnly cookie given with the options. */
    .addColumn('browser_binding', 'char(64)')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expires_idx')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();

  // The passkey a session was signed in with (devices list, new-device mail); null once it is removed.
  await db.schema
    .alterTable('sessions')
    .addColumn('passkey_id', 'uuid', (c) => c.references('passkeys.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('passkey_id').execute();
  await db.schema.dropTable('webauthn_challenges').ifExists().execute();
  await db.schema.dropTable('passkeys').ifExists().execute();
}
