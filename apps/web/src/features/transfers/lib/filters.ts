import { TransactionStatus, type TransactionListQuery } from '@remit/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type TransferFilters = Pick<TransactionListQuery, 'search' | 'status' | 'from' | 'to'>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The transactions page's filters from its address (`?search=&status=&from=&to=`), as the list call
 * takes them: unknown statuses, malformed dates and a range that ends before it starts are left out
 * (the api would refuse them).
 */
export function filtersFrom(params: URLSearchParams): TransferFilters {
  const filters: TransferFilters = {};
  const search = params.get('search')?.trim();
  if (search) filters.search = search.slice(0, 100);
  const statuses = (params.get('status') ?? '')
    .split(',')
    .filter((s): s is TransactionStatus => TransactionStatus.safeParse(s).success);
  if (statuses.length > 0) filters.status = statuses.join(',');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const fromOk = DATE.test(from);
  const toOk = DATE.test(to);
  if (fromOk && toOk && to < from) {
    filters.from = from;
    return filters;
  }
  if (fromOk) filters.from = from;
  if (toOk) filters.to = to;
  return filters;
}

/** The filters of the current address, stable while it does not change. */
export function useTransferFilters(): TransferFilters {
  const [params] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => filtersFrom(params), [key]);
}
