import { money, toMajorString, type CurrencyCode, type TimelineCode } from '@remit/contract';

/**
 * What a timeline entry says: a code and its parameters (docs/product/money-movement.md#timeline-entries).
 * The app words it in the customer's language; the api keeps the English words here, and only
 * here, for the entry's `note` (the transfer mails and older clients read it). Services never write
 * a sentence: they name the code and give the parameters.
 */
export interface TimelineNote {
  code: TimelineCode;
  /** Amounts as minor units with `currency`, times as ISO 8601, reasons as codes or partner words. */
  params: Record<string, string>;
}

const PAYMENT_FAILURES: Record<string, string> = {
  card_declined: 'the card was declined',
  insufficient_funds: 'the card has insufficient funds',
  authentication_failed: '3-D Secure authentication failed',
  cancelled: 'the payment was cancelled',
  processing_error: 'the payment could not be processed',
};
const PAY_IN_METHODS: Record<string, string> = { bank_transfer: 'bank transfer', card: 'card' };

/** "101.24 GBP" from `amount` (minor units) and `currency`. */
function amount(p: Record<string, string>): string {
  const currency = (p.currency ?? 'GBP') as CurrencyCode;
  return `${toMajorString(money(p.amount ?? '0', currency))} ${currency}`;
}
/** "2030-01-02 09:00 UTC". */
const utc = (iso: string | undefined): string => `${(iso ?? '').slice(0, 16).replace('T', ' ')} UTC`;

const ENGLISH: Record<TimelineCode, (p: Record<string, string>) => string> = {
  confirmed: (p) => `Transfer confirmed. Waiting for your payment of ${amount(p)} by ${utc(p.pay_by)}.`,
  payment_under_way: (p) => `Paying ${amount(p)} by card.`,
  payment_received: (p) => `We received your payment of ${amount(p)} by ${PAY_IN_METHODS[p.method ?? ''] ?? p.method}.`,
  payment_failed: (p) =>
    `Your payment of ${amount(p)} failed: ${PAYMENT_FAILURES[p.reason ?? ''] ?? p.reason ?? 'it was refused'}.`,
  cancelled: () => 'You cancelled this transfer.',
  cancelled_refunding: () => 'You cancelled this transfer. We are refunding your payment in full.',
  refunding_returned: (p) => `We are refunding your payment of ${amount(p)} in full, fees included.`,
  refund_sent: (p) => `We sent ${amount(p)} back to you.`,
  expired: () => 'This transfer expired: it was not paid in time.',
  payout_started: () => 'Your money is on its way to the recipient.',
  delivered: (p) => `${p.recipient} received ${amount(p)}.`,
  payout_returned: (p) =>
    `The payout to ${p.recipient} was returned: ${p.reason}. Choose a refund, or send it again with corrected details.`,
  sent_again: (p) => `Sending your money again, to ${p.recipient} (${p.summary}).`,
  payout_delayed: () =>
    'Your transfer is delayed: our payout partner has not taken it yet. We keep trying; you don’t need to do anything.',
  hold_placed: (p) =>
    `We need something from you before we send this transfer. Answer in the app by ${utc(p.deadline)}, or it is cancelled and refunded.`,
  hold_cleared: () => 'Thank you: we have what we needed. Your money is on its way.',
  hold_expired: () =>
    'We did not receive what we needed in time: we cancelled this transfer and are refunding it in full.',
};

/** The entry's English words (its `note`). */
export function timelineEnglish(note: TimelineNote): string {
  return ENGLISH[note.code](note.params);
}
