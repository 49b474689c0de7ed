import {
  money,
  PAYMENT_SPEED,
  serialiseMinorUnits,
  type BankDetails as WireBankDetails,
  type CurrencyCode,
  type PayInMethod,
  type PaymentMethods,
  type QuoteFeeItem,
  type QuotePayInOption,
  type StartedPayment,
  type TransactionStatus,
} from '@remit/contract';
import type { PaymentGateway } from '../../adapters/payment-gateway/payment-gateway.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { PAYABLE, transferStatusWords } from '../transfers/transfer-steps.ts';
import { paymentsRepository, type PaymentRow } from './payments.repository.ts';

import type { PaymentsServiceDeps } from './payments.service.ts';
import { UUID } from '../../lib/ids.ts';
import { isUniqueViolation } from '../../db/errors.ts';

const PAY_IN_LABELS: Record<PayInMethod, string> = { bank_transfer: 'Bank transfer fee', card: 'Card fee' };
const METHOD_WORDS: Record<PayInMethod, string> = { bank_transfer: 'bank transfer', card: 'card' };

export const PAYMENT_NOT_ALLOWED = (status: TransactionStatus) =>
  `This transfer can't be paid now: ${transferStatusWords(status)}.`;
export const PAY_BY_PASSED = 'This transfer was not paid in time. Make a new transfer.';

/**
 * Starting a payment of a transfer (docs/product/money-movement.md#payment): the ways to pay, and
 * the payment created under the customer's and the transfer's row locks, then at the gateway.
 */
export class PaymentStart {
  constructor(private readonly deps: PaymentsServiceDeps) {}

  async owned(auth: AuthContext, id: string) {
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
}
