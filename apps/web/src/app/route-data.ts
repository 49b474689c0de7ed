import { prefetchDashboard } from '@/features/dashboard';
import { loadApi } from '@/lib/api-loader';
import { profileQueryOptions } from '@/lib/customer-store';
import { getAppQueryClient } from '@/lib/query-client';

/**
 * What a route's data needs, started by its loader (routes.tsx) when the route matches: in parallel
 * with the route's lazy code, not after it has rendered. Loaded on demand (not in sign-in's bundle).
 * Nothing here is awaited by the router: the screens read the same cache entries and keep their own
 * loading, empty and error states.
 */

/** Every signed-in screen: the api layer and the customer (the signed-in layout waits for it). */
export function startSignedIn(): void {
  const queryClient = getAppQueryClient();
  void loadApi().catch(() => undefined);
  if (queryClient.getQueryState(profileQueryOptions().queryKey) === undefined) {
    void queryClient.prefetchQuery(profileQueryOptions()).catch(() => undefined);
  }
}

/** The dashboard: the calculator's corridors, the limits, tasks, schedules and latest transfers. */
export function startDashboard(): void {
  prefetchDashboard(getAppQueryClient());
}
