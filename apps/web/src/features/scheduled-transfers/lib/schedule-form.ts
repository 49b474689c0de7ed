import {
  isCurrencyCode,
  parseMajor,
  toMajorString,
  money,
  utcDate,
  type ScheduleFrequency,
  type ScheduledTransfer,
  type TransferPurpose,
} from '@remit/contract';

/**
 * The schedule form's values as typed, and the request they make (docs/product/scheduled-transfers.md#calls).
 * Amounts are typed in major units and sent in minor units (the contract's parseMajor, never a float).
 */
export interface ScheduleFormValues {
  side: 'source' | 'target';
  amount: string;
  source_currency: string;
  frequency: ScheduleFrequency;
  next_run_on: string;
  purpose: TransferPurpose | '';
  reference: string;
}

/** The amount typed, in minor units of `currency`, or null when it is not a positive amount. */
export function minorUnits(typed: string, currency: string): string | null {
  if (!isCurrencyCode(currency)) return null;
  const text = typed.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  try {
    const value = parseMajor(text, currency);
    return value > 0n ? value.toString() : null;
  } catch {
    return null;
  }
}

/** Minor units shown in major units for the input ("10000" GBP → "100.00"). */
export function majorText(minor: string | null, currency: string): string {
  if (minor === null || !isCurrencyCode(currency)) return '';
  return toMajorString(money(minor, currency));
}

export function defaultValues(
  from: Partial<ScheduledTransfer> & { source_currency?: string },
  today: Date = new Date(),
): ScheduleFormValues {
  const side = from.target_amount ? 'target' : 'source';
  const currency = side === 'target' ? (from.target_currency ?? '') : (from.source_currency ?? 'GBP');
  return {
    side,
    amount: majorText((side === 'target' ? from.target_amount : from.source_amount) ?? null, currency),
    source_currency: from.source_currency ?? 'GBP',
    frequency: from.frequency ?? 'monthly',
    next_run_on: from.next_run_on ?? utcDate(today),
    purpose: from.purpose ?? '',
    reference: from.reference ?? '',
  };
}

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** A `YYYY-MM-DD` date in the customer's language ("31 Jan 2030"), read on the UTC calendar as runs are. */
export function formatRunDate(date: string, locale: string): string {
  let f = dateFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    dateFormatters.set(locale, f);
  }
  return f.format(new Date(`${date}T00:00:00Z`));
}

/** The name of ISO weekday `day` (1 Monday … 7 Sunday). */
export function weekdayName(day: number, locale: string): string {
  let f = weekdayFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    weekdayFormatters.set(locale, f);
  }
  // 2024-01-01 was a Monday.
  return f.format(new Date(Date.UTC(2024, 0, day)));
}
