import type {
  PayInMethod,
  TransactionDelay,
  TransactionStatus,
  TransactionStatusChangedPayload,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CorridorsService } from '../corridors/corridors.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { delayEnglish, expectedTimes, overrunCode, DELAY_CODES, type DelayCode } from './expected-times.ts';
import { TRANSFER_JOBS } from './transfers.jobs.ts';

/** A corridor unknown to the catalog (removed since) is taken to deliver within two days. */
const FALLBACK_DELIVERY_HOURS = { min: 24, max: 48 };
/**
 * The statuses whose step can overrun (the others are final). An unpaid transfer has a step only
 * once a payment started (TransfersService.setPayIn): the money should reach us by then.
 */
const WATCHED: readonly TransactionStatus[] = [
  'awaiting_payment',
  'payment_failed',
  'payment_processing',
  'paid',
  'processing',
];
/**
 * A step is late once it is this long past its expected time: the job that ends it (a payout start
 * polled every second, a webhook on its way) is not overtaken by the check.
 */
export const OVERRUN_GRACE_MS = 5 * 60_000;
/** How many late transfers one run of the job marks (the next tick takes the rest). */
const BATCH = 100;

/** What the expected times of a transfer are computed from. */
export interface TimedTransfer {
  source_currency: string;
  target_country: string;
  target_currency: string;
  payout_method: string;
  pay_in_method: PayInMethod;
}

export interface TransferDelaysDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  corridors: Pick<CorridorsService, 'corridor'>;
  jobs: Pick<Jobs, 'enqueue'>;
  /** How long after payment the payout starts (PAYOUT_START_DELAY_SECONDS). */
  payoutStartDelayMs: number;
}

const isDelayCode = (code: string | null): code is DelayCode => DELAY_CODES.includes(code as DelayCode);

/** The wire's `delay` of a transfer's row (null: not delayed). */
export function delayOf(row: { delay_code: string | null; delay_revised_at: Date | null }): TransactionDelay | null {
  if (!isDelayCode(row.delay_code) || !row.delay_revised_at) return null;
  return {
    code: row.delay_code,
    text: delayEnglish(row.delay_code, row.delay_revised_at),
    revised_expected_at: row.delay_revised_at.toISOString(),
  };
}

/**
 * Expected times and delays of transfers (docs/product/expected-times.md): computed when a transfer
 * is made and at each change of step (TransferLifecycle, in the step's database transaction, which
 * also clears a delay); a periodic job marks the transfers whose step overran as delayed, and the
 * payout partner may hold a payout for a bank holiday with a new date. A delay is pushed
 * (`TransactionStatusChanged`) and mailed once.
 */
export class TransferDelays {
  constructor(private readonly deps: TransferDelaysDeps) {}

  /** The expected times of a transfer entering `status` at `at`. */
  timesFor(transfer: TimedTransfer, status: TransactionStatus, at: Date) {
    const corridor = this.deps.corridors.corridor(
      transfer.source_currency,
      transfer.target_country,
      transfer.target_currency,
      transfer.payout_method,
    );
    return expectedTimes({
      status,
      since: at,
      payInMethod: transfer.pay_in_method,
      country: transfer.target_country,
      deliveryHours: corridor?.deliveryHours ?? FALLBACK_DELIVERY_HOURS,
      payoutStartDelayMs: this.deps.payoutStartDelayMs,
    });
  }

  /**
   * A transfer as read now: unpaid with no payment started, its arrival is the one if paid now
   * (docs/product/expected-times.md#steps), never earlier than the one stored.
   */
  current<T extends TimedTransfer & { status: TransactionStatus; step_expected_at: Date | null; expected_at: Date }>(
    row: T,
  ): T {
    if ((row.status !== 'awaiting_payment' && row.status !== 'payment_failed') || row.step_expected_at) return row;
    const paidNow = this.timesFor(row, 'awaiting_payment', this.deps.now()).expectedAt;
    return paidNow && paidNow.getTime() > row.expected_at.getTime() ? { ...row, expected_at: paidNow } : row;
  }

  /** The columns of a new transfer (transfer-confirm.ts): `awaiting_payment` from `at`. */
  forNew(transfer: TimedTransfer, at: Date): { step_expected_at: Date | null; expected_at: Date } {
    const times = this.timesFor(transfer, 'awaiting_payment', at);
    return { step_expected_at: times.stepExpectedAt, expected_at: times.expectedAt ?? at };
  }

  /**
   * The transfer entered `status` at `at` (or its pay-in method changed), in the caller's
   * transaction with its row locked: its expected times again, and any delay cleared (the step it
   * was about is over).
   */
  async stepChanged(trx: Executor, transferId: string, status: TransactionStatus, at: Date): Promise<void> {
    const row = await trx
      .selectFrom('transactions')
      .select(['source_currency', 'target_country', 'target_currency', 'payout_method', 'pay_in_method'])
      .where('id', '=', transferId)
      .executeTakeFirst();
    if (!row) return;
    const times = this.timesFor(row, status, at);
    await trx
      .updateTable('transactions')
      .set({
        step_expected_at: times.stepExpectedAt,
        ...(times.expectedAt ? { expected_at: times.expectedAt } : {}),
        delay_code: null,
        delay_revised_at: null,
        delay_at: null,
      })
      .where('id', '=', transferId)
      .execute();
  }

  /**
   * The periodic task `transfers.mark-delays` (docs/product/expected-times.md#the-job): every transfer
   * whose current step should be over by now and is not marked yet is marked delayed, each in its
   * own transaction with its row locked. Answers how many were marked.
   */
  async markOverdue(): Promise<number> {
    const at = this.deps.now();
    const lateBy = new Date(at.getTime() - OVERRUN_GRACE_MS);
    const late = await this.deps.db
      .selectFrom('transactions')
      .select('id')
      .where('delay_code', 'is', null)
      .where('step_expected_at', '<=', lateBy)
      .where('status', 'in', [...WATCHED])
      .orderBy('step_expected_at')
      .limit(BATCH)
      .execute();
    let marked = 0;
    for (const { id } of late) {
      const done = await this.deps.uow.run(async (trx, after) => {
        const row = await trx
          .selectFrom('transactions')
          .select([
            'id',
            'customer_id',
            'status',
            'step_expected_at',
            'delay_code',
            'source_currency',
            'target_country',
            'target_currency',
            'payout_method',
            'pay_in_method',
          ])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        const now = this.deps.now();
        if (!row || row.delay_code !== null || !row.step_expected_at) return false;
        if (row.step_expected_at.getTime() > now.getTime() - OVERRUN_GRACE_MS) return false;
        const code = overrunCode(row.status);
        if (!code) return false;
        // The step as if it began now: the revised arrival.
        const revised = this.timesFor(row, row.status, now).expectedAt ?? now;
        return this.mark(trx, after, row, code, revised, now);
      });
      if (done) marked++;
    }
    return marked;
  }

  /**
   * The payout partner holds the payout for a bank holiday and pays it out by `until`
   * (docs/product/expected-times.md#sandbox-triggers), in the caller's transaction with the transfer
   * locked: delayed with that revised arrival, unless it is marked so already.
   */
  async partnerHeld(trx: Executor, after: AfterCommit, transferId: string, until: Date): Promise<boolean> {
    const row = await trx
      .selectFrom('transactions')
      .select(['id', 'customer_id', 'status', 'delay_code', 'delay_revised_at'])
      .where('id', '=', transferId)
      .executeTakeFirst();
    if (!row || row.status !== 'processing') return false;
    if (row.delay_code === 'payout_partner_holiday' && row.delay_revised_at?.getTime() === until.getTime()) {
      return false;
    }
    return this.mark(trx, after, row, 'payout_partner_holiday', until, this.deps.now());
  }

  /** Writes the delay, moves `expected_at` to the revised arrival, pushes and mails it once. */
  private async mark(
    trx: Executor,
    after: AfterCommit,
    row: { id: string; customer_id: string; status: TransactionStatus },
    code: DelayCode,
    revised: Date,
    at: Date,
  ): Promise<boolean> {
    await trx
      .updateTable('transactions')
      .set({ delay_code: code, delay_revised_at: revised, delay_at: at, expected_at: revised, updated_at: at })
      .where('id', '=', row.id)
      .execute();
    await this.deps.jobs.enqueue(
      trx,
      TRANSFER_JOBS.mail,
      { transactionId: row.id, status: 'delayed' },
      { uniqueKey: `${TRANSFER_JOBS.mail.name}:${row.id}:delayed:${code}:${at.getTime()}` },
    );
    const payload: TransactionStatusChangedPayload = { transaction_id: row.id, status: row.status };
    after.notify(row.customer_id, 'TransactionStatusChanged', payload, {});
    return true;
  }
}
