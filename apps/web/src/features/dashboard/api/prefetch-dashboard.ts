import type { QueryClient } from '@tanstack/react-query';
import { limitsQueryOptions } from '@/features/limits';
import { tasksQueryOptions } from '@/features/onboarding';
import { scheduledTransfersQueryOptions } from '@/features/scheduled-transfers';
import { transactionListQueryOptions } from '@/features/transfers';
import { corridorsQueryOptions } from '@/lib/corridors';

/** The dashboard shows the latest transfers; "View all" opens the transactions page. */
export const RECENT = 5;

/** The query of the dashboard's latest transfers (the same cache entry as the screen's). */
export const recentTransfersQueryOptions = () => transactionListQueryOptions({ limit: RECENT });

/**
 * Starts every call the dashboard makes, at once, when its route matches (app/route-data.ts): the
 * calculator's corridors first, then the panels under it. Only what the cache does not hold yet: a
 * screen mounted on cached data refreshes it itself, as before. Failures are left to the screen
 * (its query shows the error and retries), so nothing here throws.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  const missing = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey) === undefined;
  const start = (queryKey: readonly unknown[], prefetch: () => Promise<void>) => {
    if (missing(queryKey)) void prefetch().catch(() => undefined);
  };
  const corridors = corridorsQueryOptions();
  start(corridors.queryKey, () => queryClient.prefetchQuery(corridors));
  const limits = limitsQueryOptions();
  start(limits.queryKey, () => queryClient.prefetchQuery(limits));
  const tasks = tasksQueryOptions();
  start(tasks.queryKey, () => queryClient.prefetchQuery(tasks));
  const recent = recentTransfersQueryOptions();
  start(recent.queryKey, () => queryClient.prefetchInfiniteQuery(recent));
  const scheduled = scheduledTransfersQueryOptions();
  start(scheduled.queryKey, () => queryClient.prefetchQuery(scheduled));
}
