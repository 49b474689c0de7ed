import { describe, expect, it } from 'vitest';
import { filtersFrom } from './filters';

describe('transactions filters from the address', () => {
  it('keeps the search, known statuses and well-formed dates', () => {
    expect(
      filtersFrom(new URLSearchParams('search=%20Hans%20&status=paid,lost,completed&from=2026-11-01&to=2026-11-30')),
    ).toEqual({ search: 'Hans', status: 'paid,completed', from: '2026-11-01', to: '2026-11-30' });
  });

  it('leaves out what the api would refuse', () => {
    expect(filtersFrom(new URLSearchParams('status=lost&from=yesterday&to=2026-11-30'))).toEqual({ to: '2026-11-30' });
    expect(filtersFrom(new URLSearchParams('from=2026-11-30&to=2026-11-01'))).toEqual({ from: '2026-11-30' });
    expect(filtersFrom(new URLSearchParams(''))).toEqual({});
  });
});
