import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Changing the email address (docs/product/auth-and-sessions.md#changing-the-email-address): the
// address a customer asked to move to, waiting for the six-digit code mailed to it (a one-time code
// of the new purpose `email_change`). At most one per customer (the latest request replaces it),
// bound to the session that asked. Customer-owned (cascade from the customer and the session).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('customer_id', 'uuid', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('email_changes_email_lowercase', sql`new_email = lower(new_email)`)
    .execute();
  await sql`alter table one_time_codes drop constraint one_time_codes_purpose_check`.execute(db);
  await sql`alter table one_time_codes add constraint one_time_codes_purpose_check
    check (purpose in ('email_verification', 'mfa', 'password_reset', 'email_change'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('one_time_codes').where('purpose', '=', 'email_change').execute();
  await sql`alter table one_time_codes drop constraint one_time_codes_purpose_check`.execute(db);
  await sql`alter table one_time_codes add constraint one_time_codes_purpose_check
    check (purpose in ('email_verification', 'mfa', 'password_reset'))`.execute(db);
  await db.schema.dropTable('email_changes').execute();
}
