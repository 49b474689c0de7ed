import type { CurrencyCode, Money, RecipientPayoutMethod } from '@remit/contract';
import type { ParsedWebhook } from '../../lib/webhook-signature.ts';

/**
 * A payout partner (docs/product/payments.md#payout-partner): it delivers the money to the
 * recipient's bank account, mobile wallet or cash pickup point and tells us how it went through
 * signed webhooks (`payout.processing`, `payout.completed`, `payout.returned` with a reason). A real
 * partner implements the same interface; the sandbox partner is the embedded default.
 */

export interface PayoutRecipient {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  currency: CurrencyCode;
  payout_method: RecipientPayoutMethod;
  /** The recipient's details keyed by the requirement keys (`account_number`, `iban`, `phone_number`...). */
  details: Readonly<Record<string, string>>;
}

/**
 * The partner refused a payout for a reason that trying again cannot fix: the account does not take
 * this currency, it is closed, the details are invalid (docs/product/payments.md#payout-partner).
 * `reason` is in words for the customer ("This account can't receive EUR."). Any other error from
 * `startPayout` is taken as transient: the payout is asked for again later.
 */
export class PayoutRefused extends Error {
  constructor(readonly reason: string) {
    super(`payout refused: ${reason}`);
    this.name = 'PayoutRefused';
  }
}

export interface StartPayoutInput {
  /** Our payout's id: the idempotency key (starting it again answers the same payout). */
  payoutId: string;
  transactionId: string;
  /** What the recipient receives, in the recipient's currency: exact minor units. */
  amount: Money;
  recipient: PayoutRecipient;
}

export interface StartedPayout {
  /** The partner's id of the payout: its webhooks and getPayout use it. */
  partnerReference: string;
}

export type PartnerPayoutStatus = 'processing' | 'completed' | 'returned';

export interface PartnerPayout {
  partnerReference: string;
  status: PartnerPayoutStatus;
  amount: Money;
  /** Why a returned payout bounced, in words ("Account closed"). */
  returnReason?: string;
}

/**
 * `payout.held`: the partner holds the payout (its bank is closed for a public holiday) and will pay
 * it out by `expectedAt` (docs/product/expected-times.md#sandbox-triggers).
 */
export type PayoutEventType = 'payout.processing' | 'payout.held' | 'payout.completed' | 'payout.returned';

/** A verified webhook notice. `id` is the event's own id: the inbox stores it so a repeat applies once. */
export interface PayoutEvent {
  id: string;
  type: PayoutEventType;
  partnerReference: string;
  /** Our payout id as given to startPayout, when the notice carries it. */
  payoutId?: string;
  amount: Money;
  occurredAt: Date;
  /** Set on `payout.returned` only. */
  reason?: string;
  /** Set on `payout.held` only: the partner's new date. */
  expectedAt?: Date;
}

export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface PayoutPartner {
  /** The `{partner}` of `POST /webhooks/payouts/{partner}`. */
  readonly name: string;
  /** Throws PayoutRefused when no retry can succeed; any other error is transient. */
  startPayout(input: StartPayoutInput): Promise<StartedPayout>;
  /** The partner's view of a payout (for a reconciler); null when it does not know the reference. */
  getPayout(partnerReference: string): Promise<PartnerPayout | null>;
  /** Verifies and reads a webhook from its raw body (the bytes as received) and headers. */
  parseWebhook(rawBody: string | Buffer, headers: WebhookHeaders): ParsedWebhook<PayoutEvent>;
}
