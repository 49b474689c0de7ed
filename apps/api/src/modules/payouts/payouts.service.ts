import {
  money,
  subtract,
  toMajorString,
  type CurrencyCode,
  type Money,
  type Transaction,
  type TransactionStatus,
} from '@remit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  PayoutRefused,
  type PayoutEvent,
  type PayoutPartner,
  type PayoutRecipient,
  type StartedPayout,
} from '../../adapters/payout-partner/index.ts';
import type { WebhookHeaders } from '../../adapters/payout-partner/payout-partner.ts';
import type { Database, Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { TransactionLifecycle } from '../transactions/lifecycle.service.ts';
import type { TransactionsService } from '../transactions/transactions.service.ts';
import { payoutsRepository, type PayoutRow } from './payouts.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Durable jobs of the payouts module (docs/product/money-movement.md#payout). */
export const PAYOUT_JOBS = { start: 'payout.start' } as const;
/** A payout the partner has not taken this long after it opened is late: the customer is told, once. */
export const PAYOUT_DELAY_NOTICE_MS = 30 * 60_000;
export const PAYOUT_DELAYED_NOTE =
  'Your transfer is delayed: our payout partner has not taken it yet. We keep trying; you don’t need to do anything.';

const STATUS_WORDS: Partial<Record<TransactionStatus, string>> = {
  awaiting_payment: 'it is not paid yet',
  payment_processing: 'a payment is being processed',
  payment_failed: 'it is not paid yet',
  paid: 'its payout has not started yet',
  processing: 'its payout is under way',
  completed: 'it is completed',
  cancelled: 'it is cancelled',
  expired: 'it has expired',
  refunded: 'it is refunded',
};

/** 409 of a resend in the wrong status (docs/product/money-movement.md#returned). */
export const RESEND_NOT_ALLOWED = (status: TransactionStatus) =>
  `This transfer can't be sent again: ${STATUS_WORDS[status] ?? status.replace('_', ' ')}. Only a returned transfer can be sent again.`;

const words = (m: Money): string => `${toMajorString(m)} ${m.currency}`;

export interface PayoutsServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  /** null: no partner configured (paid transfers wait; `payout.start` retries). */
  partner: PayoutPartner | null;
  lifecycle: Pick<TransactionLifecycle, 'transition' | 'lock' | 'note'>;
  ledger: Pick<Ledger, 'record' | 'post' | 'void'>;
  jobs: Pick<Jobs, 'enqueue'>;
  transactions: Pick<TransactionsService, 'get'>;
  /** How long after payment the payout starts (the customer may cancel until then). */
  startDelayMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

type TransferRow = NonNullable<Awaited<ReturnType<typeof payoutsRepository.transfer>>>;

export type PayoutApplyResult = 'applied' | 'already_decided' | 'amount_mismatch' | 'noted' | 'unknown_payout';

/**
 * Paying out a paid transfer (docs/product/money-movement.md#payout, docs/product/ledger.md#postings):
 * the `payout.start` job converts the money and hands it to the payout partner (exactly once, by our
 * payout id); the partner's signed notices complete or return it; a returned transfer is sent again
 * to corrected details (`resend`) or refunded (the payments module).
 */
export class PayoutsService {
  constructor(private readonly deps: PayoutsServiceDeps) {}

  /** On `paid`, in the same database transaction: the payout starts by a durable job. */
  async schedule(trx: Executor, transactionId: string): Promise<void> {
    await this.deps.jobs.enqueue(
      trx,
      PAYOUT_JOBS.start,
      { transactionId },
      {
        runAt: new Date(this.deps.now().getTime() + this.deps.startDelayMs),
        uniqueKey: `${PAYOUT_JOBS.start}:${transactionId}`,
        maxAttempts: 20,
      },
    );
  }

  /**
   * The conversion and the payout row, under the transfer's row lock (the caller's trx): the money
   * converted (customer_funds → fx_liquidity in SRC) and the target amount reserved (pending
   * fx_liquidity → payouts_in_flight in TGT).
   */
  private async openPayout(trx: Executor, transfer: TransferRow): Promise<string> {
    const partner = this.deps.partner;
    const source = money(BigInt(transfer.source_amount), transfer.source_currency as CurrencyCode);
    const target = money(BigInt(transfer.target_amount), transfer.target_currency as CurrencyCode);
    await this.deps.ledger.record(trx, {
      transactionId: transfer.id,
      legs: [
        {
          debit: { type: 'customer_funds', currency: source.currency },
          credit: { type: 'fx_liquidity', currency: source.currency },
          amount: source,
          code: 'fx_in',
        },
      ],
    });
    const reserved = await this.deps.ledger.record(trx, {
      transactionId: transfer.id,
      pending: true,
      legs: [
        {
          debit: { type: 'fx_liquidity', currency: target.currency },
          credit: { type: 'payouts_in_flight', currency: target.currency },
          amount: target,
          code: 'payout',
        },
      ],
    });
    // The recipient exactly as the customer confirmed it (docs/product/money-movement.md#transactions):
    // an edit or a delete of the recipient since changes future transfers only.
    const snapshot: PayoutRecipient = {
      name: transfer.recipient_name,
      country: transfer.recipient_country,
      currency: transfer.recipient_currency as CurrencyCode,
      payout_method: transfer.recipient_payout_method,
      details: transfer.recipient_details,
    };
    const id = newId();
    await payoutsRepository.insert(trx, {
      id,
      transaction_id: transfer.id,
      customer_id: transfer.customer_id,
      partner: partner?.name ?? 'none',
      recipient_id: transfer.recipient_id,
      recipient: JSON.stringify(snapshot),
      amount: target.amount,
      currency: target.currency,
      source_amount: source.amount,
      source_currency: source.currency,
      pending_entry_ids: JSON.stringify(reserved.entryIds),
      at: this.deps.now(),
    });
    return id;
  }

  /**
   * The `payout.start` job. One database transaction with the transfer locked: a `paid` transfer
   * becomes `processing`, the fee is earned (customer_funds → fee_revenue), the money converted and
   * reserved, the payout row written. Then the partner is asked (idempotent by our payout id, so a
   * retried job never pays out twice) and its reference stored. A transfer no longer paid
   * (cancelled meanwhile) is left alone; one already processing only has its payout sent again.
   */
  async start(transactionId: string): Promise<void> {
    // Without a partner nothing moves: the transfer stays paid (and cancellable), the job retries.
    if (!this.deps.partner) throw new Error('No payout partner to pay out through');
    const payout = await this.deps.uow.run(async (trx, after) => {
      const locked = await this.deps.lifecycle.lock(trx, transactionId);
      if (!locked) return undefined;
      if (locked.status === 'paid') {
        const transfer = await payoutsRepository.transfer(trx, transactionId);
        if (!transfer) return undefined;
        const moved = await this.deps.lifecycle.transition(trx, after, {
          transactionId,
          to: 'processing',
          note: 'Your money is on its way to the recipient.',
          expectFrom: ['paid'],
        });
        if (!moved.ok) return undefined;
        const source = money(BigInt(transfer.source_amount), transfer.source_currency as CurrencyCode);
        const paid = money(BigInt(transfer.total_to_pay), source.currency);
        await this.deps.ledger.record(trx, {
          transactionId,
          legs: [
            {
              debit: { type: 'customer_funds', currency: source.currency },
              credit: { type: 'fee_revenue', currency: source.currency },
              amount: subtract(paid, source),
              code: 'fee',
            },
          ],
        });
        await this.openPayout(trx, transfer);
      }
      if (locked.status !== 'paid' && locked.status !== 'processing') return undefined;
      return payoutsRepository.open(trx, transactionId);
    });
    if (!payout || payout.partner_reference) return;
    await this.dispatch(payout);
  }

  /**
   * Hands an open payout to the partner (by our payout id: a repeat answers the same payout). A
   * refusal no retry can fix returns the transfer with the partner's reason, so the customer chooses
   * a refund or a resend; any other failure is retried by the job with backoff, and once the payout
   * has waited PAYOUT_DELAY_NOTICE_MS the customer is told, once (docs/product/money-movement.md#payout).
   */
  private async dispatch(payout: PayoutRow): Promise<void> {
    const { partner } = this.deps;
    if (!partner) throw new Error('No payout partner to pay out through');
    const recipient = payout.recipient as PayoutRecipient;
    let started: StartedPayout;
    try {
      started = await partner.startPayout({
        payoutId: payout.id,
        transactionId: payout.transaction_id,
        amount: money(BigInt(payout.amount), payout.currency as CurrencyCode),
        recipient,
      });
    } catch (err) {
      if (err instanceof PayoutRefused) {
        this.deps.log.warn({ payoutId: payout.id, reason: err.reason }, 'payout refused by the partner: returned');
        await this.deps.uow.run((trx, after) => this.refusedIn(trx, after, payout.id, err.reason));
        return;
      }
      await this.noticeDelay(payout).catch((e: unknown) =>
        this.deps.log.error({ err: e, payoutId: payout.id }, 'payout delay notice failed'),
      );
      throw err;
    }
    await payoutsRepository.setReference(this.deps.db, payout.id, started.partnerReference, this.deps.now());
  }

  /** A refused payout, under the transfer's then the payout's row lock: returned with the reason. */
  private async refusedIn(trx: Executor, after: AfterCommit, payoutId: string, reason: string): Promise<void> {
    const unlocked = await payoutsRepository.byId(trx, payoutId);
    if (!unlocked) return;
    await this.deps.lifecycle.lock(trx, unlocked.transaction_id);
    const payout = await payoutsRepository.lock(trx, payoutId);
    if (!payout || payout.status !== 'processing' || payout.partner_reference !== null) return;
    await this.returnIn(trx, after, payout, reason);
  }

  /** The partner has not taken the payout for PAYOUT_DELAY_NOTICE_MS: a timeline note and a mail, once. */
  private async noticeDelay(payout: PayoutRow): Promise<void> {
    const at = this.deps.now();
    if (payout.delay_noticed_at || at.getTime() - payout.created_at.getTime() < PAYOUT_DELAY_NOTICE_MS) return;
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.lifecycle.lock(trx, payout.transaction_id);
      if (!(await payoutsRepository.markDelayNoticed(trx, payout.id, at))) return;
      await this.deps.lifecycle.note(trx, after, {
        transactionId: payout.transaction_id,
        note: PAYOUT_DELAYED_NOTE,
        whileIn: ['processing'],
        mail: 'payout_delayed',
      });
    });
  }

  /**
   * POST /webhooks/payouts/:partner (docs/product/money-movement.md#webhooks): verified from the raw
   * body, then in ONE database transaction stored in the inbox and applied. 400 forged, stale or
   * unreadable; 404 unknown partner; else 200.
   */
  async receiveWebhook(
    partnerName: string,
    rawBody: string | Buffer,
    headers: WebhookHeaders,
  ): Promise<200 | 400 | 404> {
    const { partner } = this.deps;
    if (!partner || partner.name !== partnerName) return 404;
    const parsed = partner.parseWebhook(rawBody, headers);
    if (!parsed.ok) {
      this.deps.log.warn({ partner: partnerName, reason: parsed.reason }, 'payout webhook refused');
      return 400;
    }
    const event = parsed.event;
    const inbox = `payouts:${partnerName}`;
    await this.deps.uow.run(async (trx, after) => {
      const fresh = await payoutsRepository.receive(trx, {
        provider: inbox,
        eventId: event.id,
        type: event.type,
        at: this.deps.now(),
      });
      if (!fresh) return;
      let payout = await payoutsRepository.byReference(trx, partnerName, event.partnerReference);
      // A notice may beat the reference being stored: our payout id names it.
      if (!payout && event.payoutId && UUID.test(event.payoutId)) {
        const ours = await payoutsRepository.byId(trx, event.payoutId);
        if (ours && ours.partner === partnerName && ours.partner_reference === null) payout = ours;
      }
      if (!payout) {
        this.deps.log.warn({ partner: partnerName, eventId: event.id }, 'payout webhook for an unknown payout');
        await payoutsRepository.recordOutcome(trx, inbox, event.id, 'unknown_payout');
        return;
      }
      const result = await this.applyIn(trx, after, payout.id, event);
      await payoutsRepository.recordOutcome(trx, inbox, event.id, result);
    });
    return 200;
  }

  /**
   * The one place a payout is decided, under the transfer's then the payout's row lock; a payout
   * decided already is left alone (a repeat or an out-of-order notice changes nothing). Completed:
   * the reservation is posted and the money settled (payouts_in_flight → payout_settlement), the
   * transfer `completed`. Returned: the reservation voided, the conversion reversed (fx_liquidity →
   * customer_funds in SRC; the fee stays earned), the transfer `returned` with the reason.
   */
  private async applyIn(
    trx: Executor,
    after: AfterCommit,
    payoutId: string,
    event: PayoutEvent,
  ): Promise<PayoutApplyResult> {
    if (event.type === 'payout.processing') return 'noted';
    const unlocked = await payoutsRepository.byId(trx, payoutId);
    if (!unlocked) return 'unknown_payout';
    await this.deps.lifecycle.lock(trx, unlocked.transaction_id);
    const payout = await payoutsRepository.lock(trx, payoutId);
    if (!payout || payout.status !== 'processing') return 'already_decided';
    const amount = money(BigInt(payout.amount), payout.currency as CurrencyCode);
    if (event.amount.currency !== amount.currency || event.amount.amount !== amount.amount) {
      this.deps.log.error(
        { payoutId, due: words(amount), told: `${event.amount.amount} ${event.amount.currency}` },
        'payout amount or currency does not match: left for review',
      );
      return 'amount_mismatch';
    }
    const pendingIds = payout.pending_entry_ids as string[];
    const at = this.deps.now();
    const recipient = payout.recipient as PayoutRecipient;
    if (event.type === 'payout.completed') {
      await this.deps.ledger.post(trx, pendingIds);
      await this.deps.ledger.record(trx, {
        transactionId: payout.transaction_id,
        legs: [
          {
            debit: { type: 'payouts_in_flight', currency: amount.currency },
            credit: { type: 'payout_settlement', currency: amount.currency },
            amount,
            code: 'payout_settled',
          },
        ],
      });
      await payoutsRepository.decide(trx, payout.id, 'completed', null, at);
      await this.deps.lifecycle.transition(trx, after, {
        transactionId: payout.transaction_id,
        to: 'completed',
        note: `${recipient.name} received ${words(amount)}.`,
        expectFrom: ['processing'],
      });
      return 'applied';
    }
    await this.returnIn(trx, after, payout, event.reason ?? 'Returned by the recipient’s bank');
    return 'applied';
  }

  /**
   * A payout that will not arrive (bounced, or refused at the start), with the transfer and the
   * payout locked by the caller: the reservation voided, the conversion reversed (fx_liquidity →
   * customer_funds in SRC; the fee stays earned), the transfer `returned` with the reason.
   */
  private async returnIn(trx: Executor, after: AfterCommit, payout: PayoutRow, reason: string): Promise<void> {
    const pendingIds = payout.pending_entry_ids as string[];
    const at = this.deps.now();
    const recipient = payout.recipient as PayoutRecipient;
    const source = money(BigInt(payout.source_amount), payout.source_currency as CurrencyCode);
    await this.deps.ledger.void(trx, pendingIds);
    await this.deps.ledger.record(trx, {
      transactionId: payout.transaction_id,
      legs: [
        {
          debit: { type: 'fx_liquidity', currency: source.currency },
          credit: { type: 'customer_funds', currency: source.currency },
          amount: source,
          code: 'fx_reversed',
        },
      ],
    });
    await payoutsRepository.decide(trx, payout.id, 'returned', reason, at);
    await this.deps.lifecycle.transition(trx, after, {
      transactionId: payout.transaction_id,
      to: 'returned',
      note: `The payout to ${recipient.name} was returned: ${reason}. Choose a refund, or send it again with corrected details.`,
      expectFrom: ['processing'],
    });
  }

  /**
   * POST /client/v1/transactions/:id/resend (docs/product/money-movement.md#returned): a returned
   * transfer goes to a recipient of the customer at the same destination (corrected details) with a
   * NEW payout; no new payment. The money is converted and reserved again.
   */
  async resend(auth: AuthContext, id: string, recipientId: string, socketId?: string): Promise<Transaction> {
    if (!UUID.test(id)) throw AppError.notFound();
    await this.deps.uow.run(async (trx, after) => {
      const transfer = await payoutsRepository.transfer(trx, id);
      if (!transfer || transfer.customer_id !== auth.customerId) throw AppError.notFound();
      const locked = await this.deps.lifecycle.lock(trx, id);
      if (!locked) throw AppError.notFound();
      const current = await payoutsRepository.transfer(trx, id);
      if (!current) throw AppError.notFound();
      if (current.status !== 'returned') throw AppError.conflict(RESEND_NOT_ALLOWED(current.status));
      const recipient = UUID.test(recipientId) ? await payoutsRepository.recipient(trx, recipientId) : undefined;
      if (!recipient || recipient.customer_id !== auth.customerId || recipient.deleted_at !== null) {
        throw AppError.validation({ recipient_id: ['Recipient not found.'] });
      }
      const transferRow = current;
      if (
        recipient.country !== transferRow.recipient_country ||
        recipient.currency !== transferRow.recipient_currency ||
        recipient.payout_method !== transferRow.recipient_payout_method
      ) {
        throw AppError.validation({
          recipient_id: [
            `This recipient doesn't match the transfer: it pays out ${transferRow.recipient_currency} in ${transferRow.recipient_country}, the recipient is paid in ${recipient.currency} in ${recipient.country}.`,
          ],
        });
      }
      await payoutsRepository.setRecipient(trx, id, recipient, this.deps.now());
      const corrected = await payoutsRepository.transfer(trx, id);
      if (!corrected) throw AppError.notFound();
      const moved = await this.deps.lifecycle.transition(trx, after, {
        transactionId: id,
        to: 'processing',
        note: `Sending your money again, to ${recipient.name} (${recipient.summary}).`,
        expectFrom: ['returned'],
        socketId,
      });
      if (!moved.ok) throw AppError.conflict(RESEND_NOT_ALLOWED(current.status));
      const payoutId = await this.openPayout(trx, corrected);
      await this.deps.jobs.enqueue(
        trx,
        PAYOUT_JOBS.start,
        { transactionId: id },
        { uniqueKey: `${PAYOUT_JOBS.start}:${payoutId}`, maxAttempts: 20 },
      );
    });
    return this.deps.transactions.get(auth, id);
  }

  /** The transfer's payouts, oldest first (the receipt, tests). */
  payoutsOf(db: Executor, transactionId: string) {
    return payoutsRepository.ofTransaction(db, transactionId);
  }
}
