// Expected times (docs/product/expected-times.md): payout hours counted on the destination's working
// days only, from `date-holidays`. Properties over random start times, hours and countries, and
// worked examples (a Friday evening payment before a Monday holiday).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingHours,
  expectedTimes,
  holidaysOf,
  isWorkingDay,
  overrunCode,
  PAY_IN_MS,
} from '../../src/modules/transfers/expected-times.ts';

const HOUR_MS = 3_600_000;
const COUNTRIES = ['GB', 'DE', 'FR', 'KE', 'NG', 'IN', 'PH', 'MX', 'US', 'PK', 'BD', 'BR'] as const;
const country = fc.constantFrom(...COUNTRIES);
/** 2025 to 2035, to the minute. */
const instant = fc
  .integer({ min: Date.parse('2025-01-01T00:00:00Z') / 60_000, max: Date.parse('2035-12-31T00:00:00Z') / 60_000 })
  .map((m) => new Date(m * 60_000));
const hours = fc.integer({ min: 0, max: 96 });
const day = (at: Date) => at.toISOString().slice(0, 10);

describe('working days', () => {
  it('knows the destination’s public holidays from date-holidays (not a list of ours)', () => {
    expect(holidaysOf('DE', 2030).has('2030-01-01')).toBe(true);
    expect(holidaysOf('DE', 2030).has('2030-10-03')).toBe(true); // Tag der Deutschen Einheit
    expect(holidaysOf('KE', 2030).has('2030-06-01')).toBe(true); // Madaraka Day
    expect(holidaysOf('GB', 2030).has('2030-10-03')).toBe(false);
    expect(isWorkingDay(new Date('2030-10-03T12:00:00Z'), 'DE')).toBe(false);
    expect(isWorkingDay(new Date('2030-10-03T12:00:00Z'), 'GB')).toBe(true);
    expect(isWorkingDay(new Date('2030-10-05T12:00:00Z'), 'GB')).toBe(false); // a Saturday
  });

  it('never lands on a weekend or a destination holiday', () => {
    fc.assert(
      fc.property(instant, hours, country, (start, h, c) => {
        const end = addWorkingHours(start, h, c);
        const weekday = end.getUTCDay();
        expect(weekday === 0 || weekday === 6, `${end.toISOString()} is a weekend`).toBe(false);
        expect(holidaysOf(c, end.getUTCFullYear()).has(day(end)), `${day(end)} is a holiday in ${c}`).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('is never earlier than the start plus the hours, and equal to it within one working day', () => {
    fc.assert(
      fc.property(instant, hours, country, (start, h, c) => {
        const end = addWorkingHours(start, h, c);
        expect(end.getTime()).toBeGreaterThanOrEqual(start.getTime() + h * HOUR_MS);
        const sameDayEnd = Math.floor(start.getTime() / (24 * HOUR_MS)) * 24 * HOUR_MS + 24 * HOUR_MS;
        if (isWorkingDay(start, c) && start.getTime() + h * HOUR_MS < sameDayEnd) {
          expect(end.getTime()).toBe(start.getTime() + h * HOUR_MS);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is monotone in the start time and in the hours', () => {
    fc.assert(
      fc.property(instant, instant, hours, hours, country, (a, b, h1, h2, c) => {
        const [early, late] = a.getTime() <= b.getTime() ? [a, b] : [b, a];
        expect(addWorkingHours(early, h1, c).getTime()).toBeLessThanOrEqual(addWorkingHours(late, h1, c).getTime());
        const [few, many] = h1 <= h2 ? [h1, h2] : [h2, h1];
        expect(addWorkingHours(a, few, c).getTime()).toBeLessThanOrEqual(addWorkingHours(a, many, c).getTime());
      }),
      { numRuns: 300 },
    );
  });

  it('adds hours in steps: h1 then h2 is h1 + h2', () => {
    fc.assert(
      fc.property(instant, hours, hours, country, (start, h1, h2, c) => {
        const stepwise = addWorkingHours(addWorkingHours(start, h1, c), h2, c);
        expect(stepwise.getTime()).toBe(addWorkingHours(start, h1 + h2, c).getTime());
      }),
      { numRuns: 200 },
    );
  });
});

describe('expected times of a transfer', () => {
  const base = { payInMethod: 'card' as const, deliveryHours: { min: 2, max: 24 }, payoutStartDelayMs: 60_000 };

  it('a Friday evening payment to Kenya before a Monday holiday arrives on Tuesday', () => {
    // Friday 29 May 2026, 18:00 UTC; Monday 1 June 2026 is Madaraka Day in Kenya.
    expect(holidaysOf('KE', 2026).has('2026-06-01')).toBe(true);
    const times = expectedTimes({ ...base, status: 'paid', since: new Date('2026-05-29T18:00:00Z'), country: 'KE' });
    // 18:01 to midnight on Friday is 5 h 59 min; the other 18 h 1 min are on Tuesday 2 June.
    expect(times.stepExpectedAt?.toISOString()).toBe('2026-05-29T18:01:00.000Z');
    expect(times.expectedAt?.toISOString()).toBe('2026-06-02T18:01:00.000Z');
    // The same payment to Great Britain (no holiday on 1 June) arrives on Monday.
    const gb = expectedTimes({ ...base, status: 'paid', since: new Date('2026-05-29T18:00:00Z'), country: 'GB' });
    expect(gb.expectedAt?.toISOString()).toBe('2026-06-01T18:01:00.000Z');
  });

  it('a bank transfer arrives later than a card payment: the pay-in speed counts', () => {
    const since = new Date('2030-03-05T10:00:00Z');
    const card = expectedTimes({ ...base, status: 'awaiting_payment', since, country: 'GB' });
    const bank = expectedTimes({
      ...base,
      payInMethod: 'bank_transfer',
      status: 'awaiting_payment',
      since,
      country: 'GB',
    });
    expect(bank.expectedAt!.getTime() - card.expectedAt!.getTime()).toBe(PAY_IN_MS.bank_transfer - PAY_IN_MS.card);
    expect(card.stepExpectedAt).toBeNull();
    const paying = expectedTimes({
      ...base,
      payInMethod: 'bank_transfer',
      status: 'payment_processing',
      since,
      country: 'GB',
    });
    expect(paying.stepExpectedAt?.toISOString()).toBe('2030-03-05T12:00:00.000Z');
  });

  it('each step’s arrival is never before its step’s end; completed arrives when it completed; final steps keep it', () => {
    const statuses = ['awaiting_payment', 'payment_processing', 'paid', 'processing'] as const;
    fc.assert(
      fc.property(
        instant,
        country,
        fc.constantFrom(...statuses),
        fc.integer({ min: 0, max: 48 }),
        (since, c, status, max) => {
          const t = expectedTimes({ ...base, deliveryHours: { min: 0, max }, status, since, country: c });
          expect(t.expectedAt).not.toBeNull();
          expect(t.expectedAt!.getTime()).toBeGreaterThanOrEqual(since.getTime());
          if (t.stepExpectedAt) expect(t.expectedAt!.getTime()).toBeGreaterThanOrEqual(t.stepExpectedAt.getTime());
          expect(isWorkingDay(t.expectedAt!, c)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
    const at = new Date('2030-03-05T10:00:00Z');
    expect(expectedTimes({ ...base, status: 'completed', since: at, country: 'GB' }).expectedAt).toEqual(at);
    for (const status of ['cancelled', 'expired', 'returned', 'refunded'] as const) {
      expect(expectedTimes({ ...base, status, since: at, country: 'GB' })).toEqual({
        stepExpectedAt: null,
        expectedAt: null,
      });
    }
  });

  it('names the overrun of each step', () => {
    expect(overrunCode('payment_processing')).toBe('payment_not_received');
    expect(overrunCode('paid')).toBe('payout_slow');
    expect(overrunCode('processing')).toBe('payout_slow');
    expect(overrunCode('completed')).toBeNull();
  });
});
