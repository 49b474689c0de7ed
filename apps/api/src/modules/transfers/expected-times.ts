import Holidays from 'date-holidays';
import type { PayInMethod, TransactionStatus } from '@remit/contract';

/**
 * Expected times (docs/product/expected-times.md): when the current step of a transfer should be
 * over and when the money should arrive, from the pay-in method's speed and the corridor's
 * delivery hours, the payout hours counted on the destination's working days only (no Saturday,
 * no Sunday, no public or bank holiday of the destination country, from `date-holidays`). Pure:
 * the same input gives the same answer.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * How long a payment takes to reach us (docs/product/expected-times.md#pay-in-speed): a card payment
 * is confirmed by the gateway within minutes, a bank transfer "usually within 2 hours".
 */
export const PAY_IN_MS: Record<PayInMethod, number> = { card: 900_000, bank_transfer: 7_200_000 };

/** The holiday types that close the payout partner's banks (public and bank holidays). */
const CLOSING_TYPES = new Set(['public', 'bank']);
/** `YYYY-MM-DD` of the destination's closing holidays, per country and year (computed once). */
const holidayCache = new Map<string, ReadonlySet<string>>();

/** The destination's public and bank holidays of a year, as local calendar dates `YYYY-MM-DD`. */
export function holidaysOf(country: string, year: number): ReadonlySet<string> {
  const key = `${country}:${year}`;
  let set = holidayCache.get(key);
  if (!set) {
    const calendar = new Holidays();
    const code = country.toUpperCase();
    // A country the package does not know has no holidays (only weekends are skipped).
    const known = Object.hasOwn(calendar.getCountries(), code);
    if (known) calendar.init(code);
    set = new Set(
      known
        ? (calendar.getHolidays(year) || []).filter((h) => CLOSING_TYPES.has(h.type)).map((h) => h.date.slice(0, 10))
        : [],
    );
    holidayCache.set(key, set);
  }
  return set;
}

/** The UTC calendar date of `at`, `YYYY-MM-DD`. */
const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
const startOfDay = (at: Date): Date => new Date(at.getTime() - (at.getTime() % DAY_MS));

/**
 * Whether the destination's banks pay out on the day of `at` (its UTC calendar date): not a
 * Saturday or Sunday, not one of the country's public or bank holidays.
 */
export function isWorkingDay(at: Date, country: string): boolean {
  const weekday = at.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(country, at.getUTCFullYear()).has(dayOf(at));
}

/** The start of the first working day after the day of `at`. */
export function nextWorkingDay(at: Date, country: string): Date {
  let day = new Date(startOfDay(at).getTime() + DAY_MS);
  // Never more than a few weeks of closed days in a row; bounded all the same.
  for (let i = 0; i < 366 && !isWorkingDay(day, country); i++) day = new Date(day.getTime() + DAY_MS);
  return day;
}

/**
 * `hours` of payout time after `start`, counted on the destination's working days only
 * (docs/product/expected-times.md#working-days): a start on a closed day counts from the next
 * working day's start, and the answer always falls on a working day.
 */
export function addWorkingHours(start: Date, hours: number, country: string): Date {
  let at = isWorkingDay(start, country) ? start : nextWorkingDay(start, country);
  let remaining = Math.max(0, hours) * HOUR_MS;
  for (let i = 0; i < 400; i++) {
    const dayEnd = startOfDay(at).getTime() + DAY_MS;
    const left = dayEnd - at.getTime();
    if (remaining < left) return new Date(at.getTime() + remaining);
    remaining -= left;
    at = nextWorkingDay(at, country);
  }
  return at;
}

/** What the expected times of a transfer are computed from. */
export interface ExpectedTimesInput {
  status: TransactionStatus;
  /** When the current step began (the transition's time, or now for a revised estimate). */
  since: Date;
  payInMethod: PayInMethod;
  /** The destination country (ISO 3166-1 alpha-2). */
  country: string;
  /** The corridor's delivery hours, the upper bound is used. */
  deliveryHours: { min: number; max: number };
  /** How long after payment the payout starts (PAYOUT_START_DELAY_SECONDS). */
  payoutStartDelayMs: number;
}

export interface ExpectedTimes {
  /** When the current step should be over; null for a step that is the customer's or a final one. */
  stepExpectedAt: Date | null;
  /** The expected arrival; null: keep the one stored (a transfer that ended without arriving). */
  expectedAt: Date | null;
}

/**
 * The expected times of a transfer entering `status` at `since`
 * (docs/product/expected-times.md#steps): unpaid, the arrival if paid now; a payment under way, the
 * pay-in speed; paid, the payout start; processing, the corridor's delivery hours on working days;
 * completed, when it arrived.
 */
export function expectedTimes(input: ExpectedTimesInput): ExpectedTimes {
  const { since, country } = input;
  const deliver = (from: Date) => addWorkingHours(from, input.deliveryHours.max, country);
  const startPayout = (from: Date) => new Date(from.getTime() + input.payoutStartDelayMs);
  const payIn = (from: Date) => new Date(from.getTime() + PAY_IN_MS[input.payInMethod]);
  switch (input.status) {
    case 'awaiting_payment':
    case 'payment_failed':
      return { stepExpectedAt: null, expectedAt: deliver(startPayout(payIn(since))) };
    case 'payment_processing': {
      const step = payIn(since);
      return { stepExpectedAt: step, expectedAt: deliver(startPayout(step)) };
    }
    case 'paid': {
      const step = startPayout(since);
      return { stepExpectedAt: step, expectedAt: deliver(step) };
    }
    case 'processing': {
      const step = deliver(since);
      return { stepExpectedAt: step, expectedAt: step };
    }
    case 'completed':
      return { stepExpectedAt: null, expectedAt: since };
    default:
      return { stepExpectedAt: null, expectedAt: null };
  }
}

/**
 * The delay codes (docs/product/expected-times.md#delay-codes): what made a step late.
 * `payment_not_received`: a payment under way was not confirmed in time; `payout_slow`: the payout
 * did not start or arrive in time; `payout_partner_holiday`: the payout partner holds the payout for
 * a bank holiday and gave a new date.
 */
export const DELAY_CODES = ['payment_not_received', 'payout_slow', 'payout_partner_holiday'] as const;
export type DelayCode = (typeof DELAY_CODES)[number];

/** The delay code of a step that overran (the job's), by the status it is stuck in. */
export function overrunCode(status: TransactionStatus): DelayCode | null {
  if (status === 'awaiting_payment' || status === 'payment_failed' || status === 'payment_processing') {
    return 'payment_not_received';
  }
  if (status === 'paid' || status === 'processing') return 'payout_slow';
  return null;
}

/** "2030-01-02 09:00 UTC". */
const utc = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The delay's English words (the wire's `delay.text`; the app words the code in the customer's language). */
export function delayEnglish(code: DelayCode, revised: Date): string {
  switch (code) {
    case 'payment_not_received':
      return `Your payment has not reached us yet. It should now arrive by ${utc(revised)}.`;
    case 'payout_slow':
      return `The payout is taking longer than usual. It should now arrive by ${utc(revised)}.`;
    case 'payout_partner_holiday':
      return `The recipient’s bank is closed for a public holiday. It should now arrive by ${utc(revised)}.`;
  }
}
