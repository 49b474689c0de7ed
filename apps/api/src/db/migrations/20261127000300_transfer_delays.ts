import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Expected times and delays (docs/product/expected-times.md): when the current step should be over
// (`step_expected_at`, null for the customer's own step and a final one), the expected arrival
// (`expected_at`, always set; older transfers get their creation time plus two days) and the delay
// when a step overran (`delay_code`, `delay_revised_at`, `delay_at`: when it was found late).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('transactions')
    .addColumn('step_expected_at', 'timestamptz')
    .addColumn('expected_at', 'timestamptz')
    .addColumn('delay_code', 'varchar(40)')
    .addColumn('delay_revised_at', 'timestamptz')
    .addColumn('delay_at', 'timestamptz')
    .execute();
  await sql`UPDATE transactions SET expected_at = created_at + interval '2 days' WHERE expected_at IS NULL`.execute(db);
  await db.schema
    .alterTable('transactions')
    .alterColumn('expected_at', (c) => c.setNotNull())
    .execute();
  // The overrun job's scan: transfers with a step under way and no delay yet.
  await db.schema
    .createIndex('transactions_step_overrun_idx')
    .on('transactions')
    .column('step_expected_at')
    .where(sql.ref('delay_code'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transactions_step_overrun_idx').execute();
  await db.schema
    .alterTable('transactions')
    .dropColumn('delay_at')
    .dropColumn('delay_revised_at')
    .dropColumn('delay_code')
    .dropColumn('expected_at')
    .dropColumn('step_expected_at')
    .execute();
}
