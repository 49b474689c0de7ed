import { addDays, daysInMonth, firstRunOnOrAfter, isoWeekday, nextRunDate, scheduleDay } from '@remit/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The calendar of scheduled transfers (docs/product/scheduled-transfers.md#dates).
const date = fc
  .date({ min: new Date('1999-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const parts = (d: string) => d.split('-').map(Number) as [number, number, number];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

describe('next run dates', () => {
  it('weekly: seven days later, on the same weekday', () => {
    fc.assert(
      fc.property(date, (d) => {
        const next = nextRunDate('weekly', d, scheduleDay('weekly', d))!;
        expect(isoWeekday(next)).toBe(isoWeekday(d));
        expect(addDays(next, -7)).toBe(d);
        expect(next > d).toBe(true);
      }),
    );
  });

  it('monthly: the next month, on its day or the last day of a shorter month', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 31 }), (d, day) => {
        const next = nextRunDate('monthly', d, day)!;
        const [y, m] = parts(d);
        const [ny, nm, nd] = parts(next);
        expect(ny * 12 + nm).toBe(y * 12 + m + 1);
        expect(nd).toBe(Math.min(day, daysInMonth(ny, nm)));
      }),
    );
  });

  it('monthly: a day kept through every month comes back after a short one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2150 }), fc.integer({ min: 29, max: 31 }), (year, day) => {
        let d = `${year}-01-${day}`;
        for (let i = 0; i < 24; i++) {
          const next = nextRunDate('monthly', d, day)!;
          const [ny, nm, nd] = parts(next);
          expect(nd).toBe(Math.min(day, daysInMonth(ny, nm)));
          d = next;
        }
        expect(parts(d)[2]).toBe(day);
      }),
    );
  });

  it('February has 29 days in leap years only (every fourth year, not centuries, but every fourth century)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1600, max: 2800 }), (y) => {
        expect(daysInMonth(y, 2)).toBe(isLeap(y) ? 29 : 28);
        expect(nextRunDate('monthly', `${y}-01-31`, 31)).toBe(`${y}-02-${isLeap(y) ? 29 : 28}`);
      }),
    );
    expect(nextRunDate('monthly', '2100-01-30', 30)).toBe('2100-02-28');
    expect(nextRunDate('monthly', '2000-01-30', 30)).toBe('2000-02-29');
    expect(nextRunDate('monthly', '2030-12-31', 31)).toBe('2031-01-31');
    expect(nextRunDate('once', '2030-12-31', null)).toBeNull();
  });

  it('firstRunOnOrAfter: the earliest run on or after the date, none for a past once', () => {
    fc.assert(
      fc.property(
        date,
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('weekly' as const, 'monthly' as const),
        (d, gap, f) => {
          const from = addDays(d, gap);
          const day = scheduleDay(f, d);
          const first = firstRunOnOrAfter(f, d, day, from)!;
          expect(first >= from).toBe(true);
          // The run before it is before `from` (or it is the schedule's own date).
          if (first !== d) {
            let prev = d;
            while (nextRunDate(f, prev, day)! < first) prev = nextRunDate(f, prev, day)!;
            expect(prev < from).toBe(true);
          }
        },
      ),
    );
    expect(firstRunOnOrAfter('once', '2030-01-01', null, '2030-01-02')).toBeNull();
    expect(firstRunOnOrAfter('once', '2030-01-03', null, '2030-01-02')).toBe('2030-01-03');
  });
});
