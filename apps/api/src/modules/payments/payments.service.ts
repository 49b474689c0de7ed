import {
  money,
  type CurrencyCode,
  type Money,
  type PayInMethod,
  type PaymentMethods,
  type StartedPayment,
  type Transaction,
  toMajorWithCurrency,
} from '@remit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  CreatedPayment,
  PaymentFailureReason,
  PaymentGateway,
  WebhookHeaders,
} from '../../adapters/payment-gateway/payment-gateway.ts';
import type { Database, Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { type SucceededPayment, type TransferSteps } from '../transfers/transfer-steps.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';
import type { InboxAnswer, WebhookInbox } from '../webhooks/webhook-inbox.ts';
import { PAYMENT_JOBS } from './payments.jobs.ts';
import { paymentsRepository } from './payments.repository.ts';

import { PaymentStart } from './payment-start.ts';
import { UUID } from '../../lib/ids.ts';

/** A payment pending longer than this is asked about by the reconciler. */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** The reconciler runs again this long after each run. */
export const RECONCILE_EVERY_MS = 5 * 60_000;

export { PAY_BY_PASSED, PAYMENT_NOT_ALLOWED } from './payment-start.ts';
const words = toMajorWithCurrency;

export interface PaymentsServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  /** null: no gateway configured (starting a payment is refused). */
  gateway: PaymentGateway | null;
  /** The transfer being paid: read, locked, its limits and way to pay (the transfers module owns it). */
  transfers: Pick<TransfersService, 'get' | 'forPayment' | 'lock' | 'lockCustomer' | 'ensureWithinLimits' | 'setPayIn'>;
  /** What the gateway said, told to the transfer. */
  steps: Pick<TransferSteps, 'paymentUnderWay' | 'paymentSucceeded' | 'paymentFailed' | 'refundSent'>;
  /** The one webhook inbox (docs/product/money-movement.md#webhooks). */
  inbox: Pick<WebhookInbox, 'receive'>;
  jobs: Pick<Jobs, 'enqueue'>;
  /** The app's public URL: the card page returns to `{appUrl}/payment/cb/{transactionId}`. */
  appUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

/** What the gateway said about a payment, from a redirect, a webhook or the reconciler. */
export interface GatewayWord {
  outcome: 'succeeded' | 'failed';
  /** What the gateway says was paid; null when it does not say (a redirect the gateway could not confirm). */
  amount: Money | null;
  failureReason?: PaymentFailureReason | string | undefined;
  source: 'redirect' | 'webhook' | 'reconciler';
}

export type ApplyResult = 'applied' | 'already_decided' | 'amount_mismatch';

/**
 * Paying a transfer (docs/product/money-movement.md#payment, docs/product/payments.md): the ways to
 * pay, starting a payment through the gateway, and the gateway's word (signed redirect, signed webhook,
 * reconciler) fed into one function, `applyGatewayWord`, that decides each payment once. Also cancel
 * (with its refund), the expiry of unpaid transfers and the reconciler.
 */
/**
 * Paying a transfer (docs/product/money-movement.md#payment, docs/product/payments.md): the ways to
 * pay, starting a payment through the gateway, and the gateway's word (signed redirect, signed webhook,
 * reconciler) fed into one function, `applyGatewayWord`, that decides each payment once. Also cancel
 * (with its refund), the expiry of unpaid transfers and the reconciler.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceDeps) {
    this.starting = new PaymentStart(deps);
  }

  private readonly starting: PaymentStart;

  /** The customer's transfer to pay (another customer's, an unknown and a malformed id: 404). */
  private owned(auth: AuthContext, id: string) {
    return this.starting.owned(auth, id);
  }

  /** GET /client/v1/transactions/:id/payment-methods (payment-start.ts). */
  methods(auth: AuthContext, id: string): Promise<PaymentMethods> {
    return this.starting.methods(auth, id);
  }

  /** POST /client/v1/transactions/:id/payments (payment-start.ts). */
  start(auth: AuthContext, id: string, method: PayInMethod, socketId?: string): Promise<StartedPayment> {
    return this.starting.start(auth, id, method, socketId);
  }

  /**
   * POST /client/v1/transactions/:id/payment-return: the signed query of the browser's return,
   * verified, matched to this transfer and customer, then applied like any other word of the gateway.
   */
  async applyReturn(auth: AuthContext, id: string, query: Record<string, unknown>): Promise<Transaction> {
    const { gateway } = this.deps;
    const row = await this.owned(auth, id);
    if (!gateway) throw AppError.notFound();
    const verified = gateway.verifyReturn(query);
    if (!verified.ok) {
      throw AppError.validation({
        sig: ['This payment return is not valid or has expired. Check the transfer for its status.'],
      });
    }
    const payment = await paymentsRepository.byProviderId(this.deps.db, gateway.name, verified.providerPaymentId);
    if (!payment || payment.transaction_id !== row.id || payment.customer_id !== auth.customerId) {
      throw AppError.notFound();
    }
    // The redirect says only the outcome: the gateway confirms the amount when it can. A success it
    // cannot confirm (the gateway unreachable, or of another mind) is left to the webhook and the
    // reconciler: money is never taken as received on the browser's word alone.
    const seen = await gateway.getPayment(verified.providerPaymentId).catch(() => null);
    const confirms = seen && seen.status === verified.outcome;
    if (verified.outcome === 'succeeded' && !confirms) {
      this.deps.log.warn(
        { paymentId: payment.id },
        'payment return not confirmed by the gateway; waiting for its notice',
      );
      return this.deps.transfers.get(auth, row.id);
    }
    await this.applyGatewayWord(payment.id, {
      outcome: verified.outcome,
      amount: confirms ? seen.amount : null,
      failureReason: confirms ? seen.failureReason : verified.outcome === 'failed' ? 'processing_error' : undefined,
      source: 'redirect',
    });
    return this.deps.transfers.get(auth, row.id);
  }

  /**
   * POST /webhooks/payments/:provider (docs/product/money-movement.md#webhooks): through the one
   * webhook inbox (verified from the raw body, stored by its event id and applied in one database
   * transaction; a repeat changes nothing). 400 forged, stale or unreadable; 404 unknown provider.
   */
  async receiveWebhook(provider: string, rawBody: string | Buffer, headers: WebhookHeaders): Promise<InboxAnswer> {
    const { gateway } = this.deps;
    if (!gateway || gateway.name !== provider) return 404;
    return this.deps.inbox.receive(provider, gateway.parseWebhook(rawBody, headers), async (trx, after, event) => {
      let payment = await paymentsRepository.byProviderId(trx, provider, event.providerPaymentId);
      // A notice may beat the start's last step: our payment id names it.
      if (!payment && event.paymentId && UUID.test(event.paymentId)) {
        const byOurs = await paymentsRepository.byId(trx, event.paymentId);
        if (byOurs && byOurs.provider === provider && byOurs.provider_payment_id === null) payment = byOurs;
      }
      if (!payment) {
        this.deps.log.warn({ provider, eventId: event.id }, 'payment webhook for an unknown payment');
        return { outcome: 'unknown_payment' };
      }
      const outcome = await this.applyIn(trx, after, payment.id, {
        outcome: event.type === 'payment.succeeded' ? 'succeeded' : 'failed',
        amount: event.amount,
        failureReason: event.failureReason,
        source: 'webhook',
      });
      return { outcome, paymentId: payment.id };
    });
  }

  /** One decision of the gateway about one payment, in its own database transaction. */
  applyGatewayWord(paymentId: string, word: GatewayWord): Promise<ApplyResult> {
    return this.deps.uow.run((trx, after) => this.applyIn(trx, after, paymentId, word));
  }

  /**
   * The one place a payment is decided (docs/product/money-movement.md#payment): under the
   * transaction's then the payment's row lock; a payment decided already is left alone (the second
   * of redirect and webhook changes nothing; a failure after a success neither). A success whose
   * amount or currency is not what is due is recorded and changes nothing. Succeeded: the transfer
   * is told (TransferSteps.paymentSucceeded: `paid`, the money in the ledger, or owed back when the
   * transfer can no longer be paid). Failed: the transfer is told (`payment_failed` for a card).
   */
  private async applyIn(trx: Executor, after: AfterCommit, paymentId: string, word: GatewayWord): Promise<ApplyResult> {
    const unlocked = await paymentsRepository.byId(trx, paymentId);
    if (!unlocked) return 'already_decided';
    await this.deps.transfers.lock(trx, unlocked.transaction_id);
    const payment = await paymentsRepository.lock(trx, paymentId);
    if (!payment || payment.status !== 'pending') return 'already_decided';
    const due = money(BigInt(payment.amount), payment.currency as CurrencyCode);
    const at = this.deps.now();
    if (word.outcome === 'succeeded') {
      if (word.amount && (word.amount.currency !== due.currency || word.amount.amount !== due.amount)) {
        this.deps.log.error(
          { paymentId, due: words(due), paid: `${word.amount.amount} ${word.amount.currency}`, source: word.source },
          'payment amount or currency does not match what is due: left for review',
        );
        return 'amount_mismatch';
      }
      await paymentsRepository.decide(trx, payment.id, 'succeeded', null, at);
      await this.deps.steps.paymentSucceeded(trx, after, {
        transferId: payment.transaction_id,
        paymentId: payment.id,
        amount: due,
        method: payment.method,
      });
      return 'applied';
    }
    const reason = word.failureReason ?? 'processing_error';
    await paymentsRepository.decide(trx, payment.id, 'failed', reason, at);
    await this.deps.steps.paymentFailed(trx, after, { transferId: payment.transaction_id, amount: due, reason });
    return 'applied';
  }

  /** The transfer's succeeded payment (PaymentsPort: a cancel or a refund of the transfer pays it back). */
  async succeeded(trx: Executor, transferId: string): Promise<SucceededPayment | undefined> {
    const payment = await paymentsRepository.succeeded(trx, transferId);
    return payment
      ? { id: payment.id, amount: money(BigInt(payment.amount), payment.currency as CurrencyCode) }
      : undefined;
  }

  /** Sends a payment's money back by the `payment.refund` job, in the caller's transaction (PaymentsPort). */
  async scheduleRefund(trx: Executor, paymentId: string): Promise<void> {
    await this.deps.jobs.enqueue(
      trx,
      PAYMENT_JOBS.refund,
      { paymentId },
      { uniqueKey: `${PAYMENT_JOBS.refund.name}:${paymentId}` },
    );
  }

  /** The `payment.refund` job: the gateway sends the money back, then the transfer is told (`refund_sent`), once. */
  async refund(paymentId: string): Promise<void> {
    const { gateway } = this.deps;
    const payment = await paymentsRepository.byId(this.deps.db, paymentId);
    if (!payment || payment.refunded_at || payment.status !== 'succeeded' || !payment.provider_payment_id) return;
    if (!gateway) throw new Error('No payment gateway to refund through');
    const amount = money(BigInt(payment.amount), payment.currency as CurrencyCode);
    await gateway.refundPayment({ providerPaymentId: payment.provider_payment_id, amount });
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.transfers.lock(trx, payment.transaction_id);
      const current = await paymentsRepository.lock(trx, paymentId);
      if (!current || current.refunded_at) return;
      await paymentsRepository.markRefunded(trx, paymentId, this.deps.now());
      await this.deps.steps.refundSent(trx, after, { transferId: payment.transaction_id, amount });
    });
  }

  /**
   * The `payments.reconcile` job: asks the gateway about payments pending for more than 10 minutes and
   * applies its answer. A payment the gateway never heard of (its start died before reaching it) fails.
   */
  async reconcile(): Promise<number> {
    const { gateway } = this.deps;
    if (!gateway) return 0;
    const stale = await paymentsRepository.stale(
      this.deps.db,
      new Date(this.deps.now().getTime() - RECONCILE_AFTER_MS),
      100,
    );
    let applied = 0;
    for (const p of stale) {
      try {
        if (p.provider !== gateway.name) continue;
        if (!p.provider_payment_id) {
          if (
            (await this.applyGatewayWord(p.id, {
              outcome: 'failed',
              amount: null,
              failureReason: 'processing_error',
              source: 'reconciler',
            })) === 'applied'
          )
            applied++;
          continue;
        }
        const seen = await gateway.getPayment(p.provider_payment_id);
        if (!seen || (seen.status !== 'succeeded' && seen.status !== 'failed')) continue;
        const result = await this.applyGatewayWord(p.id, {
          outcome: seen.status,
          amount: seen.amount,
          failureReason: seen.failureReason,
          source: 'reconciler',
        });
        if (result === 'applied') applied++;
      } catch (err) {
        this.deps.log.warn({ err, paymentId: p.id }, 'reconciler: could not settle a payment');
      }
    }
    return applied;
  }

  /** Schedules the next reconciler run (one queued at a time: uniqueKey `payments.reconcile`). */
  scheduleReconcile(db: Executor, delayMs = RECONCILE_EVERY_MS): Promise<string | null> {
    return this.deps.jobs.enqueue(
      db,
      PAYMENT_JOBS.reconcile,
      {},
      {
        runAt: new Date(this.deps.now().getTime() + delayMs),
        uniqueKey: PAYMENT_JOBS.reconcile.name,
      },
    );
  }
}

export type { CreatedPayment };
