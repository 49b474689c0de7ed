import type { Money } from '@remit/contract';
import type { ParsedWebhook, WebhookSignatureFailure } from '../../lib/webhook-signature.ts';

/**
 * A payment gateway (docs/product/payments.md#payment-gateway, docs/product/money-movement.md#payment):
 * it takes the customer's money by card (a hosted page the browser is sent to, then back to
 * `/payment/cb/{transactionId}`) or by bank transfer (account details and a reference). A real
 * provider (Stripe, Adyen, Checkout.com) implements the same interface; the sandbox gateway is
 * the embedded default.
 *
 * Its word reaches the api three ways, which feed one state machine (each outcome applies once):
 * the signed browser redirect (`verifyReturn`), the signed webhook (`parseWebhook`) and, for a
 * reconciler, a direct question (`getPayment`).
 */

export type PaymentMethod = 'card' | 'bank_transfer';

export interface CreatePaymentInput {
  /** Our payment's id: the idempotency key (creating it again answers the same payment). */
  paymentId: string;
  transactionId: string;
  /** What the customer pays: exact minor units (never a float). */
  amount: Money;
  method: PaymentMethod;
  /** Where the hosted page sends the browser back: `{APP_URL}/payment/cb/{transactionId}`. */
  returnUrl: string;
  customerEmail: string;
  /** Shown to the customer on the hosted page ("Transfer TR-8F3K2"); plain text. */
  description?: string;
}

/** Where the customer sends a bank transfer. */
export interface BankDetails {
  accountName: string;
  /** UK transfers: sort code and account number. */
  sortCode?: string;
  accountNumber?: string;
  /** Other transfers: IBAN and BIC. */
  iban?: string;
  bic?: string;
  /** The reference the customer must quote: it is how the gateway matches the money to the payment. */
  reference: string;
}

export type CreatedPayment =
  | { providerPaymentId: string; method: 'card'; redirectUrl: string }
  | { providerPaymentId: string; method: 'bank_transfer'; bankDetails: BankDetails };

export type GatewayPaymentStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed';

/** Why a payment failed, in our words (a real adapter maps its provider's codes onto these). */
export type PaymentFailureReason =
  'card_declined' | 'insufficient_funds' | 'authentication_failed' | 'cancelled' | 'processing_error';

export interface GatewayPayment {
  providerPaymentId: string;
  status: GatewayPaymentStatus;
  amount: Money;
  failureReason?: PaymentFailureReason;
}

export type PaymentEventType = 'payment.succeeded' | 'payment.failed';

/** A verified webhook notice. `id` is the event's own id: the inbox stores it so a repeat applies once. */
export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  providerPaymentId: string;
  /** Our payment id as given to createPayment (providers carry it as metadata), when the notice has it. */
  paymentId?: string;
  amount: Money;
  occurredAt: Date;
  failureReason?: PaymentFailureReason;
}

export type PaymentOutcome = 'succeeded' | 'failed';

/** The browser's return, verified: the gateway's word, still to be matched to the transaction by the caller. */
export type VerifiedReturn =
  { ok: true; providerPaymentId: string; outcome: PaymentOutcome } | { ok: false; reason: WebhookSignatureFailure };

/** Request headers as Node and Fastify give them. */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface PaymentGateway {
  /** The `{provider}` of `POST /webhooks/payments/{provider}` ("sandbox", "stripe"...). */
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The gateway's view of a payment (for a reconciler); null when it does not know the id. */
  getPayment(providerPaymentId: string): Promise<GatewayPayment | null>;
  /** Verifies and reads a webhook from its raw body (the bytes as received) and headers. */
  parseWebhook(rawBody: string | Buffer, headers: WebhookHeaders): ParsedWebhook<PaymentEvent>;
  /** Verifies the signed query of the browser's return to `/payment/cb/{transactionId}`. */
  verifyReturn(query: Readonly<Record<string, unknown>>): VerifiedReturn;
  /**
   * Sends a succeeded payment's money back to the customer (a cancelled transfer). Idempotent per
   * payment: asking again answers the same refund. Throws when the payment cannot be refunded.
   */
  refundPayment(input: { providerPaymentId: string; amount: Money }): Promise<{ refundId: string }>;
}
