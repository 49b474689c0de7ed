import type { Money } from '@remit/contract';
import type { PayoutRecipient } from '../../adapters/payout-partner/index.ts';
import type { Executor } from '../../db/types.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';

/**
 * What the transfer module asks of the modules that depend on it (docs/decisions/0009): the
 * payments and payouts modules implement these ports and the composition root connects them
 * (TransferSteps.connect), so that the transfer module imports nothing of theirs.
 */

/** A transfer's succeeded payment, as the payments module tells it. */
export interface SucceededPayment {
  id: string;
  amount: Money;
}

/**
 * What the transfer asks of the payments module (implemented there, wired in the composition root,
 * so that the transfer module imports nothing of payments).
 */
export interface PaymentsPort {
  /** The transfer's succeeded payment (a paid transfer has one). */
  succeeded(trx: Executor, transferId: string): Promise<SucceededPayment | undefined>;
  /** Sends a payment's money back through the gateway: a durable job, in the caller's transaction. */
  scheduleRefund(trx: Executor, paymentId: string): Promise<void>;
}

/** The money of one payout, converted and reserved: what the payouts module writes its payout row from. */
export interface PayoutMoney {
  transferId: string;
  customerId: string;
  recipientId: string;
  /** The recipient exactly as confirmed (or as corrected by a resend). */
  recipient: PayoutRecipient;
  source: Money;
  target: Money;
  /** The pending `payout` posting's entries, posted or voided when the partner decides. */
  pendingEntryIds: string[];
}

/** What the transfer asks of the payouts module (implemented there, wired in the composition root). */
export interface PayoutsPort {
  /** On `paid`, in the same transaction: the payout starts by a durable job. */
  schedule(trx: Executor, transferId: string): Promise<void>;
  /** A new payout of money already converted and reserved (a resend): its row and its start job. */
  open(trx: Executor, payout: PayoutMoney): Promise<void>;
}

/** What the steps ask of holds (transfer-holds.ts): a paid transfer held before its payout. */
export interface HoldsPort {
  /** Places the hold a just-paid transfer needs; true when held (its payout waits). */
  placeIfNeeded(trx: Executor, after: AfterCommit, transferId: string): Promise<boolean>;
  /** Whether an open hold keeps the payout from starting. */
  isOpen(trx: Executor, transferId: string): Promise<boolean>;
}
