import {
  TransactionStatus,
  type TimelineCode,
  type TimelineEntry,
  type Transaction,
  type TransactionHold,
  type TransactionList,
  type TransactionListQuery,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database, Executor, TransactionStatusColumn } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { type LimitsService } from '../quotes/limits.service.ts';
import type { QuotesService } from '../quotes/quotes.service.ts';
import { searchableName } from '../recipients/checks.ts';
import type { StepUp } from '../step-up/step-up.service.ts';
import type { RecipientsService } from '../recipients/recipients.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { idempotencyRepository } from './idempotency.repository.ts';
import { toHold } from './hold-triggers.ts';
import { holdsRepository } from './holds.repository.ts';
import { transfersRepository, type PayInValues } from './transfers.repository.ts';

import { RECIPIENT_NOT_FOUND, TransferConfirmation, type CreateResult } from './transfer-confirm.ts';
import { ensureWithinLimits } from './transfer-limits.ts';
import { decodeCursor, encodeCursor, toTransaction } from './transfer-view.ts';
import { UUID } from '../../lib/ids.ts';
import { delayOf, type TransferDelays } from './transfer-delays.ts';
const DAY_MS = 86_400_000;
const DEFAULT_PAGE = 20;

export const INVALID_CURSOR = 'The cursor is invalid.';
export {
  PAY_WITHIN_MS,
  QUOTE_EXPIRED,
  QUOTE_NOT_FOUND,
  QUOTE_REFRESHED,
  QUOTE_USED,
  RECIPIENT_NOT_FOUND,
  type CreateResult,
} from './transfer-confirm.ts';
export { countedInLast30Days, LIMIT_WINDOW_MS, NOT_COUNTED_STATUSES, usedInLast30Days } from './transfer-limits.ts';
export { encodeCursor, toTransaction } from './transfer-view.ts';

export interface TransfersServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  limits: Pick<LimitsService, 'eligibility' | 'inLimitsCurrency'>;
  recipients: Pick<RecipientsService, 'lookup'>;
  /** The quote a confirm uses (the quotes module owns it). */
  quotes: Pick<QuotesService, 'forConfirm' | 'lockForConfirm' | 'refreshedInto' | 'markUsed'>;
  /** Schedules the transfer's expiry at `pay_by` in the confirm's transaction. */
  jobs: Pick<Jobs, 'enqueue'>;
  /**
   * Large transfers and transfers to new recipients need a recent step-up
   * (docs/product/auth-and-sessions.md#step-up); `thresholdGbp` is the large amount, GBP minor units.
   */
  stepUp: Pick<StepUp, 'ensure'>;
  stepUpThresholdGbp: bigint;
  /** Expected times of a new transfer and of a change of pay-in method (docs/product/expected-times.md). */
  times: Pick<TransferDelays, 'forNew' | 'stepChanged' | 'current'>;
}

/**
 * Transactions (docs/product/money-movement.md#transactions): confirming a transfer from a quote and
 * a recipient, exactly once per Idempotency-Key (#idempotency) and per quote; the customer's list
 * and one transfer with its timeline. Another customer's, an unknown and a malformed id are the
 * same 404 (the same 422 in a request body).
 */
export class TransfersService {
  private readonly confirmation: TransferConfirmation;

  constructor(private readonly deps: TransfersServiceDeps) {
    this.confirmation = new TransferConfirmation(deps);
  }

  /** POST /client/v1/transactions: transfer-confirm.ts. */
  create(...args: Parameters<TransferConfirmation['create']>): Promise<CreateResult> {
    return this.confirmation.create(...args);
  }

  async list(auth: AuthContext, query: TransactionListQuery): Promise<TransactionList> {
    const errors = new FieldErrorBag();
    const after = query.cursor !== undefined ? decodeCursor(query.cursor) : null;
    if (query.cursor !== undefined && after === null) errors.add('cursor', INVALID_CURSOR);
    let statuses: TransactionStatusColumn[] | null = null;
    if (query.status !== undefined) {
      const wanted = query.status
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      for (const s of wanted) {
        if (!TransactionStatus.safeParse(s).success) errors.add('status', `Unknown status: ${s}.`);
      }
      statuses = wanted.length ? (wanted as TransactionStatusColumn[]) : null;
    }
    if (query.recipient_id !== undefined && !UUID.test(query.recipient_id)) {
      errors.add('recipient_id', RECIPIENT_NOT_FOUND);
    }
    const from = query.from !== undefined ? new Date(`${query.from}T00:00:00.000Z`) : null;
    const to = query.to !== undefined ? new Date(`${query.to}T00:00:00.000Z`) : null;
    if (from && to && to.getTime() < from.getTime())
      errors.add('to', 'The end date must be on or after the start date.');
    errors.throwIfAny();

    const contains = query.search !== undefined ? searchableName(query.search) : '';
    const limit = query.limit ?? DEFAULT_PAGE;
    const rows = await transfersRepository.list(this.deps.db, auth.customerId, {
      contains: contains === '' ? null : contains,
      statuses,
      recipientId: query.recipient_id ?? null,
      from,
      before: to ? new Date(to.getTime() + DAY_MS) : null,
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const timelines = await this.timelines(page.map((r) => r.id));
    const holds = await this.holds(page.map((r) => r.id));
    const last = page[page.length - 1];
    return {
      data: page.map((r) =>
        toTransaction(this.deps.times.current(r), timelines.get(r.id) ?? [], holds.get(r.id) ?? null),
      ),
      next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  async get(auth: AuthContext, id: string): Promise<Transaction> {
    const row = UUID.test(id) ? await transfersRepository.find(this.deps.db, auth.customerId, id) : undefined;
    if (!row) throw AppError.notFound();
    const timelines = await this.timelines([row.id]);
    const holds = await this.holds([row.id]);
    return toTransaction(this.deps.times.current(row), timelines.get(row.id) ?? [], holds.get(row.id) ?? null);
  }

  /** The customer's transfer as paying it needs it, with its quote's ways to pay (undefined: not theirs). */
  forPayment(customerId: string, id: string) {
    return transfersRepository.forPayment(this.deps.db, customerId, id);
  }

  /** Locks the transfer's row until the end of the caller's transaction (no change); undefined when unknown. */
  lock(trx: Executor, id: string) {
    return transfersRepository.lockForTransition(trx, id);
  }

  /** The way to pay chosen (docs/product/money-movement.md#payment): pay-in method, fee items, fee and total. */
  async setPayIn(trx: Executor, id: string, values: PayInValues): Promise<void> {
    await transfersRepository.setPayIn(trx, id, values);
    // The pay-in method's speed changes the expected arrival (docs/product/expected-times.md#steps).
    // An unpaid transfer's payment is now under way at the customer's bank or card.
    const row = await transfersRepository.lockForTransition(trx, id);
    const unpaid = row?.status === 'awaiting_payment' || row?.status === 'payment_failed';
    if (row) await this.deps.times.stepChanged(trx, id, unpaid ? 'payment_processing' : row.status, values.at);
  }

  /**
   * Serialises the money steps of one customer (confirms and payment starts) with a row lock on the
   * customer, taken first in the caller's transaction (docs/product/money-movement.md#limits).
   */
  lockCustomer(trx: Executor, customerId: string): Promise<void> {
    return transfersRepository.lockCustomer(trx, customerId);
  }

  /**
   * Before a payment of the customer's transfer starts, under the customer's row lock (lockCustomer,
   * in the same transaction): eligibility and both limits (transfer-limits.ts).
   */
  ensureWithinLimits(trx: Executor, auth: AuthContext, transferId: string): Promise<void> {
    return ensureWithinLimits(trx, { limits: this.deps.limits, now: this.deps.now }, auth, transferId);
  }

  /** Whether `id` names one of the customer's transfers (a malformed id: false). */
  async isCustomers(customerId: string, id: string): Promise<boolean> {
    return UUID.test(id) && (await transfersRepository.isCustomers(this.deps.db, customerId, id));
  }

  /**
   * What the public tracking page shows of a transfer, its timeline's statuses and times oldest
   * first (any customer's: the caller checked the link); undefined when unknown.
   */
  async publicView(id: string) {
    const row = await transfersRepository.publicView(this.deps.db, id);
    if (!row) return undefined;
    const events = await transfersRepository.events(this.deps.db, [row.id]);
    return {
      ...row,
      timeline: events.map((e) => ({ status: e.status, at: e.at })),
      expected_at: row.expected_at.toISOString(),
      delay: delayOf(row),
    };
  }

  /** Deletes the idempotency keys past their 24 hours (hourly, from app.ts). */
  sweepIdempotencyKeys(): Promise<number> {
    return idempotencyRepository.sweep(this.deps.db, this.deps.now());
  }

  /** The open holds of these transfers (docs/product/holds.md#wire-shape). */
  private async holds(ids: string[]): Promise<Map<string, TransactionHold>> {
    const rows = await holdsRepository.openFor(this.deps.db, ids);
    return new Map(rows.map((r) => [r.transaction_id, toHold(r)]));
  }

  private async timelines(ids: string[]): Promise<Map<string, TimelineEntry[]>> {
    const events = await transfersRepository.events(this.deps.db, ids);
    const byId = new Map<string, TimelineEntry[]>();
    for (const e of events) {
      const list = byId.get(e.transaction_id) ?? [];
      list.push({
        status: e.status,
        at: e.at.toISOString(),
        note: e.note,
        ...(e.code ? { code: e.code as TimelineCode, params: e.params ?? {} } : {}),
      });
      byId.set(e.transaction_id, list);
    }
    return byId;
  }
}
