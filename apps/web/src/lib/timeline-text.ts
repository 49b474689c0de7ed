import { isCurrencyCode, type TimelineEntry } from '@remit/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from './format-date';
import { formatMoney } from './format-money';

/**
 * A timeline entry in the customer's language (docs/product/money-movement.md#timeline-entries):
 * worded here by its `code` from its `params` (amounts as minor units with their currency, times
 * ISO 8601, reasons as codes or the payout partner's own words), with the api's English `note` as
 * the fallback for an entry without a code or with a figure missing. The texts are in the
 * `dashboard.transaction.timelineTexts` part (locales/<language>/dashboard.ts).
 */
const FAILURES = [
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
  'cancelled',
  'processing_error',
] as const;
type Failure = (typeof FAILURES)[number];
const isFailure = (v: string | undefined): v is Failure => FAILURES.includes(v as Failure);

export function timelineText(entry: TimelineEntry, t: TFunction, locale: string): string | null {
  const p = entry.params ?? {};
  const amount =
    p.amount !== undefined && /^-?\d+$/.test(p.amount) && p.currency !== undefined && isCurrencyCode(p.currency)
      ? formatMoney({ amount: p.amount, currency: p.currency }, locale)
      : null;
  const recipient = p.recipient ?? null;

  switch (entry.code) {
    case 'confirmed': {
      const payBy = p.pay_by && !Number.isNaN(Date.parse(p.pay_by)) ? formatDateTime(p.pay_by, locale) : null;
      return amount && payBy ? t('dashboard.transaction.timelineTexts.confirmed', { amount, payBy }) : entry.note;
    }
    case 'payment_under_way':
      return amount ? t('dashboard.transaction.timelineTexts.payment_under_way', { amount }) : entry.note;
    case 'refunding_returned':
      return amount ? t('dashboard.transaction.timelineTexts.refunding_returned', { amount }) : entry.note;
    case 'refund_sent':
      return amount ? t('dashboard.transaction.timelineTexts.refund_sent', { amount }) : entry.note;
    case 'payment_received': {
      const method =
        p.method === 'card'
          ? t('dashboard.transaction.timelineTexts.methods.card')
          : p.method === 'bank_transfer'
            ? t('dashboard.transaction.timelineTexts.methods.bank_transfer')
            : null;
      return amount && method
        ? t('dashboard.transaction.timelineTexts.payment_received', { amount, method })
        : entry.note;
    }
    case 'payment_failed': {
      const reason = isFailure(p.reason) ? t(`dashboard.transaction.timelineTexts.failures.${p.reason}`) : null;
      return amount && reason
        ? t('dashboard.transaction.timelineTexts.payment_failed', { amount, reason })
        : entry.note;
    }
    case 'delivered':
      return amount && recipient
        ? t('dashboard.transaction.timelineTexts.delivered', { amount, recipient })
        : entry.note;
    case 'payout_returned':
      // The reason is the payout partner's own words.
      return recipient && p.reason
        ? t('dashboard.transaction.timelineTexts.payout_returned', { recipient, reason: p.reason })
        : entry.note;
    case 'sent_again':
      return recipient && p.summary
        ? t('dashboard.transaction.timelineTexts.sent_again', { recipient, summary: p.summary })
        : entry.note;
    case 'cancelled':
      return t('dashboard.transaction.timelineTexts.cancelled');
    case 'cancelled_refunding':
      return t('dashboard.transaction.timelineTexts.cancelled_refunding');
    case 'expired':
      return t('dashboard.transaction.timelineTexts.expired');
    case 'payout_started':
      return t('dashboard.transaction.timelineTexts.payout_started');
    case 'payout_delayed':
      return t('dashboard.transaction.timelineTexts.payout_delayed');
    // Holds (docs/product/holds.md#notices): texts in locales/<language>/holds.ts.
    case 'hold_placed':
      return p.deadline && !Number.isNaN(Date.parse(p.deadline))
        ? t('holds.timeline.hold_placed', { date: formatDateTime(p.deadline, locale) })
        : t('holds.timeline.hold_placed_plain');
    case 'hold_cleared':
      return t('holds.timeline.hold_cleared');
    case 'hold_expired':
      return t('holds.timeline.hold_expired');
    default:
      return entry.note;
  }
}
