import type { Transaction } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing } from '@/components/ui/focus';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format-date';
import { formatAmount } from '@/lib/format-money';
import { TransferStatusChip } from '@/components/money/transfer-status-chip';
import { ExpectedArrival } from '../delays/expected-arrival';

/**
 * One transfer in a list: the recipient, the status, what was sent and what they get, the date; the
 * whole row links to the transfer's page (`viewTransaction`).
 */
export function TransferListItem({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const sent = formatAmount(transaction.source_amount, transaction.source_currency, locale);
  const gets = formatAmount(transaction.target_amount, transaction.target_currency, locale);
  const date = formatDate(transaction.created_at, locale);
  return (
    <li data-testid="transfer-item">
      <Link
        to={paths.viewTransaction.getHref({ transactionId: transaction.id })}
        className={cn(
          'flex items-start gap-3 rounded-xl border border-slate-200 p-4 hover:border-blue-300 hover:bg-blue-50/40',
          focusRing,
        )}
      >
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-700"
        >
          {transaction.recipient.name.trim().charAt(0).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <span className="font-semibold break-words text-slate-900">{transaction.recipient.name}</span>
            <span className="font-semibold whitespace-nowrap text-slate-900">
              <span className="sr-only">{t('dashboard.transfers.theyGet', { amount: gets })}</span>
              <span aria-hidden="true">{gets}</span>
            </span>
          </span>
          <span className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-700">
            <span className="flex flex-wrap items-center gap-2">
              <TransferStatusChip status={transaction.status} />
              {transaction.hold && transaction.status === 'paid' && (
                // A held transfer waits for the customer (docs/product/holds.md#the-app).
                <span
                  className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                  data-testid="hold-badge"
                >
                  {t('holds.actionNeeded')}
                </span>
              )}
              <time dateTime={transaction.created_at}>{date}</time>
            </span>
            <span>{t('dashboard.transfers.youSent', { amount: sent })}</span>
          </span>
          <span className="mt-1 block">
            <ExpectedArrival transfer={transaction} compact />
          </span>
        </span>
      </Link>
    </li>
  );
}
