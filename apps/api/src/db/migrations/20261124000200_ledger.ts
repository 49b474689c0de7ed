import { sql, type Kysely } from 'kysely';

// Frozen once shipped: never edit a migration that has shipped; add a new one instead.
// The ledger (docs/product/ledger.md): double-entry, one currency per entry, append-only. Accounts
// carry their running balances (pending and posted, debits and credits) and, where an account must
// not go negative, a CHECK that makes the database refuse the entry that would take it there.
// Entries are never updated or deleted (a trigger refuses both); a pending entry is settled by a new
// entry that posts or voids it, at most once (unique pending_id).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    // `<type>:<currency>`, e.g. `customer_funds:GBP`.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('balance_rule', 'varchar(40)', (c) =>
      c
        .notNull()
        .check(sql`balance_rule in ('none', 'debits_must_not_exceed_credits', 'credits_must_not_exceed_debits')`),
    )
    .addColumn('debits_pending', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`debits_pending >= 0`),
    )
    .addColumn('debits_posted', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`debits_posted >= 0`),
    )
    .addColumn('credits_pending', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credits_pending >= 0`),
    )
    .addColumn('credits_posted', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credits_posted >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'ledger_accounts_balance_rule',
      sql`(balance_rule <> 'debits_must_not_exceed_credits' or debits_pending + debits_posted <= credits_posted)
      and (balance_rule <> 'credits_must_not_exceed_debits' or credits_pending + credits_posted <= debits_posted)`,
    )
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // The entries written together for one movement (a journal: balanced per currency by construction).
    .addColumn('journal_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) =>
      c.notNull().check(sql`kind in ('posted', 'pending', 'post_pending', 'void_pending')`),
    )
    .addColumn('debit_account_id', 'varchar(64)', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('credit_account_id', 'varchar(64)', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    // The pending entry a post_pending / void_pending settles.
    .addColumn('pending_id', 'uuid', (c) => c.references('ledger_entries.id'))
    // What the movement was (payment_received, fee, fx, payout, refund, rounding, …) and for which transfer.
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('transaction_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('ledger_entries_two_accounts', sql`debit_account_id <> credit_account_id`)
    .addCheckConstraint(
      'ledger_entries_pending_ref',
      sql`(kind in ('post_pending', 'void_pending')) = (pending_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('ledger_entries_settles_once')
    .on('ledger_entries')
    .column('pending_id')
    .unique()
    .where(sql.ref('pending_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('ledger_entries_transaction_idx').on('ledger_entries').column('transaction_id').execute();
  await db.schema.createIndex('ledger_entries_journal_idx').on('ledger_entries').column('journal_id').execute();

  // Append-only: the database refuses to change or remove an entry.
  await sql`
    create function ledger_entries_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger entries are append-only (% refused)', tg_op using errcode = 'P0001';
    end $$`.execute(db);
  await sql`
    create trigger ledger_entries_append_only before update or delete on ledger_entries
    for each row execute function ledger_entries_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_entries').ifExists().execute();
  await sql`drop function if exists ledger_entries_append_only()`.execute(db);
  await db.schema.dropTable('ledger_accounts').ifExists().execute();
}
