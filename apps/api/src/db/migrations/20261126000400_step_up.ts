import type { Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// One step-up for every sensitive action (docs/product/auth-and-sessions.md#step-up): the session's
// `last_authenticated_at` is the recent-authentication mark; `step_up_scope` names the action the last
// step-up was made for, when it was made for one (the first large transfer to a new recipient).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('step_up_scope', 'varchar(200)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('step_up_scope').execute();
}
