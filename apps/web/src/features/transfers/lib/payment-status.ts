import { isCurrencyCode } from '@remit/contract';
import { formatMoney } from '@/lib/format-money';

/** An amount of minor units in its currency, in the page's locale (the raw figures for an unknown currency). */
export function formatAmount(amount: string, currency: string, locale: string): string {
  return isCurrencyCode(currency) ? formatMoney({ amount, currency }, locale) : `${amount} ${currency}`;
}

/** A date and time in the page's locale ("21 Nov 2026, 10:00"). */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A transfer's short reference, as the gateway's description shows it ("5E0C1D2A"). */
export function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** Statuses after a successful payment. */
export const PAID_STATUSES = ['paid', 'processing', 'completed'] as const;
/** Statuses that can no longer be paid. */
export const CLOSED_STATUSES = ['cancelled', 'expired', 'refunded', 'returned'] as const;
