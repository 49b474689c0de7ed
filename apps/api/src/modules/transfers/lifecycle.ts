import type { TransactionStatus } from '@remit/contract';
import { canTransition, type TransactionStatusChangedPayload } from '@remit/contract';
import type { Executor } from '../../db/types.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { TRANSFER_JOBS } from './transfers.jobs.ts';
import { transfersRepository } from './transfers.repository.ts';
import type { TimelineNote } from './timeline-words.ts';
import type { MailedStatus } from './transfer-mails.ts';
import type { TransferDelays } from './transfer-delays.ts';

/** The statuses a transfer's customer is mailed about (docs/product/money-movement.md#transaction-statuses). */
export const MAILED_STATUSES: readonly TransactionStatus[] = ['paid', 'completed', 'returned', 'refunded'];
const isMailed = (status: TransactionStatus): status is TransactionStatus & MailedStatus =>
  MAILED_STATUSES.includes(status);

export interface TransitionInput {
  transactionId: string;
  to: TransactionStatus;
  /** What the timeline entry says, as a code and parameters (null: nothing). */
  note: TimelineNote | null;
  /** Only from one of these (a step that assumes where the transfer is); else `not_allowed`. */
  expectFrom?: readonly TransactionStatus[];
  /** Not to this tab (X-Socket-ID), when the change came from it. */
  socketId?: string | undefined;
}

export interface TransitionedRow {
  id: string;
  customer_id: string;
  source_currency: string;
  total_to_pay: string;
  pay_by: Date;
}

/**
 * A transition's answer. `not_allowed`: the table (or `expectFrom`) refuses it; a caller handling an
 * out-of-order notice treats it as "nothing to do". Nothing was changed unless `ok`.
 */
export type TransitionResult =
  | { ok: true; from: TransactionStatus; to: TransactionStatus; transaction: TransitionedRow }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'not_allowed'; from: TransactionStatus; transaction: TransitionedRow };

export interface LifecycleDeps {
  now: Clock;
  jobs: Pick<Jobs, 'enqueue'>;
  /** Each step's expected times, and a delay cleared (docs/product/expected-times.md). */
  times: Pick<TransferDelays, 'stepChanged'>;
}

/**
 * The transfer's life (docs/product/money-movement.md#transaction-statuses): every status change goes
 * through `transition`, inside the caller's database transaction. It locks the transaction row
 * (`SELECT … FOR UPDATE`), refuses what the one table (`canTransition`) does not allow, writes the
 * status and its timeline entry, asks for `TransactionStatusChanged` after the commit and, for the
 * statuses the customer is mailed about, schedules the mail as a durable job in the same transaction.
 */
export class TransferLifecycle {
  constructor(private readonly deps: LifecycleDeps) {}

  /** Locks the transaction row (no change); undefined when unknown. */
  lock(trx: Executor, transactionId: string) {
    return transfersRepository.lockForTransition(trx, transactionId);
  }

  /**
   * A timeline entry that is not a change of status (a payout the partner has not taken yet), in the
   * caller's transaction with the row locked: pushed as `TransactionStatusChanged` with the same
   * status so open pages refresh, and mailed as `mail` by the same durable job. False when the
   * transfer is unknown or no longer in `whileIn`.
   */
  async note(
    trx: Executor,
    after: AfterCommit,
    input: { transactionId: string; note: TimelineNote; whileIn: readonly TransactionStatus[]; mail?: MailedStatus },
  ): Promise<boolean> {
    const row = await transfersRepository.lockForTransition(trx, input.transactionId);
    if (!row || !input.whileIn.includes(row.status)) return false;
    const at = this.deps.now();
    await transfersRepository.addEvent(trx, row.id, row.status, input.note, at);
    await this.tell(trx, after, { row, status: row.status, mail: input.mail, at });
    return true;
  }

  async transition(trx: Executor, after: AfterCommit, input: TransitionInput): Promise<TransitionResult> {
    const row = await transfersRepository.lockForTransition(trx, input.transactionId);
    if (!row) return { ok: false, reason: 'not_found' };
    const from = row.status;
    const allowed =
      canTransition(from, input.to) && (input.expectFrom === undefined || input.expectFrom.includes(from));
    if (!allowed) return { ok: false, reason: 'not_allowed', from, transaction: row };
    const at = this.deps.now();
    await transfersRepository.setStatus(trx, row.id, input.to, at);
    await this.deps.times.stepChanged(trx, row.id, input.to, at);
    await transfersRepository.addEvent(trx, row.id, input.to, input.note, at);
    const mail = isMailed(input.to) ? input.to : undefined;
    await this.tell(trx, after, { row, status: input.to, mail, at, socketId: input.socketId });
    return { ok: true, from, to: input.to, transaction: { ...row } };
  }

  /**
   * Tells the customer of a timeline entry just written: the mail (when there is one) as a durable
   * job in the caller's transaction, and `TransactionStatusChanged` pushed after the commit (not to
   * the tab `socketId` the change came from).
   */
  private async tell(
    trx: Executor,
    after: AfterCommit,
    entry: {
      row: { id: string; customer_id: string };
      status: TransactionStatus;
      mail: MailedStatus | undefined;
      at: Date;
      socketId?: string | undefined;
    },
  ): Promise<void> {
    const { row, mail, at } = entry;
    if (mail) {
      await this.deps.jobs.enqueue(
        trx,
        TRANSFER_JOBS.mail,
        { transactionId: row.id, status: mail },
        { uniqueKey: `${TRANSFER_JOBS.mail.name}:${row.id}:${mail}:${at.getTime()}` },
      );
    }
    const payload: TransactionStatusChangedPayload = { transaction_id: row.id, status: entry.status };
    after.notify(
      row.customer_id,
      'TransactionStatusChanged',
      payload,
      entry.socketId ? { socketId: entry.socketId } : {},
    );
  }
}
