import { isCurrencyCode, type CurrencyCode, type Quote, type QuoteNotice } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { DetailRow } from '@/components/ui/detail-row';
import { TextLink } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format-money';
import { formatRate } from '@/lib/format-rate';
import { quoteNoticeLinkText, quoteNoticeText } from '@/lib/quote-notice-text';

/**
 * The calculator's figures of the quote shown: each fee, the total to pay, our rate against the
 * mid-market rate, the delivery estimate and what the recipient gets; said politely once each quote lands.
 */
export function QuoteFigures({ quote, pending }: { quote: Quote | null; pending: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const source = quote && isCurrencyCode(quote.source_currency) ? quote.source_currency : null;
  const target = quote && isCurrencyCode(quote.target_currency) ? quote.target_currency : null;
  const money = (amount: string, currency: CurrencyCode) => formatMoney({ amount, currency }, locale);
  const summary =
    quote && source && target && !pending
      ? t('dashboard.calculator.summary', {
          amount: money(quote.target_amount, target),
          fee: money(quote.fee.total, source),
          total: money(quote.total_to_pay, source),
        })
      : '';

  return (
    <div>
      {/* Said once each quote lands, politely. */}
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="quote-announcement">
        {pending ? t('dashboard.calculator.quoting') : summary}
      </p>
      {pending && (
        <p aria-hidden="true" className="mb-2 text-sm text-slate-700" data-testid="quote-pending">
          {t('dashboard.calculator.quoting')}
        </p>
      )}
      {quote && source && target && (
        <dl
          data-testid="quote-breakdown"
          aria-busy={pending || undefined}
          className={cn('divide-y divide-slate-200 rounded-xl bg-slate-50 px-4 text-sm', pending && 'opacity-60')}
        >
          {quote.fee.items.map((item) => (
            <DetailRow key={item.type} label={t(`dashboard.calculator.feeTypes.${item.type}`)}>
              {money(item.amount, source)}
            </DetailRow>
          ))}
          {quote.fee.items.length > 1 && (
            <DetailRow label={t('dashboard.calculator.feeTotal')}>{money(quote.fee.total, source)}</DetailRow>
          )}
          <DetailRow label={t('dashboard.calculator.totalToPay')} strong>
            {money(quote.total_to_pay, source)}
          </DetailRow>
          <DetailRow label={t('dashboard.calculator.ourRate')}>
            {t('dashboard.calculator.rateValue', { source, target, rate: formatRate(quote.rate, locale) })}
          </DetailRow>
          <DetailRow label={t('dashboard.calculator.midMarketRate')}>
            {t('dashboard.calculator.rateValue', { source, target, rate: formatRate(quote.mid_market_rate, locale) })}
          </DetailRow>
          <DetailRow label={t('dashboard.calculator.delivery')}>{quote.delivery_estimate}</DetailRow>
          <DetailRow label={t('dashboard.calculator.recipientGets')} strong>
            <span className="text-2xl font-bold text-slate-900" data-testid="recipient-gets">
              {money(quote.target_amount, target)}
            </span>
          </DetailRow>
        </dl>
      )}
    </div>
  );
}

const noticeTones: Record<QuoteNotice['type'], string> = {
  info: 'border-slate-200 bg-white text-slate-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  blocked: 'border-red-300 bg-red-50 text-red-900',
};

export function QuoteNoticeList({ notices }: { notices: QuoteNotice[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="space-y-2" data-testid="quote-notices">
      {notices.map((notice) => (
        <li
          key={notice.code}
          data-type={notice.type}
          className={cn('rounded-xl border px-4 py-3 text-sm', noticeTones[notice.type])}
        >
          <p>{quoteNoticeText(notice, t, i18n.language)}</p>
          {notice.link && (
            <p className="mt-1">
              <TextLink to={notice.link}>{quoteNoticeLinkText(notice, t) ?? t('dashboard.calculator.fixIt')}</TextLink>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
