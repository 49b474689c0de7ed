import type { TransactionStatus } from './schemas.ts';

/**
 * The transfer's life (docs/product/money-movement.md#transaction-statuses): the one table of the
 * transitions a transaction may make. Anything not listed is refused. Statuses only move forward:
 * the two ways back into an earlier status are a new attempt (a failed payment tried again, a
 * returned payout sent again with corrected details), each a new step on the timeline.
 */
export const TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  // Waiting for the customer's money: paying starts, a bank transfer arrives, the customer cancels,
  // or 24 hours pass.
  awaiting_payment: ['payment_processing', 'paid', 'cancelled', 'expired'],
  // The gateway is deciding.
  payment_processing: ['paid', 'payment_failed'],
  // Declined: try again (same or another method), cancel, or let it expire.
  payment_failed: ['payment_processing', 'paid', 'cancelled', 'expired'],
  // Paid: the payout starts, or the customer cancels before it does (refunded in full).
  paid: ['processing', 'cancelled'],
  // With the payout partner: delivered, or bounced.
  processing: ['completed', 'returned'],
  // Bounced: the customer chooses a refund or a new payout with corrected details.
  returned: ['refunded', 'processing'],
  // Cancelled after paying: the money goes back.
  cancelled: ['refunded'],
  completed: [],
  expired: [],
  refunded: [],
};

export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** No way out: the transfer's story is over. */
export function isFinal(status: TransactionStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/** The customer may cancel before the payout starts. */
export const CANCELLABLE: readonly TransactionStatus[] = ['awaiting_payment', 'payment_failed', 'paid'];
