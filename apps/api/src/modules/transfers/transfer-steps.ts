import {
  money,
  subtract,
  type CurrencyCode,
  type Money,
  type PayInMethod,
  type Transaction,
  type TransactionStatus,
} from '@remit/contract';
import type { Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import { searchableName } from '../recipients/checks.ts';
import type { RecipientsService } from '../recipients/recipients.service.ts';
import type { TransferLifecycle } from './lifecycle.ts';
import type { HoldsPort, PaymentsPort, PayoutMoney, PayoutsPort, SucceededPayment } from './transfer-ports.ts';
import { transfersRepository, type TransferForPayout } from './transfers.repository.ts';
import type { TransfersService } from './transfers.service.ts';
import { UUID } from '../../lib/ids.ts';

/** The statuses from which a payment may start (docs/product/money-movement.md#payment). */
export const PAYABLE: readonly TransactionStatus[] = ['awaiting_payment', 'payment_failed'];
/** The statuses a succeeded payment makes `paid`. */
const PAID_FROM: readonly TransactionStatus[] = ['awaiting_payment', 'payment_processing', 'payment_failed'];

/** How a cancel or a refund in the wrong status is worded (docs/product/money-movement.md#returned). */
const STATUS_WORDS: Partial<Record<TransactionStatus, string>> = {
  payment_processing: 'a payment is being processed',
  paid: 'it is paid',
  processing: 'its payout has started',
  completed: 'it is completed',
  cancelled: 'it is cancelled',
  expired: 'it has expired',
  returned: 'its payout was returned',
  refunded: 'it is refunded',
};
/** How a resend in the wrong status is worded. */
const RESEND_WORDS: Partial<Record<TransactionStatus, string>> = {
  ...STATUS_WORDS,
  awaiting_payment: 'it is not paid yet',
  payment_failed: 'it is not paid yet',
  paid: 'its payout has not started yet',
  processing: 'its payout is under way',
};
const inWords = (map: Partial<Record<TransactionStatus, string>>, status: TransactionStatus) =>
  map[status] ?? status.replace('_', ' ');
/** Where a transfer is, in words, for a refusal ("This transfer can't be paid now: it is paid."). */
export const transferStatusWords = (status: TransactionStatus): string => inWords(STATUS_WORDS, status);

export const REFUND_NOT_ALLOWED = (status: TransactionStatus) =>
  `This transfer can't be refunded: ${inWords(STATUS_WORDS, status)}. Only a returned transfer can be refunded; cancel a paid one instead.`;
export const CANCEL_TOO_LATE = (status: TransactionStatus) =>
  `This transfer can't be cancelled: ${inWords(STATUS_WORDS, status)}.`;
/** 409 of a resend in the wrong status (docs/product/money-movement.md#returned). */
export const RESEND_NOT_ALLOWED = (status: TransactionStatus) =>
  `This transfer can't be sent again: ${inWords(RESEND_WORDS, status)}. Only a returned transfer can be sent again.`;

/** A timeline entry's amount: minor units and currency, worded by the app (timeline-words.ts). */
const amountParams = (m: Money): Record<string, string> => ({ amount: m.amount.toString(), currency: m.currency });

export type { HoldsPort, PaymentsPort, PayoutMoney, PayoutsPort, SucceededPayment } from './transfer-ports.ts';

export interface TransferStepsDeps {
  uow: UnitOfWork;
  now: Clock;
  lifecycle: Pick<TransferLifecycle, 'transition' | 'lock'>;
  ledger: Pick<Ledger, 'posting' | 'post' | 'void'>;
  transfers: Pick<TransfersService, 'get'>;
  recipients: Pick<RecipientsService, 'lookup'>;
  /** Set by the composition root once payments and payouts exist (they depend on this module). */
  payments?: PaymentsPort;
  payouts?: PayoutsPort;
  /** Holds (docs/product/holds.md): checked when a payment is received and before a payout starts. */
  holds?: HoldsPort;
}

/**
 * The transfer's money steps (docs/product/money-movement.md#transaction-statuses, #payment, #payout,
 * #returned; docs/product/ledger.md#postings): every status change after the confirm, with its
 * postings, in the caller's database transaction or its own. The payments module tells it what the
 * gateway said, the payouts module what the partner said; the customer's cancel, refund and resend
 * are here too. Each step locks the transfer row first (TransferLifecycle) and is written once.
 */
export class TransferSteps {
  constructor(private readonly deps: TransferStepsDeps) {}

  /** Wires the payments and payouts modules and holds in (the composition root, once they exist). */
  connect(ports: { payments: PaymentsPort; payouts: PayoutsPort; holds: HoldsPort }): void {
    Object.assign(this.deps, ports);
  }

  private ports(): { payments: PaymentsPort; payouts: PayoutsPort } {
    const { payments, payouts } = this.deps;
    if (!payments || !payouts) throw new Error('TransferSteps: payments and payouts are not wired');
    return { payments, payouts };
  }

  /** A card payment is under way at the gateway: `payment_processing`. */
  async paymentUnderWay(
    trx: Executor,
    after: AfterCommit,
    input: { transferId: string; amount: Money; socketId?: string | undefined },
  ): Promise<void> {
    await this.deps.lifecycle.transition(trx, after, {
      transactionId: input.transferId,
      to: 'payment_processing',
      note: { code: 'payment_under_way', params: amountParams(input.amount) },
      expectFrom: PAYABLE,
      socketId: input.socketId,
    });
  }

  /**
   * The gateway took the money: `paid` and the money in the ledger (`payment_received`), the payout
   * scheduled. Money for a transfer that can no longer be paid (cancelled, expired) is owed back.
   */
  async paymentSucceeded(
    trx: Executor,
    after: AfterCommit,
    input: { transferId: string; paymentId: string; amount: Money; method: PayInMethod },
  ): Promise<void> {
    await this.deps.ledger.posting(trx, input.transferId, 'payment_received', input.amount);
    const paid = await this.deps.lifecycle.transition(trx, after, {
      transactionId: input.transferId,
      to: 'paid',
      note: { code: 'payment_received', params: { ...amountParams(input.amount), method: input.method } },
      expectFrom: PAID_FROM,
    });
    if (paid.ok) {
      // A transfer held for information waits for the answer (docs/product/holds.md#lifecycle).
      const held = (await this.deps.holds?.placeIfNeeded(trx, after, input.transferId)) ?? false;
      if (!held) await this.ports().payouts.schedule(trx, input.transferId);
    } else await this.owe(trx, input.transferId, { id: input.paymentId, amount: input.amount });
  }

  /** A held transfer's hold was cleared: its payout is scheduled now (docs/product/holds.md#answering). */
  async resumePayout(trx: Executor, transferId: string): Promise<void> {
    await this.ports().payouts.schedule(trx, transferId);
  }

  /**
   * A hold unanswered at its deadline (docs/product/holds.md#deadline), the transfer locked by the
   * caller: cancelled as the customer's cancel of a paid transfer does, the payment owed back and
   * refunded by the gateway.
   */
  async cancelHeld(trx: Executor, after: AfterCommit, transferId: string): Promise<void> {
    const result = await this.deps.lifecycle.transition(trx, after, {
      transactionId: transferId,
      to: 'cancelled',
      note: { code: 'hold_expired', params: {} },
      expectFrom: ['paid'],
    });
    if (!result.ok) return;
    const payment = await this.ports().payments.succeeded(trx, transferId);
    if (!payment) throw AppError.internal('A paid transfer without its payment.');
    await this.owe(trx, transferId, payment);
  }

  /** The gateway refused a card payment: `payment_failed` with the reason (it can be paid again). */
  async paymentFailed(
    trx: Executor,
    after: AfterCommit,
    input: { transferId: string; amount: Money; reason: string },
  ): Promise<void> {
    await this.deps.lifecycle.transition(trx, after, {
      transactionId: input.transferId,
      to: 'payment_failed',
      note: { code: 'payment_failed', params: { ...amountParams(input.amount), reason: input.reason } },
      expectFrom: ['payment_processing'],
    });
  }

  /** What a customer paid is owed back (`refund_owed`), then the gateway sends it back (a job). */
  private async owe(trx: Executor, transferId: string, payment: SucceededPayment): Promise<void> {
    await this.deps.ledger.posting(trx, transferId, 'refund_owed', payment.amount);
    await this.ports().payments.scheduleRefund(trx, payment.id);
  }

  /**
   * POST /client/v1/transactions/:id/cancel (docs/product/money-movement.md#transaction-statuses):
   * while CANCELLABLE. Unpaid: cancelled, no money moved. Paid: cancelled, the payment owed back and
   * refunded by the gateway.
   */
  async cancel(auth: AuthContext, id: string, socketId?: string): Promise<Transaction> {
    const transfer = await this.deps.transfers.get(auth, id);
    await this.deps.uow.run(async (trx, after) => {
      const locked = await this.deps.lifecycle.lock(trx, transfer.id);
      if (!locked) throw AppError.notFound();
      const status = locked.status;
      if (status === 'cancelled') return; // a repeat: already done
      const paid = status === 'paid';
      const result = await this.deps.lifecycle.transition(trx, after, {
        transactionId: transfer.id,
        to: 'cancelled',
        note: { code: paid ? 'cancelled_refunding' : 'cancelled', params: {} },
        expectFrom: ['awaiting_payment', 'payment_failed', 'paid'],
        socketId,
      });
      if (!result.ok) throw AppError.conflict(CANCEL_TOO_LATE(status));
      if (paid) {
        const payment = await this.ports().payments.succeeded(trx, transfer.id);
        if (!payment) throw AppError.internal('A paid transfer without its payment.');
        await this.owe(trx, transfer.id, payment);
      }
    });
    return this.deps.transfers.get(auth, transfer.id);
  }

  /**
   * POST /client/v1/transactions/:id/refund (docs/product/money-movement.md#returned): a returned
   * transfer is refunded in full: the fee given back (`fee_reversed`), the whole payment owed back.
   */
  async refundReturned(auth: AuthContext, id: string, socketId?: string): Promise<Transaction> {
    const transfer = await this.deps.transfers.get(auth, id);
    await this.deps.uow.run(async (trx, after) => {
      const locked = await this.deps.lifecycle.lock(trx, transfer.id);
      if (!locked) throw AppError.notFound();
      const status = locked.status;
      if (status === 'refunded') return; // a repeat: already done
      if (status !== 'returned') throw AppError.conflict(REFUND_NOT_ALLOWED(status));
      const payment = await this.ports().payments.succeeded(trx, transfer.id);
      if (!payment) throw AppError.internal('A returned transfer without its payment.');
      const fee = subtract(payment.amount, money(transfer.source_amount, payment.amount.currency));
      const result = await this.deps.lifecycle.transition(trx, after, {
        transactionId: transfer.id,
        to: 'refunded',
        note: { code: 'refunding_returned', params: amountParams(payment.amount) },
        expectFrom: ['returned'],
        socketId,
      });
      if (!result.ok) throw AppError.conflict(REFUND_NOT_ALLOWED(status));
      await this.deps.ledger.posting(trx, transfer.id, 'fee_reversed', fee);
      await this.owe(trx, transfer.id, payment);
    });
    return this.deps.transfers.get(auth, transfer.id);
  }

  /** The gateway sent a refund back (`refund_sent`); a cancelled transfer is now `refunded`. */
  async refundSent(trx: Executor, after: AfterCommit, input: { transferId: string; amount: Money }): Promise<void> {
    await this.deps.ledger.posting(trx, input.transferId, 'refund_sent', input.amount);
    await this.deps.lifecycle.transition(trx, after, {
      transactionId: input.transferId,
      to: 'refunded',
      note: { code: 'refund_sent', params: amountParams(input.amount) },
      expectFrom: ['cancelled'],
    });
  }

  /**
   * The `transaction.expire` job, at `pay_by`: an unpaid transfer expires
   * (docs/product/money-movement.md#transaction-statuses).
   */
  async expire(transferId: string): Promise<void> {
    await this.deps.uow.run(async (trx, after) => {
      const locked = await this.deps.lifecycle.lock(trx, transferId);
      if (!locked || locked.pay_by.getTime() > this.deps.now().getTime()) return;
      await this.deps.lifecycle.transition(trx, after, {
        transactionId: transferId,
        to: 'expired',
        note: { code: 'expired', params: {} },
        expectFrom: ['awaiting_payment', 'payment_failed'],
      });
    });
  }

  /**
   * The payout starts (job `payout.start`, the transfer locked by the caller): a `paid` transfer
   * becomes `processing`, the fee is earned (`fee`), the money converted and reserved. Undefined when
   * the transfer is no longer `paid` (cancelled meanwhile, or started already).
   */
  async payoutStarting(trx: Executor, after: AfterCommit, transferId: string): Promise<PayoutMoney | undefined> {
    const transfer = await transfersRepository.forPayout(trx, transferId);
    if (!transfer || transfer.status !== 'paid') return undefined;
    if (await this.deps.holds?.isOpen(trx, transferId)) return undefined; // docs/product/holds.md#lifecycle
    const moved = await this.deps.lifecycle.transition(trx, after, {
      transactionId: transferId,
      to: 'processing',
      note: { code: 'payout_started', params: {} },
      expectFrom: ['paid'],
    });
    if (!moved.ok) return undefined;
    const source = money(transfer.source_amount, transfer.source_currency as CurrencyCode);
    const paid = money(transfer.total_to_pay, source.currency);
    await this.deps.ledger.posting(trx, transferId, 'fee', subtract(paid, source));
    return this.convertAndReserve(trx, transfer);
  }

  /**
   * The money of a payout (docs/product/ledger.md#postings): converted (`fx_in`) and the recipient's
   * amount reserved (pending `payout`), for the recipient as the transfer holds it.
   */
  private async convertAndReserve(trx: Executor, transfer: TransferForPayout): Promise<PayoutMoney> {
    const source = money(transfer.source_amount, transfer.source_currency as CurrencyCode);
    const target = money(transfer.target_amount, transfer.target_currency as CurrencyCode);
    await this.deps.ledger.posting(trx, transfer.id, 'fx_in', source);
    const reserved = await this.deps.ledger.posting(trx, transfer.id, 'payout', target);
    return {
      transferId: transfer.id,
      customerId: transfer.customer_id,
      recipientId: transfer.recipient_id,
      // The recipient exactly as the customer confirmed it (docs/product/money-movement.md#transactions).
      recipient: {
        name: transfer.recipient_name,
        country: transfer.recipient_country,
        currency: transfer.recipient_currency as CurrencyCode,
        payout_method: transfer.recipient_payout_method,
        details: transfer.recipient_details,
      },
      source,
      target,
      pendingEntryIds: reserved.entryIds,
    };
  }

  /** The partner paid it out: the reservation posted, the money settled (`payout_settled`), `completed`. */
  async payoutCompleted(
    trx: Executor,
    after: AfterCommit,
    input: { transferId: string; pendingEntryIds: string[]; amount: Money; recipientName: string },
  ): Promise<void> {
    await this.deps.ledger.post(trx, input.pendingEntryIds);
    await this.deps.ledger.posting(trx, input.transferId, 'payout_settled', input.amount);
    await this.deps.lifecycle.transition(trx, after, {
      transactionId: input.transferId,
      to: 'completed',
      note: { code: 'delivered', params: { ...amountParams(input.amount), recipient: input.recipientName } },
      expectFrom: ['processing'],
    });
  }

  /**
   * The payout will not arrive (bounced, or refused at the start): the reservation voided, the
   * conversion reversed (`fx_reversed`; the fee stays earned), `returned` with the reason.
   */
  async payoutReturned(
    trx: Executor,
    after: AfterCommit,
    input: { transferId: string; pendingEntryIds: string[]; source: Money; reason: string; recipientName: string },
  ): Promise<void> {
    await this.deps.ledger.void(trx, input.pendingEntryIds);
    await this.deps.ledger.posting(trx, input.transferId, 'fx_reversed', input.source);
    await this.deps.lifecycle.transition(trx, after, {
      transactionId: input.transferId,
      to: 'returned',
      note: { code: 'payout_returned', params: { recipient: input.recipientName, reason: input.reason } },
      expectFrom: ['processing'],
    });
  }

  /**
   * POST /client/v1/transactions/:id/resend (docs/product/money-movement.md#returned): a returned
   * transfer goes to a live recipient of the customer at the same destination (corrected details),
   * with a NEW payout and no new payment; the money is converted and reserved again.
   */
  async resend(auth: AuthContext, id: string, recipientId: string, socketId?: string): Promise<Transaction> {
    if (!UUID.test(id)) throw AppError.notFound();
    const current = await this.deps.transfers.get(auth, id);
    const recipient = await this.deps.recipients.lookup(auth.customerId, recipientId, { includeDeleted: false });
    await this.deps.uow.run(async (trx, after) => {
      const locked = await this.deps.lifecycle.lock(trx, id);
      if (!locked) throw AppError.notFound();
      if (locked.status !== 'returned') throw AppError.conflict(RESEND_NOT_ALLOWED(locked.status));
      if (!recipient) throw AppError.validation({ recipient_id: ['Recipient not found.'] });
      const to = current.recipient;
      if (
        recipient.country !== to.country ||
        recipient.currency !== to.currency ||
        recipient.payout_method !== to.payout_method
      ) {
        throw AppError.validation({
          recipient_id: [
            `This recipient doesn't match the transfer: it pays out ${to.currency} in ${to.country}, the recipient is paid in ${recipient.currency} in ${recipient.country}.`,
          ],
        });
      }
      await transfersRepository.setRecipient(
        trx,
        id,
        { ...recipient, name_search: searchableName(recipient.name) },
        this.deps.now(),
      );
      const moved = await this.deps.lifecycle.transition(trx, after, {
        transactionId: id,
        to: 'processing',
        note: { code: 'sent_again', params: { recipient: recipient.name, summary: recipient.summary } },
        expectFrom: ['returned'],
        socketId,
      });
      if (!moved.ok) throw AppError.conflict(RESEND_NOT_ALLOWED(locked.status));
      const corrected = await transfersRepository.forPayout(trx, id);
      if (!corrected) throw AppError.notFound();
      await this.ports().payouts.open(trx, await this.convertAndReserve(trx, corrected));
    });
    return this.deps.transfers.get(auth, id);
  }
}
