import type { Quote, QuoteChange } from '@remit/contract';
import type { TFunction } from 'i18next';
import { formatAmount } from '@/lib/format-money';
import { formatRate, formatRatePair } from '@/lib/format-rate';

/** "1 GBP = 1.16012 EUR" (six significant digits: lib/format-rate.ts). */
export function rateInWords(
  t: TFunction,
  rate: string,
  quote: Pick<Quote, 'source_currency' | 'target_currency'>,
  locale: string,
) {
  return t('transfer.quote.rateValue', {
    rate: formatRate(rate, locale),
    source: quote.source_currency,
    target: quote.target_currency,
  });
}

/** What a refresh changed, in words: "Rate: 1.1601 → 1.1598", "Recipient gets: €1,160.10 → €1,159.80". */
export function describeChange(t: TFunction, change: QuoteChange, quote: Quote, locale: string): string {
  const rates = formatRatePair(change.from, change.to, locale);
  const value = (raw: string) => {
    switch (change.field) {
      case 'rate':
      case 'mid_market_rate':
        return raw === change.from ? rates[0] : rates[1];
      case 'target_amount':
        return formatAmount(raw, quote.target_currency, locale);
      case 'delivery_estimate':
        return raw;
      default:
        return formatAmount(raw, quote.source_currency, locale);
    }
  };
  return t('transfer.changes.line', {
    field: t(`transfer.changes.fields.${change.field}`),
    from: value(change.from),
    to: value(change.to),
  });
}

/** The country's name in the page's language (the code when the browser has none). */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
