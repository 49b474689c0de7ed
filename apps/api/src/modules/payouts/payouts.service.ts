import { money, toMajorWithCurrency as words, type CurrencyCode } from '@remit/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  PayoutRefused,
  type PayoutEvent,
  type PayoutPartner,
  type PayoutRecipient,
  type StartedPayout,
} from '../../adapters/payout-partner/index.ts';
import type { WebhookHeaders } from '../../adapters/payout-partner/payout-partner.ts';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import type { Clock } from '../../lib/clock.ts';
import { UUID, newId } from '../../lib/ids.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { TransferLifecycle } from '../transfers/lifecycle.ts';
import type { TransferDelays } from '../transfers/transfer-delays.ts';
import type { PayoutMoney, TransferSteps } from '../transfers/transfer-steps.ts';
import type { InboxAnswer, WebhookInbox } from '../webhooks/webhook-inbox.ts';
import { PAYOUT_JOBS } from './payouts.jobs.ts';
import { payoutsRepository, type PayoutRow } from './payouts.repository.ts';

/** A payout the partner has not taken this long after it opened is late: the customer is told, once. */
export const PAYOUT_DELAY_NOTICE_MS = 30 * 60_000;

export interface PayoutsServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  /** null: no partner configured (paid transfers wait; `payout.start` retries). */
  partner: PayoutPartner | null;
  /** The transfer's row lock and its timeline notes (the transfers module owns the transfer). */
  transfers: Pick<TransferLifecycle, 'lock' | 'note'>;
  /** What the partner said, told to the transfer. */
  steps: Pick<TransferSteps, 'payoutStarting' | 'payoutCompleted' | 'payoutReturned'>;
  /** A payout the partner holds with a new date: the transfer is delayed (docs/product/expected-times.md). */
  delays: Pick<TransferDelays, 'partnerHeld'>;
  jobs: Pick<Jobs, 'enqueue'>;
  /** The one webhook inbox (docs/product/money-movement.md#webhooks). */
  inbox: Pick<WebhookInbox, 'receive'>;
  /** How long after payment the payout starts (the customer may cancel until then). */
  startDelayMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

export type PayoutApplyResult = 'applied' | 'already_decided' | 'amount_mismatch' | 'noted' | 'unknown_payout';

/**
 * Paying out a paid transfer through the payout partner (docs/product/money-movement.md#payout):
 * the `payout.start` job has the transfer converted and reserved (TransferSteps.payoutStarting),
 * writes the payout row and hands it to the partner (exactly once, by our payout id); the partner's
 * signed notices, through the one webhook inbox, are told to the transfer (completed or returned).
 * It implements the transfer module's PayoutsPort (schedule, open).
 */
export class PayoutsService {
  constructor(private readonly deps: PayoutsServiceDeps) {}

  /** On `paid`, in the same database transaction: the payout starts by a durable job (PayoutsPort). */
  async schedule(trx: Executor, transferId: string): Promise<void> {
    await this.deps.jobs.enqueue(
      trx,
      PAYOUT_JOBS.start,
      { transactionId: transferId },
      {
        runAt: new Date(this.deps.now().getTime() + this.deps.startDelayMs),
        uniqueKey: `${PAYOUT_JOBS.start.name}:${transferId}`,
        maxAttempts: 20,
      },
    );
  }

  /** The payout row of money converted and reserved (the caller's trx). */
  private async insert(trx: Executor, money: PayoutMoney): Promise<string> {
    const id = newId();
    await payoutsRepository.insert(trx, {
      id,
      transaction_id: money.transferId,
      customer_id: money.customerId,
      partner: this.deps.partner?.name ?? 'none',
      recipient_id: money.recipientId,
      recipient: JSON.stringify(money.recipient),
      amount: money.target.amount,
      currency: money.target.currency,
      source_amount: money.source.amount,
      source_currency: money.source.currency,
      pending_entry_ids: JSON.stringify(money.pendingEntryIds),
      at: this.deps.now(),
    });
    return id;
  }

  /** A new payout of a returned transfer sent again (PayoutsPort): its row and its start job. */
  async open(trx: Executor, money: PayoutMoney): Promise<void> {
    const payoutId = await this.insert(trx, money);
    await this.deps.jobs.enqueue(
      trx,
      PAYOUT_JOBS.start,
      { transactionId: money.transferId },
      { uniqueKey: `${PAYOUT_JOBS.start.name}:${payoutId}`, maxAttempts: 20 },
    );
  }

  /**
   * The `payout.start` job. One database transaction with the transfer locked: a `paid` transfer is
   * converted and reserved (TransferSteps.payoutStarting) and the payout row written. Then the partner
   * is asked (idempotent by our payout id, so a retried job never pays out twice) and its reference
   * stored. A transfer no longer paid (cancelled meanwhile) is left alone; one already processing
   * only has its open payout sent again.
   */
  async start(transferId: string): Promise<void> {
    // Without a partner nothing moves: the transfer stays paid (and cancellable), the job retries.
    if (!this.deps.partner) throw new Error('No payout partner to pay out through');
    const payout = await this.deps.uow.run(async (trx, after) => {
      const locked = await this.deps.transfers.lock(trx, transferId);
      if (!locked) return undefined;
      if (locked.status === 'paid') {
        const money = await this.deps.steps.payoutStarting(trx, after, transferId);
        if (money) await this.insert(trx, money);
      }
      if (locked.status !== 'paid' && locked.status !== 'processing') return undefined;
      return payoutsRepository.open(trx, transferId);
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
    await this.deps.transfers.lock(trx, unlocked.transaction_id);
    const payout = await payoutsRepository.lock(trx, payoutId);
    if (!payout || payout.status !== 'processing' || payout.partner_reference !== null) return;
    await this.returnIn(trx, after, payout, reason);
  }

  /** The partner has not taken the payout for PAYOUT_DELAY_NOTICE_MS: a timeline note and a mail, once. */
  private async noticeDelay(payout: PayoutRow): Promise<void> {
    const at = this.deps.now();
    if (payout.delay_noticed_at || at.getTime() - payout.created_at.getTime() < PAYOUT_DELAY_NOTICE_MS) return;
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.transfers.lock(trx, payout.transaction_id);
      if (!(await payoutsRepository.markDelayNoticed(trx, payout.id, at))) return;
      await this.deps.transfers.note(trx, after, {
        transactionId: payout.transaction_id,
        note: { code: 'payout_delayed', params: {} },
        whileIn: ['processing'],
        mail: 'payout_delayed',
      });
    });
  }

  /**
   * POST /webhooks/payouts/:partner (docs/product/money-movement.md#webhooks): through the one
   * webhook inbox (inbox `payouts:{partner}`). 400 forged, stale or unreadable; 404 unknown partner.
   */
  async receiveWebhook(partnerName: string, rawBody: string | Buffer, headers: WebhookHeaders): Promise<InboxAnswer> {
    const { partner } = this.deps;
    if (!partner || partner.name !== partnerName) return 404;
    return this.deps.inbox.receive(
      `payouts:${partnerName}`,
      partner.parseWebhook(rawBody, headers),
      async (trx, after, event) => {
        let payout = await payoutsRepository.byReference(trx, partnerName, event.partnerReference);
        // A notice may beat the reference being stored: our payout id names it.
        if (!payout && event.payoutId && UUID.test(event.payoutId)) {
          const ours = await payoutsRepository.byId(trx, event.payoutId);
          if (ours && ours.partner === partnerName && ours.partner_reference === null) payout = ours;
        }
        if (!payout) {
          this.deps.log.warn({ partner: partnerName, eventId: event.id }, 'payout webhook for an unknown payout');
          return { outcome: 'unknown_payout' };
        }
        return { outcome: await this.applyIn(trx, after, payout.id, event) };
      },
    );
  }

  /**
   * The one place a payout is decided, under the transfer's then the payout's row lock; a payout
   * decided already is left alone (a repeat or an out-of-order notice changes nothing). Completed or
   * returned, the transfer is told (TransferSteps: the reservation posted or voided, the status).
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
    await this.deps.transfers.lock(trx, unlocked.transaction_id);
    const payout = await payoutsRepository.lock(trx, payoutId);
    if (!payout || payout.status !== 'processing') return 'already_decided';
    if (event.type === 'payout.held') {
      if (event.expectedAt) await this.deps.delays.partnerHeld(trx, after, payout.transaction_id, event.expectedAt);
      return 'noted';
    }
    const amount = money(BigInt(payout.amount), payout.currency as CurrencyCode);
    if (event.amount.currency !== amount.currency || event.amount.amount !== amount.amount) {
      this.deps.log.error(
        { payoutId, due: words(amount), told: `${event.amount.amount} ${event.amount.currency}` },
        'payout amount or currency does not match: left for review',
      );
      return 'amount_mismatch';
    }
    if (event.type === 'payout.completed') {
      await payoutsRepository.decide(trx, payout.id, 'completed', null, this.deps.now());
      await this.deps.steps.payoutCompleted(trx, after, {
        transferId: payout.transaction_id,
        pendingEntryIds: payout.pending_entry_ids as string[],
        amount,
        recipientName: (payout.recipient as PayoutRecipient).name,
      });
      return 'applied';
    }
    await this.returnIn(trx, after, payout, event.reason ?? 'Returned by the recipient’s bank');
    return 'applied';
  }

  /** A payout that will not arrive (bounced, or refused at the start): decided, the transfer told. */
  private async returnIn(trx: Executor, after: AfterCommit, payout: PayoutRow, reason: string): Promise<void> {
    await payoutsRepository.decide(trx, payout.id, 'returned', reason, this.deps.now());
    await this.deps.steps.payoutReturned(trx, after, {
      transferId: payout.transaction_id,
      pendingEntryIds: payout.pending_entry_ids as string[],
      source: money(BigInt(payout.source_amount), payout.source_currency as CurrencyCode),
      reason,
      recipientName: (payout.recipient as PayoutRecipient).name,
    });
  }

  /** The transfer's payouts, oldest first (the receipt, tests). */
  payoutsOf(db: Executor, transferId: string) {
    return payoutsRepository.ofTransaction(db, transferId);
  }
}
