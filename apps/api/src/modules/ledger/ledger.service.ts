import { isNegative, isZero, type Money } from '@remit/contract';
import type { Executor } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { accountId, type LedgerAccountRef } from './chart-of-accounts.ts';
import { ledgerRepository, type EntryValues } from './ledger.repository.ts';
import { POSTINGS, type PostingCode } from './postings.ts';

/**
 * One movement of money between two accounts of the same currency: `amount` leaves `debit`'s side
 * and arrives on `credit`'s. `code` says what it is (payment_received, fee, fx, payout, refund, …).
 */
export interface LedgerLeg {
  debit: LedgerAccountRef;
  credit: LedgerAccountRef;
  amount: Money;
  code: string;
}

export interface JournalInput {
  /** The transfer the movement belongs to, if any. */
  transactionId?: string | null;
  legs: LedgerLeg[];
  /** Pending (two-phase): reserved on both accounts until posted or voided. */
  pending?: boolean;
}

export interface Journal {
  journalId: string;
  /** One per leg with a non-zero amount, in the legs' order. */
  entryIds: string[];
}

export type LedgerErrorCode =
  'insufficient_funds' | 'currency_mismatch' | 'invalid_amount' | 'not_pending' | 'already_settled';

/** A journal the ledger refuses; the caller's database transaction must roll back. */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

interface Deltas {
  debits_pending: bigint;
  debits_posted: bigint;
  credits_pending: bigint;
  credits_posted: bigint;
}

const noDeltas = (): Deltas => ({ debits_pending: 0n, debits_posted: 0n, credits_pending: 0n, credits_posted: 0n });

/** The balance rule's CHECK constraint refused an update: the account would go negative. */
function isBalanceRuleViolation(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  return e.code === '23514' && String(e.constraint ?? e.message ?? '').includes('ledger_accounts_balance_rule');
}

/**
 * The double-entry ledger (docs/product/ledger.md). Every method runs inside the caller's database
 * transaction (`db` is its `trx`), so the ledger entries commit or roll back with the state change
 * they record. Accounts are opened on first use and locked in id order; each account's balances
 * change once per journal (the net of its legs), and the database refuses a change that breaks an
 * account's balance rule.
 */
export class Ledger {
  constructor(private readonly deps: { now: Clock }) {}

  /** Write one journal (posted, or pending when `input.pending`). Zero-amount legs are left out. */
  async record(db: Executor, input: JournalInput): Promise<Journal> {
    const at = this.deps.now();
    const journalId = newId();
    const legs = input.legs.filter((l) => !isZero(l.amount));
    for (const leg of input.legs) {
      if (isNegative(leg.amount)) throw new LedgerError('invalid_amount', `Negative amount in ${leg.code}.`);
      if (leg.debit.currency !== leg.amount.currency || leg.credit.currency !== leg.amount.currency) {
        throw new LedgerError('currency_mismatch', `${leg.code}: both accounts must be in ${leg.amount.currency}.`);
      }
      if (accountId(leg.debit) === accountId(leg.credit)) {
        throw new LedgerError('invalid_amount', `${leg.code}: debit and credit are the same account.`);
      }
    }
    if (legs.length === 0) return { journalId, entryIds: [] };
    const kind = input.pending ? 'pending' : 'posted';
    const entries: EntryValues[] = legs.map((leg) => ({
      id: newId(),
      journal_id: journalId,
      kind,
      debit_account_id: accountId(leg.debit),
      credit_account_id: accountId(leg.credit),
      amount: leg.amount.amount,
      currency: leg.amount.currency,
      pending_id: null,
      code: leg.code,
      transaction_id: input.transactionId ?? null,
      created_at: at,
    }));
    await ledgerRepository.open(
      db,
      legs.flatMap((l) => [l.debit, l.credit]),
      at,
    );
    await this.apply(db, entries);
    return { journalId, entryIds: entries.map((e) => e.id) };
  }

  /** Post pending entries (the reservation becomes final), each at most once. */
  /**
   * One posting of POSTINGS (docs/product/ledger.md#postings) for a transfer: the balanced journal
   * that moves `amount` between the posting's accounts in the amount's currency.
   */
  posting(db: Executor, transferId: string, code: PostingCode, amount: Money): Promise<Journal> {
    const { debit, credit, pending } = POSTINGS[code];
    return this.record(db, {
      transactionId: transferId,
      pending,
      legs: [
        {
          debit: { type: debit, currency: amount.currency },
          credit: { type: credit, currency: amount.currency },
          amount,
          code,
        },
      ],
    });
  }

  post(db: Executor, pendingIds: string[]): Promise<Journal> {
    return this.settle(db, pendingIds, 'post_pending');
  }

  /** Void pending entries (the reservation is released), each at most once. */
  void(db: Executor, pendingIds: string[]): Promise<Journal> {
    return this.settle(db, pendingIds, 'void_pending');
  }

  private async settle(db: Executor, pendingIds: string[], kind: 'post_pending' | 'void_pending'): Promise<Journal> {
    const at = this.deps.now();
    const journalId = newId();
    const entries: EntryValues[] = [];
    for (const id of pendingIds) {
      const pending = await ledgerRepository.pending(db, id);
      if (!pending || pending.kind !== 'pending') throw new LedgerError('not_pending', `Entry ${id} is not pending.`);
      if (pending.settled_by) throw new LedgerError('already_settled', `Entry ${id} was already settled.`);
      entries.push({
        id: newId(),
        journal_id: journalId,
        kind,
        debit_account_id: pending.debit_account_id,
        credit_account_id: pending.credit_account_id,
        amount: BigInt(pending.amount),
        currency: pending.currency,
        pending_id: id,
        code: kind === 'post_pending' ? 'post' : 'void',
        transaction_id: pending.transaction_id,
        created_at: at,
      });
    }
    if (entries.length === 0) return { journalId, entryIds: [] };
    await this.apply(db, entries);
    return { journalId, entryIds: entries.map((e) => e.id) };
  }

  /** Lock, insert the entries, then move each account's balances once by the net of the journal. */
  private async apply(db: Executor, entries: EntryValues[]): Promise<void> {
    const deltas = new Map<string, Deltas>();
    const of = (id: string): Deltas => {
      let d = deltas.get(id);
      if (!d) deltas.set(id, (d = noDeltas()));
      return d;
    };
    for (const e of entries) {
      const debit = of(e.debit_account_id);
      const credit = of(e.credit_account_id);
      if (e.kind === 'posted') {
        debit.debits_posted += e.amount;
        credit.credits_posted += e.amount;
      } else if (e.kind === 'pending') {
        debit.debits_pending += e.amount;
        credit.credits_pending += e.amount;
      } else if (e.kind === 'post_pending') {
        debit.debits_pending -= e.amount;
        debit.debits_posted += e.amount;
        credit.credits_pending -= e.amount;
        credit.credits_posted += e.amount;
      } else {
        debit.debits_pending -= e.amount;
        credit.credits_pending -= e.amount;
      }
    }
    const ids = [...deltas.keys()].sort();
    await ledgerRepository.lock(db, ids);
    await ledgerRepository.insert(db, entries);
    try {
      for (const id of ids) {
        // One statement per account: the balance rule sees the journal's net, not a half-applied one.
        await ledgerRepository.move(db, id, deltas.get(id)!);
      }
    } catch (err) {
      if (isBalanceRuleViolation(err)) {
        throw new LedgerError('insufficient_funds', 'An account would go below zero.');
      }
      throw err;
    }
  }
}
