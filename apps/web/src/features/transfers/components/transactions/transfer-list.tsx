import type { TransactionList } from '@remit/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { QueryError } from '@/components/ui/query-state';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { TransferListItem } from './transfer-list-item';

/** What the list reads of an infinite query of transaction pages (TanStack's result fits). */
export interface TransferPages {
  data: { pages: TransactionList[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface TransferListProps {
  query: TransferPages;
  /** Shown under "No transfers yet." (e.g. where to start one). */
  emptyHint?: ReactNode;
  /** Replaces the whole empty state (e.g. "No transfers match these filters."). */
  empty?: ReactNode;
  /** A "Load more" button while there are more pages (off for a fixed "latest N"). */
  loadMore?: boolean;
  /** At most this many items (the first page may hold more). */
  max?: number;
}

/** Transfers, newest first, with their loading, empty and error states and "Load more". */
export function TransferList({ query, emptyHint, empty, loadMore = false, max }: TransferListProps) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <SkeletonList
        label={t('dashboard.transfers.loading')}
        testId="transfers-loading"
        rowClassName="flex gap-3 p-4"
        row={
          <>
            <div className="h-10 w-10 rounded-full bg-slate-200" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-1/2 rounded bg-slate-200" />
              <div className="h-3 w-3/4 rounded bg-slate-100" />
            </div>
          </>
        }
      />
    );
  }
  if (query.isError && !query.data) {
    return (
      <QueryError
        message={t('dashboard.transfers.error')}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
        testId="transfers-error"
      />
    );
  }
  const all = query.data?.pages.flatMap((page) => page.data) ?? [];
  const items = max === undefined ? all : all.slice(0, max);
  if (items.length === 0) {
    if (empty) return empty;
    return (
      <div data-testid="transfers-empty" className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <p className="font-semibold text-slate-900">{t('dashboard.transfers.empty')}</p>
        {emptyHint && <p className="mt-1 text-slate-700">{emptyHint}</p>}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-3" data-testid="transfer-list">
        {items.map((transaction) => (
          <TransferListItem key={transaction.id} transaction={transaction} />
        ))}
      </ul>
      {loadMore && query.hasNextPage && (
        <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('dashboard.transfers.loadMore')}
        </Button>
      )}
    </div>
  );
}
