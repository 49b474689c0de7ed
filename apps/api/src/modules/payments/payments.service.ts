import {
  money,
  PAYMENT_SPEED,
  serialiseMinorUnits,
  toMajorString,
  type BankDetails as WireBankDetails,
  type CurrencyCode,
  type Money,
  type PayInMethod,
  type PaymentMethods,
  type QuoteFeeItem,
  type QuotePayInOption,
  type StartedPayment,
  type Transaction,
  type TransactionStatus,
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
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { PAYABLE, type SucceededPayment, type TransferSteps } from '../transfers/transfer-steps.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';
import type { InboxAnswer, WebhookInbox } from '../webhooks/webhook-inbox.ts';
import { PAYMENT_JOBS } from './payments.jobs.ts';
import { paymentsRepository, type PaymentRow } from './payments.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A payment pending longer than this is asked about by the reconciler. */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** The reconciler runs again this long after each run. */
export const RECONCILE_EVERY_MS = 5 * 60_000;

const PAY_IN_LABELS: Record<PayInMethod, string> = { bank_transfer: 'Bank transfer fee', card: 'Card fee' };
const METHOD_WORDS: Record<PayInMethod, string> = { bank_transfer: 'bank transfer', card: 'card' };
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

export const PAYMENT_NOT_ALLOWED = (status: TransactionStatus) =>
  `This transfer can't be paid now: ${STATUS_WORDS[status] ?? status.replace('_', ' ')}.`;
export const PAY_BY_PASSED = 'This transfer was not paid in time. Make a new transfer.';
const words = (m: Money): string => `${toMajorString(m)} ${m.currency}`;
const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

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
  constructor(private readonly deps: PaymentsServiceDeps) {}

  private async owned(auth: AuthContext, id: string) {
    const row = UUID.test(id) ? await this.deps.transfers.forPayment(auth.customerId, id) : undefined;
    if (!row) throw AppError.notFound();
    return row;
  }

  /** GET /client/v1/transactions/:id/payment-methods. */
  async methods(auth: AuthContext, id: string): Promise<PaymentMethods> {
    const row = await this.owned(auth, id);
    const options = row.pay_in_options as QuotePayInOption[];
    return {
      data: options.map((o) => ({
        method: o.method,
        fee: o.fee,
        total_to_pay: o.total_to_pay,
        currency: row.source_currency,
        available: o.available,
        reason: o.reason,
        speed: PAYMENT_SPEED[o.method],
      })),
    };
  }

  /**
   * POST /client/v1/transactions/:id/payments. Three steps: (1) under the customer's then the
   * transaction's row lock, the checks (the limits among them) and the payment row (one open
   * payment per transfer: a partial unique index), with the transfer's pay-in method, fee and
   * total set to the chosen option's; (2) the gateway, idempotent by our payment id, so concurrent
   * starts get the same answer; (3) the gateway's answer stored and, for a card, the transfer moved
   * to `payment_processing`.
   */
  async start(auth: AuthContext, id: string, method: PayInMethod, socketId?: string): Promise<StartedPayment> {
    const { gateway } = this.deps;
    const row = await this.owned(auth, id);
    if (!gateway) throw AppError.conflict('Payments are not available right now. Please try again later.');
    const options = row.pay_in_options as QuotePayInOption[];
    const option = options.find((o) => o.method === method);
    if (!option) throw AppError.validation({ method: [`This transfer can't be paid by ${METHOD_WORDS[method]}.`] });
    if (!option.available)
      throw AppError.validation({ method: [option.reason ?? 'This way to pay is not available.'] });
    const currency = row.source_currency as CurrencyCode;

    let payment: PaymentRow;
    try {
      payment = await this.deps.uow.run(async (trx) => {
        // The customer's lock first (as a confirm takes it): the limits are checked against every
        // other confirm and payment start of this customer (docs/product/money-movement.md#limits).
        await this.deps.transfers.lockCustomer(trx, auth.customerId);
        const locked = await this.deps.transfers.lock(trx, row.id);
        if (!locked) throw AppError.notFound();
        const open = await paymentsRepository.open(trx, row.id);
        // A payment still open on a transfer that closed meanwhile (cancelled, expired) is not answered.
        if (open && !PAYABLE.includes(locked.status) && locked.status !== 'payment_processing') {
          throw AppError.conflict(PAYMENT_NOT_ALLOWED(locked.status));
        }
        if (open) {
          if (open.method !== method) {
            throw AppError.conflict(
              `A payment by ${METHOD_WORDS[open.method]} is already under way for this transfer.`,
            );
          }
          return open;
        }
        if (!PAYABLE.includes(locked.status)) throw AppError.conflict(PAYMENT_NOT_ALLOWED(locked.status));
        const at = this.deps.now();
        if (at.getTime() >= locked.pay_by.getTime()) throw AppError.conflict(PAY_BY_PASSED);
        // Money is committed here: no payment starts that would take the customer over a limit.
        await this.deps.transfers.ensureWithinLimits(trx, auth, row.id);

        // The transfer's fee and total become the chosen option's.
        const items = (row.fee_items as QuoteFeeItem[]).filter((i) => i.type !== 'pay_in_fee');
        const feeWithout = items.reduce((sum, i) => sum + BigInt(i.amount), 0n);
        const payInFee = BigInt(option.fee);
        const feeItems: QuoteFeeItem[] = [
          ...items,
          { type: 'pay_in_fee', label: PAY_IN_LABELS[method], amount: option.fee },
        ];
        const total = BigInt(option.total_to_pay);
        await this.deps.transfers.setPayIn(trx, row.id, {
          pay_in_method: method,
          fee_items: JSON.stringify(feeItems),
          fee_total: feeWithout + payInFee,
          total_to_pay: total,
          at,
        });
        const paymentId = newId();
        await paymentsRepository.insert(trx, {
          id: paymentId,
          transaction_id: row.id,
          customer_id: auth.customerId,
          provider: gateway.name,
          provider_payment_id: null,
          method,
          amount: total,
          currency,
          status: 'pending',
          failure_reason: null,
          redirect_url: null,
          bank_details: null,
          created_at: at,
          updated_at: at,
        });
        const inserted = await paymentsRepository.byId(trx, paymentId);
        if (!inserted) throw AppError.internal('The payment just made cannot be read.');
        return inserted;
      });
    } catch (e) {
      // Another start won the one open payment: answer it.
      if (!isUniqueViolation(e)) throw e;
      const open = await paymentsRepository.open(this.deps.db, row.id);
      if (!open) throw AppError.conflict('Another payment of this transfer was just started. Please try again.');
      if (open.method !== method) {
        throw AppError.conflict(`A payment by ${METHOD_WORDS[open.method]} is already under way for this transfer.`);
      }
      payment = open;
    }

    if (payment.provider_payment_id && payment.redirect_url !== null) return this.started(payment);

    const amount = money(BigInt(payment.amount), payment.currency as CurrencyCode);
    const created = await this.createAtGateway(gateway, {
      paymentId: payment.id,
      transactionId: row.id,
      amount,
      method,
      returnUrl: this.returnUrl(row.id),
      customerEmail: row.email,
      description: `Transfer ${row.id.slice(0, 8).toUpperCase()}`,
    });
    return this.deps.uow.run(async (trx, after) => {
      await this.deps.transfers.lock(trx, row.id);
      const current = await paymentsRepository.lock(trx, payment.id);
      if (!current) throw AppError.notFound();
      if (!current.provider_payment_id) {
        const at = this.deps.now();
        const redirectUrl = created.method === 'card' ? created.redirectUrl : this.returnUrl(row.id);
        const bankDetails =
          created.method === 'bank_transfer'
            ? JSON.stringify({
                account_name: created.bankDetails.accountName,
                sort_code: created.bankDetails.sortCode ?? null,
                account_number: created.bankDetails.accountNumber ?? null,
                iban: created.bankDetails.iban ?? null,
                bic: created.bankDetails.bic ?? null,
                reference: created.bankDetails.reference,
                amount: serialiseMinorUnits(amount),
                currency: amount.currency,
              } satisfies WireBankDetails)
            : null;
        await paymentsRepository.setGatewayAnswer(trx, current.id, {
          provider_payment_id: created.providerPaymentId,
          redirect_url: redirectUrl,
          bank_details: bankDetails,
          at,
        });
        // A card payment is under way at the gateway: the transfer is told (a bank transfer waits).
        if (current.status === 'pending' && created.method === 'card') {
          await this.deps.steps.paymentUnderWay(trx, after, { transferId: row.id, amount, socketId });
        }
      }
      const stored = await paymentsRepository.byId(trx, current.id);
      return this.started(stored!);
    });
  }

  private async createAtGateway(gateway: PaymentGateway, input: Parameters<PaymentGateway['createPayment']>[0]) {
    try {
      return await gateway.createPayment(input);
    } catch (err) {
      // Two starts created the same payment at once: the second asks again and gets the first's.
      try {
        return await gateway.createPayment(input);
      } catch {
        this.deps.log.error({ err, paymentId: input.paymentId }, 'payment gateway: createPayment failed');
        throw AppError.internal('The payment could not be started. Please try again.');
      }
    }
  }

  private started(p: PaymentRow): StartedPayment {
    return {
      payment_id: p.id,
      method: p.method,
      redirect_url: p.redirect_url ?? this.returnUrl(p.transaction_id),
      bank_details: p.method === 'bank_transfer' ? (p.bank_details as WireBankDetails) : null,
    };
  }

  private returnUrl(transactionId: string): string {
    return `${this.deps.appUrl.replace(/\/+$/, '')}/payment/cb/${transactionId}`;
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
