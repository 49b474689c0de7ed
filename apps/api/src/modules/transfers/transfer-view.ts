import { type QuoteFeeItem, type TimelineEntry, type Transaction, type TransactionHold } from '@remit/contract';
import { type TransactionRow } from './transfers.repository.ts';
import { UUID } from '../../lib/ids.ts';
import { delayOf } from './transfer-delays.ts';

/**
 * A timeline entry with its params in one key order, however they were stored: jsonb orders object
 * keys its own way, in the timeline table and in a stored Idempotency-Key answer alike.
 */
const inKeyOrder = (entry: TimelineEntry): TimelineEntry =>
  entry.params
    ? {
        ...entry,
        params: Object.fromEntries(Object.entries(entry.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      }
    : entry;

/** An answer stored for an Idempotency-Key, given again as it was first given (its params in our order). */
export function storedTransaction(body: unknown): Transaction {
  const stored = body as Transaction;
  return { ...stored, timeline: stored.timeline.map(inKeyOrder) };
}

/** The transfer on the wire: its row and its timeline, oldest entry first; its open hold (docs/product/holds.md). */
export function toTransaction(
  row: TransactionRow,
  timeline: TimelineEntry[],
  hold: TransactionHold | null = null,
): Transaction {
  return {
    id: row.id,
    status: row.status,
    quote_id: row.quote_id,
    recipient_id: row.recipient_id,
    recipient: {
      id: row.recipient_id,
      name: row.recipient_name,
      country: row.recipient_country,
      currency: row.recipient_currency,
      payout_method: row.recipient_payout_method,
      summary: row.recipient_summary,
    },
    source_currency: row.source_currency,
    target_country: row.target_country,
    target_currency: row.target_currency,
    payout_method: row.payout_method,
    source_amount: row.source_amount,
    target_amount: row.target_amount,
    rate: row.rate,
    mid_market_rate: row.mid_market_rate,
    fee: { total: row.fee_total, items: row.fee_items as QuoteFeeItem[] },
    pay_in_method: row.pay_in_method,
    total_to_pay: row.total_to_pay,
    purpose: row.purpose as Transaction['purpose'],
    reference: row.reference,
    delivery_estimate: row.delivery_estimate,
    pay_by: row.pay_by.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    timeline: timeline.map(inKeyOrder),
    hold,
    expected_at: row.expected_at.toISOString(),
    step_expected_at: row.step_expected_at?.toISOString() ?? null,
    delay: delayOf(row),
  };
}

/** Opaque list cursor: the last row's (created_at, id). */
export const encodeCursor = (row: { created_at: Date; id: string }): string =>
  Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');

export function decodeCursor(cursor: string): [Date, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      const at = new Date(value[0]);
      return UUID.test(value[1]) && !Number.isNaN(at.getTime()) ? [at, value[1]] : null;
    }
  } catch {
    // not base64url JSON
  }
  return null;
}
