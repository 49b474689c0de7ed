import type { Quote } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { DetailRow } from '@/components/ui/detail-row';
import { formatAmount } from '@/lib/format-money';
import { rateInWords } from '../../lib/quote-words';

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
        <DetailRow label={t('transfer.quote.youSend')} value={source(quote.source_amount)} testId="quote-source" />
        {quote.fee.items.map((item) => (
          <DetailRow
            key={item.type}
            label={t(`transfer.quote.feeTypes.${item.type}`, { defaultValue: item.label })}
            value={item.amount === '0' ? t('transfer.quote.noFee') : source(item.amount)}
            muted
          />
        ))}
        <DetailRow label={t('transfer.quote.totalFees')} value={source(quote.fee.total)} testId="quote-fees" />
        <DetailRow
          label={t('transfer.quote.totalToPay')}
          value={source(quote.total_to_pay)}
          strong
          testId="quote-total"
        />
        <DetailRow
          label={t('transfer.quote.rate')}
          value={rateInWords(t, quote.rate, quote, i18n.language)}
          testId="quote-rate"
        />
        <DetailRow
          label={t('transfer.quote.midMarketRate')}
          value={rateInWords(t, quote.mid_market_rate, quote, i18n.language)}
          muted
          testId="quote-mid-rate"
        />
        <DetailRow label={t('transfer.quote.delivery')} value={quote.delivery_estimate} testId="quote-delivery" />
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
