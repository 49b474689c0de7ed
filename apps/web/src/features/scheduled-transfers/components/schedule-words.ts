import type { ScheduledTransfer } from '@remit/contract';
import type { TFunction } from 'i18next';
import { formatAmount } from '@/lib/format-money';
import { formatRunDate, weekdayName } from '../lib/schedule-form';

/** The amount a schedule fixes, with its currency ("100.00 GBP" sent or "5,000.00 KES" received). */
export function scheduleAmount(s: ScheduledTransfer, locale: string): string {
  return s.target_amount !== null
    ? formatAmount(s.target_amount, s.target_currency, locale)
    : formatAmount(s.source_amount ?? '0', s.source_currency, locale);
}

/** How often, in words ("Every month on day 31 (the last day in shorter months)"). */
export function frequencyWords(s: ScheduledTransfer, t: TFunction, locale: string): string {
  if (s.frequency === 'weekly' && s.day !== null) {
    return t('scheduledTransfers.frequencies.weekly', { day: weekdayName(s.day, locale) });
  }
  if (s.frequency === 'monthly' && s.day !== null) {
    return t(s.day > 28 ? 'scheduledTransfers.frequencies.monthlyLate' : 'scheduledTransfers.frequencies.monthly', {
      day: s.day,
    });
  }
  return t('scheduledTransfers.frequencies.once');
}

/** The last run in words, or "Not run yet". */
export function lastRunWords(s: ScheduledTransfer, t: TFunction, locale: string): string {
  const run = s.last_run;
  if (!run) return t('scheduledTransfers.item.lastRunNone');
  const date = formatRunDate(run.on, locale);
  if (run.error) {
    return t('scheduledTransfers.item.lastRunFailed', {
      date,
      reason: t(`scheduledTransfers.errors.${run.error.code}`),
    });
  }
  return t('scheduledTransfers.item.lastRunMade', { date });
}
