import { compare, money, VERIFICATION_REQUIRED, type CurrencyCode, toMajorWithCurrency } from '@remit/contract';
import type { Executor, TransactionStatusColumn } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { hoursInMs, type Clock } from '../../lib/clock.ts';
import type { AuthContext } from '../auth/session.service.ts';
import {
  LIMITS_CURRENCY,
  SEND_LIMITS,
  type CountedInLast30Days,
  type LimitsService,
  type UsedInLast30Days,
} from '../quotes/limits.service.ts';
import { transfersRepository } from './transfers.repository.ts';

/**
 * Statuses of transfers that can no longer be paid: they do not count against the limits
 * (docs/product/money-movement.md#limits). Every other transfer counts from its confirmation, a
 * declined one (`payment_failed`) too, since it can still be paid.
 */
export const NOT_COUNTED_STATUSES: readonly TransactionStatusColumn[] = ['cancelled', 'expired', 'refunded'];
/** How long a transfer counts against the rolling limit after it is confirmed. */
export const LIMIT_WINDOW_MS = hoursInMs(30 * 24);
/** The limits screen lists at most this many of the transfers that count. */
const COUNTED_SHOWN = 100;

const words = toMajorWithCurrency;

/**
 * What counts against the 30-day limit (docs/product/money-movement.md#limits): the GBP amounts (at
 * the mid-market rate when each transfer was confirmed) of the customer's transfers confirmed in the
 * last 30 days that can still be paid or were paid: the LimitsService's `usedInLast30Days`, wired in
 * the composition root.
 */
export function usedInLast30Days(db: Executor): UsedInLast30Days {
  return (customerId, at) =>
    transfersRepository.limitsAmountSince(
      db,
      customerId,
      new Date(at.getTime() - LIMIT_WINDOW_MS),
      NOT_COUNTED_STATUSES,
    );
}

/** The transfers behind `usedInLast30Days`, newest first (the limits screen's "what counts"). */
export function countedInLast30Days(db: Executor): CountedInLast30Days {
  return async (customerId, at) => {
    const rows = await transfersRepository.countedSince(
      db,
      customerId,
      new Date(at.getTime() - LIMIT_WINDOW_MS),
      NOT_COUNTED_STATUSES,
      COUNTED_SHOWN,
    );
    return rows.map((r) => ({
      transaction_id: r.id,
      recipient_name: r.recipient_name,
      status: r.status,
      source_amount: r.source_amount,
      source_currency: r.source_currency,
      amount: r.limits_amount,
      created_at: r.created_at.toISOString(),
      counts_until: new Date(r.created_at.getTime() + LIMIT_WINDOW_MS).toISOString(),
    }));
  };
}

/**
 * The 30-day limit's refusal in words when `used` (what counts already) and `adding` (GBP minor
 * units) together go over it; null within it.
 */
export function overRollingLimit(used: bigint, adding: bigint): string | null {
  const rolling = money(SEND_LIMITS.rolling30Days, LIMITS_CURRENCY);
  if (used + adding <= rolling.amount) return null;
  return `This is over your 30-day limit of ${words(rolling)}: ${words(money(used, LIMITS_CURRENCY))} already counts against it (your transfers of the last 30 days, unpaid ones included).`;
}

/**
 * Before a payment of the customer's transfer starts, under the customer's row lock (lockCustomer,
 * in the same transaction): the customer may still send, the transfer is within the per-transfer
 * limit and, with every other transfer that counts (this one included), within the 30-day limit
 * (docs/product/money-movement.md#limits). Limits are a promise about money paid: whatever
 * happened since the confirm, no payment starts that would break them.
 */
export async function ensureWithinLimits(
  trx: Executor,
  deps: { limits: Pick<LimitsService, 'eligibility'>; now: Clock },
  auth: AuthContext,
  transactionId: string,
): Promise<void> {
  const { canSend, missing } = deps.limits.eligibility(auth);
  if (!canSend) {
    throw AppError.forbidden(
      `Before you can send, finish: ${missing.map((m) => m.text).join(' ')}`.trim(),
      VERIFICATION_REQUIRED,
    );
  }
  const row = await transfersRepository.limitsOf(trx, auth.customerId, transactionId);
  if (!row) throw AppError.notFound();
  const inGbp = money(row.limits_amount, LIMITS_CURRENCY);
  const perTransfer = money(SEND_LIMITS.perTransfer, LIMITS_CURRENCY);
  if (compare(inGbp, perTransfer) > 0) {
    const source = money(row.source_amount, row.source_currency as CurrencyCode);
    throw AppError.validation({
      transaction_id: [
        `This is over your limit of ${words(perTransfer)} per transfer (${words(source)} is about ${words(inGbp)}).`,
      ],
    });
  }
  const at = deps.now();
  const used = await usedInLast30Days(trx)(auth.customerId, at);
  // This transfer counts already (it can be paid) unless it left the window: then add it.
  const counted =
    !NOT_COUNTED_STATUSES.includes(row.status) && row.created_at.getTime() > at.getTime() - LIMIT_WINDOW_MS;
  const others = counted ? used - inGbp.amount : used;
  const over = overRollingLimit(others, inGbp.amount);
  if (over) {
    throw AppError.validation({
      transaction_id: [`${over} Cancel a transfer you will not pay to free its amount, or wait.`],
    });
  }
}
