import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// Money stays inside its rules (docs/product/money-movement.md#transactions):
// - `transactions.recipient_details`: the recipient's payout details as the customer confirmed them
//   (every detail field, keyed by the requirement keys). The payout, the receipt, the transaction
//   and tracking pages read this snapshot; editing or deleting the recipient changes future
//   transfers only. Transfers confirmed before this migration take their recipient's details as
//   they are now (the best that is known).
// - `quotes_refreshed_from_idx`: confirming a quote looks for the quote refreshed from it (a
//   refreshed quote replaces the one it came from).
// - `payouts.delay_noticed_at`: when the customer was told that the partner has not taken the payout
//   yet (told once per payout; docs/product/money-movement.md#payout).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('recipient_details', 'jsonb').execute();
  await sql`update transactions t set recipient_details = r.details from recipients r where r.id = t.recipient_id`.execute(
    db,
  );
  await sql`update transactions set recipient_details = '{}'::jsonb where recipient_details is null`.execute(db);
  await sql`alter table transactions alter column recipient_details set not null`.execute(db);
  await db.schema.alterTable('payouts').addColumn('delay_noticed_at', 'timestamptz').execute();
  await db.schema.createIndex('quotes_refreshed_from_idx').on('quotes').column('refreshed_from').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('quotes_refreshed_from_idx').ifExists().execute();
  await db.schema.alterTable('payouts').dropColumn('delay_noticed_at').execute();
  await db.schema.alterTable('transactions').dropColumn('recipient_details').execute();
}
