import { isFinal, type Transaction } from '@remit/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { timelineText } from '@/lib/timeline-text';

/** The next step's words, when one is expected. */
function nextStep(transaction: Transaction, t: TFunction, locale: string): string | null {
  const { status } = transaction;
  // A late step: its new date (docs/product/expected-times.md#in-the-app).
  if (transaction.delay && !isFinal(status)) {
    return t('delays.newDate', { date: formatDateTime(transaction.delay.revised_expected_at, locale) });
  }
  switch (status) {
    case 'awaiting_payment':
    case 'payment_failed':
      return t(`dashboard.transaction.nextStep.${status}`, { date: formatDateTime(transaction.pay_by, locale) });
    case 'paid':
    case 'processing':
      // A held transfer waits for the customer's answer (docs/product/holds.md#the-app).
      if (status === 'paid' && transaction.hold) return t('holds.next');
      return t(`dashboard.transaction.nextStep.${status}`, { estimate: transaction.delivery_estimate });
    case 'payment_processing':
    case 'returned':
      return t(`dashboard.transaction.nextStep.${status}`);
    case 'cancelled':
      return transaction.timeline.some((e) => e.status === 'paid')
        ? t('dashboard.transaction.nextStep.cancelled')
        : null;
    default:
      return null;
  }
}

/** The transfer's timeline, oldest first, then the next step when one is expected. */
export function Timeline({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation();
  const next = nextStep(transaction, t, i18n.language);
  return (
    <ol className="space-y-4" data-testid="timeline">
      {transaction.timeline.map((entry, i) => {
        // Worded in the customer's language from the entry's code (the api's English note otherwise).
        const text = timelineText(entry, t, i18n.language);
        return (
          <li key={`${entry.status}-${entry.at}-${i}`} className="relative border-l-2 border-blue-700 pl-4">
            <p className="font-semibold text-slate-900">{t(`dashboard.transfers.status.${entry.status}`)}</p>
            <p className="text-sm text-slate-700">
              <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>
            </p>
            {text && <p className="mt-0.5 text-sm break-words text-slate-800">{text}</p>}
          </li>
        );
      })}
      {next && (
        <li className="border-l-2 border-dashed border-slate-400 pl-4" data-testid="timeline-next">
          <p className="font-semibold text-slate-700">{t('dashboard.transaction.next')}</p>
          <p className="text-sm text-slate-800">{next}</p>
        </li>
      )}
    </ol>
  );
}
