import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from '../../db/types.ts';
import { BALANCE_COLUMNS, ledgerRepository, type BalanceColumn } from './ledger.repository.ts';

/** One broken invariant, in words, with what it concerns. */
export interface LedgerViolation {
  check: string;
  subject: string;
  detail: string;
}

export interface LedgerReport {
  accounts: number;
  entries: number;
  violations: LedgerViolation[];
}

/**
 * Every invariant of the ledger (docs/product/ledger.md#invariants), recomputed from the entries:
 * 1. each account's stored balances equal the sums of its entries;
 * 2. each entry's two accounts are in the entry's currency;
 * 3. each settlement matches the pending entry it settles (accounts, amount, currency) and that
 *    entry is pending;
 * 4. no account breaks its balance rule;
 * 5. per currency, debits equal credits, posted and pending;
 * 6. the append-only trigger is in place.
 */
export async function verifyLedger(db: Executor): Promise<LedgerReport> {
  // One snapshot: journals committed while the checks run must not look like broken balances.
  if (!db.isTransaction) {
    return (db as Kysely<Database>)
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => verifyIn(trx));
  }
  return verifyIn(db);
}

async function verifyIn(db: Executor): Promise<LedgerReport> {
  const violations: LedgerViolation[] = [];
  const accounts = await ledgerRepository.accounts(db);
  const counted = await sql<{ count: number }>`select count(*)::int as count from ledger_entries`.execute(db);
  const entries = counted.rows[0]?.count ?? 0;

  // 1. Balances recomputed from the entries.
  const sums = await sql<{ account_id: string; side: 'debit' | 'credit'; kind: string; total: string }>`
    select account_id, side, kind, sum(amount)::text as total from (
      select debit_account_id as account_id, 'debit' as side, kind, amount from ledger_entries
      union all
      select credit_account_id as account_id, 'credit' as side, kind, amount from ledger_entries
    ) x group by account_id, side, kind`.execute(db);
  const expected = new Map<string, Record<BalanceColumn, bigint>>();
  for (const row of sums.rows) {
    let e = expected.get(row.account_id);
    if (!e)
      expected.set(
        row.account_id,
        (e = { debits_pending: 0n, debits_posted: 0n, credits_pending: 0n, credits_posted: 0n }),
      );
    const side = row.side === 'debit' ? 'debits' : 'credits';
    const total = BigInt(row.total);
    if (row.kind === 'posted' || row.kind === 'post_pending') e[`${side}_posted`] += total;
    if (row.kind === 'pending') e[`${side}_pending`] += total;
    if (row.kind === 'post_pending' || row.kind === 'void_pending') e[`${side}_pending`] -= total;
  }
  const perCurrency = new Map<string, Record<BalanceColumn, bigint>>();
  for (const a of accounts) {
    const want = expected.get(a.id) ?? {
      debits_pending: 0n,
      debits_posted: 0n,
      credits_pending: 0n,
      credits_posted: 0n,
    };
    const have = Object.fromEntries(BALANCE_COLUMNS.map((c) => [c, BigInt(a[c])])) as Record<BalanceColumn, bigint>;
    for (const c of BALANCE_COLUMNS) {
      if (have[c] !== want[c]) {
        violations.push({
          check: 'balances',
          subject: a.id,
          detail: `${c} is ${have[c]}, the entries add up to ${want[c]}`,
        });
      }
    }
    // 4. Balance rules.
    if (
      a.balance_rule === 'debits_must_not_exceed_credits' &&
      have.debits_pending + have.debits_posted > have.credits_posted
    ) {
      violations.push({ check: 'balance_rule', subject: a.id, detail: 'debits exceed posted credits (below zero)' });
    }
    if (
      a.balance_rule === 'credits_must_not_exceed_debits' &&
      have.credits_pending + have.credits_posted > have.debits_posted
    ) {
      violations.push({ check: 'balance_rule', subject: a.id, detail: 'credits exceed posted debits (below zero)' });
    }
    let cur = perCurrency.get(a.currency);
    if (!cur)
      perCurrency.set(
        a.currency,
        (cur = { debits_pending: 0n, debits_posted: 0n, credits_pending: 0n, credits_posted: 0n }),
      );
    for (const c of BALANCE_COLUMNS) cur[c] += have[c];
  }
  for (const id of expected.keys()) {
    if (!accounts.some((a) => a.id === id))
      violations.push({ check: 'balances', subject: id, detail: 'entries name an unknown account' });
  }

  // 2. One currency per entry.
  const mixed = await sql<{ id: string }>`
    select e.id from ledger_entries e
    join ledger_accounts d on d.id = e.debit_account_id
    join ledger_accounts c on c.id = e.credit_account_id
    where d.currency <> e.currency or c.currency <> e.currency`.execute(db);
  for (const r of mixed.rows)
    violations.push({ check: 'currency', subject: r.id, detail: 'an account is in another currency' });

  // 3. Settlements match what they settle.
  const bad = await sql<{ id: string }>`
    select s.id from ledger_entries s join ledger_entries p on p.id = s.pending_id
    where p.kind <> 'pending' or p.amount <> s.amount or p.currency <> s.currency
       or p.debit_account_id <> s.debit_account_id or p.credit_account_id <> s.credit_account_id`.execute(db);
  for (const r of bad.rows)
    violations.push({ check: 'settlement', subject: r.id, detail: 'does not match its pending entry' });

  // 5. Debits equal credits per currency.
  for (const [currency, t] of perCurrency) {
    if (t.debits_posted !== t.credits_posted) {
      violations.push({
        check: 'double_entry',
        subject: currency,
        detail: `posted debits ${t.debits_posted} ≠ credits ${t.credits_posted}`,
      });
    }
    if (t.debits_pending !== t.credits_pending) {
      violations.push({
        check: 'double_entry',
        subject: currency,
        detail: `pending debits ${t.debits_pending} ≠ credits ${t.credits_pending}`,
      });
    }
  }

  // 6. Append-only.
  const trigger = await sql<{ n: number }>`
    select count(*)::int as n from pg_trigger where tgname = 'ledger_entries_append_only' and not tgisinternal`.execute(
    db,
  );
  if ((trigger.rows[0]?.n ?? 0) === 0) {
    violations.push({ check: 'append_only', subject: 'ledger_entries', detail: 'the append-only trigger is missing' });
  }

  return { accounts: accounts.length, entries, violations };
}
