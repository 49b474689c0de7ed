import { isCurrencyCode, type QuoteNotice } from '@remit/contract';
import type { TFunction } from 'i18next';
import { formatMoney } from './format-money';
import { formatDateTime } from './format-date';

/**
 * A quote notice in the customer's language (docs/product/money-movement.md#quotes): worded here by
 * its `code` from its `params` (amounts as minor units with their currency, times ISO 8601), with the
 * api's English `text` as the fallback when a figure is missing. The texts are in the `transfer`
 * part (locales/<language>/transfer.ts), loaded with every screen that shows a quote.
 */
export function quoteNoticeText(notice: QuoteNotice, t: TFunction, locale: string): string {
  const p = notice.params;
  const amount = (value: string | undefined, currency: string | undefined): string | null =>
    value !== undefined && /^-?\d+$/.test(value) && currency !== undefined && isCurrencyCode(currency)
      ? formatMoney({ amount: value, currency }, locale)
      : null;
  const time = (iso: string | undefined): string | null => {
    if (!iso || Number.isNaN(Date.parse(iso))) return null;
    return formatDateTime(iso, locale);
  };
  /** The translation when every figure is there, else the api's English text. */
  const when = <T extends Record<string, string | null>>(values: T, word: (v: { [K in keyof T]: string }) => string) =>
    Object.values(values).every((v) => v !== null) ? word(values as { [K in keyof T]: string }) : notice.text;

  switch (notice.code) {
    case 'rate_date':
      return when(
        { asOf: time(p.as_of), lockedUntil: time(p.locked_until), amount: amount(p.target_amount, p.target_currency) },
        (v) => t('transfer.noticeTexts.rate_date', v),
      );
    case 'below_corridor_minimum':
      return when(
        { minSend: amount(p.min_send, p.send_currency), minReceive: amount(p.min_receive, p.target_currency) },
        (v) => t('transfer.noticeTexts.below_corridor_minimum', v),
      );
    case 'above_corridor_maximum':
      return when(
        { maxSend: amount(p.max_send, p.send_currency), maxReceive: amount(p.max_receive, p.target_currency) },
        (v) => t('transfer.noticeTexts.above_corridor_maximum', v),
      );
    case 'over_per_transfer_limit':
      return when(
        {
          limit: amount(p.limit, p.limit_currency),
          amount: amount(p.amount, p.currency),
          inLimit: amount(p.amount_in_limit_currency, p.limit_currency),
        },
        (v) => t('transfer.noticeTexts.over_per_transfer_limit', v),
      );
    case 'over_30_day_limit':
      return when({ limit: amount(p.limit, p.limit_currency), used: amount(p.used, p.limit_currency) }, (v) =>
        t('transfer.noticeTexts.over_30_day_limit', v),
      );
    case 'verification_needed':
      return t('transfer.noticeTexts.verification_needed');
    default:
      return notice.text;
  }
}

/** Notices about the customer's limits: their link (`/limits`) opens the limits screen. */
const LIMIT_NOTICES: ReadonlySet<string> = new Set(['over_per_transfer_limit', 'over_30_day_limit']);

/**
 * The words of a notice's link when they are not the screen's usual "Fix this": a limit notice's
 * link shows the limits and what counts against them, which is nothing to fix there.
 */
export function quoteNoticeLinkText(notice: QuoteNotice, t: TFunction): string | null {
  return LIMIT_NOTICES.has(notice.code) ? t('transfer.notices.seeLimits') : null;
}
