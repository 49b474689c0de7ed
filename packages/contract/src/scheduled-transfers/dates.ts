import type { ScheduleFrequency } from './schemas.ts';

/**
 * The calendar of scheduled transfers (docs/product/scheduled-transfers.md#dates), on `YYYY-MM-DD`
 * strings of the UTC calendar. A monthly schedule keeps its day of the month: on 29, 30 or 31 it runs
 * on the last day of a shorter month and comes back to its day after (31 Jan, 28 or 29 Feb, 31 Mar).
 */

const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 0, m ?? 1, d ?? 1];
}

const format = (y: number, m: number, d: number): string =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The UTC calendar date of an instant. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `date` plus `days` (negative: minus). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return utcDate(new Date(Date.UTC(y, m - 1, d) + days * DAY_MS));
}

/** How many days the month has (February of a leap year: 29). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** ISO weekday, 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = parts(date);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The `day` a schedule keeps from its run date: the weekday, the day of the month, or null (`once`). */
export function scheduleDay(frequency: ScheduleFrequency, date: string): number | null {
  if (frequency === 'weekly') return isoWeekday(date);
  if (frequency === 'monthly') return parts(date)[2];
  return null;
}

/**
 * The run after the one on `date`: a week later, or the same `day` of the next month (its last day
 * when shorter); null for `once` (it ends).
 */
export function nextRunDate(frequency: ScheduleFrequency, date: string, day: number | null): string | null {
  if (frequency === 'once') return null;
  if (frequency === 'weekly') return addDays(date, 7);
  const [y, m] = parts(date);
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  const wanted = day ?? parts(date)[2];
  return format(ny, nm, Math.min(wanted, daysInMonth(ny, nm)));
}

/** The first run on or after `from` (a schedule resumed after a run date went by); null for `once`. */
export function firstRunOnOrAfter(
  frequency: ScheduleFrequency,
  date: string,
  day: number | null,
  from: string,
): string | null {
  let next: string | null = date;
  while (next !== null && next < from) next = nextRunDate(frequency, next, day);
  return next;
}
