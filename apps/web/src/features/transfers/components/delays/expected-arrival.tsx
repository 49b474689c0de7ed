import type { TransactionDelay, TransactionStatus } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-date';

/** What the expected arrival is shown from: a transaction, or the public tracking answer. */
export interface ArrivalFacts {
  status: TransactionStatus;
  expected_at: string;
  delay: TransactionDelay | null;
}

/** Statuses with no arrival to expect (the money will not arrive, or came back). */
const NO_ARRIVAL: readonly TransactionStatus[] = ['cancelled', 'expired', 'returned', 'refunded'];

/**
 * The expected arrival of a transfer and, when it is late, why and the new date
 * (docs/product/expected-times.md#in-the-app), in the customer's language. A polite live region:
 * a delay pushed while the page is open is read out. `compact` is the one-line form of the lists.
 */
export function ExpectedArrival({ transfer, compact = false }: { transfer: ArrivalFacts; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (NO_ARRIVAL.includes(transfer.status)) return null;
  const date = (iso: string) => formatDateTime(iso, locale);
  const { delay } = transfer;

  if (compact) {
    return (
      <span
        data-testid="expected-arrival"
        className={cn('text-sm', delay ? 'font-semibold text-amber-900' : 'text-slate-700')}
      >
        {transfer.status === 'completed'
          ? t('delays.arrived', { date: date(transfer.expected_at) })
          : delay
            ? t('delays.listLate', { date: date(delay.revised_expected_at) })
            : t('delays.expectedBy', { date: date(transfer.expected_at) })}
      </span>
    );
  }

  return (
    <div aria-live="polite" aria-atomic="true" data-testid="expected-arrival">
      {delay ? (
        <div className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">{t('delays.heading')}</p>
          <p className="mt-1" data-testid="delay-reason">
            {t(`delays.reason.${delay.code}`)}
          </p>
          <p className="mt-1 font-semibold" data-testid="delay-new-date">
            <time dateTime={delay.revised_expected_at}>
              {t('delays.newDate', { date: date(delay.revised_expected_at) })}
            </time>
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-800">
          <time dateTime={transfer.expected_at}>
            {transfer.status === 'completed'
              ? t('delays.arrived', { date: date(transfer.expected_at) })
              : t('delays.expectedBy', { date: date(transfer.expected_at) })}
          </time>
        </p>
      )}
    </div>
  );
}
