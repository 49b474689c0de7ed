import type { Quote } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount, rateInWords } from '../lib/format';

/**
 * Every figure of a quote (docs/product/money-movement.md#quotes), in the order money moves: what
 * is sent, each fee, the total to pay, the rate against the mid-market rate, and what the recipient
 * gets, in large type.
 */
export function QuoteBreakdown({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation();
  const source = (amount: string) => formatAmount(amount, quote.source_currency, i18n.language);
  return (
    <section aria-label={t('transfer.quote.breakdown')} className="space-y-4" data-testid="quote-breakdown">
      <dl className="divide-y divide-slate-200 text-sm">
        <Row label={t('transfer.quote.youSend')} value={source(quote.source_amount)} testId="quote-source" />
        {quote.fee.items.map((item) => (
          <Row
            key={item.type}
            label={t(`transfer.quote.feeTypes.${item.type}`, { defaultValue: item.label })}
            value={item.amount === '0' ? t('transfer.quote.noFee') : source(item.amount)}
            muted
          />
        ))}
        <Row label={t('transfer.quote.totalFees')} value={source(quote.fee.total)} testId="quote-fees" />
        <Row label={t('transfer.quote.totalToPay')} value={source(quote.total_to_pay)} strong testId="quote-total" />
        <Row
          label={t('transfer.quote.rate')}
          value={rateInWords(t, quote.rate, quote, i18n.language)}
          testId="quote-rate"
        />
        <Row
          label={t('transfer.quote.midMarketRate')}
          value={rateInWords(t, quote.mid_market_rate, quote, i18n.language)}
          muted
          testId="quote-mid-rate"
        />
        <Row label={t('transfer.quote.delivery')} value={quote.delivery_estimate} testId="quote-delivery" />
      </dl>
      <div className="rounded-xl bg-blue-50 px-4 py-3">
        <p className="text-sm font-medium text-blue-900">{t('transfer.quote.recipientGets')}</p>
        <p className="text-3xl font-bold break-words text-slate-900" data-testid="quote-target">
          {formatAmount(quote.target_amount, quote.target_currency, i18n.language)}
        </p>
      </div>
    </section>
  );
}

function Row({
  label,
  value,
  strong = false,
  muted = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-testid={testId}>
      <dt className={muted ? 'text-slate-600' : 'text-slate-700'}>{label}</dt>
      <dd className={strong ? 'text-base font-semibold text-slate-900' : 'text-slate-900'}>{value}</dd>
    </div>
  );
}
