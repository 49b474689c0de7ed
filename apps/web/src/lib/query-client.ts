import { QueryClient } from '@tanstack/react-query';
import { currentQueryClient, provideQueryClient } from './query-client-ref';

export { currentQueryClient, provideQueryClient } from './query-client-ref';

/** HTTP status of an http client error, read structurally so the client stays out of the initial bundle. */
function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'response' in error) {
    const response = (error as { response?: { status?: unknown } }).response;
    if (typeof response?.status === 'number') return response.status;
  }
  return undefined;
}

/**
 * How long the data a route's loader fetched (app/route-data.ts) counts as fresh: the screen mounting
 * just after it arrived does not ask again. An invalidation (a mutation, a realtime event) still
 * refetches at once.
 */
export const ROUTE_DATA_FRESH_MS = 5_000;

/** Retry network and 5xx failures twice; never retry a 4xx answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one client, created on first use (this module, and TanStack with it, loads lazily). */
export function getAppQueryClient(): QueryClient {
  let client = currentQueryClient();
  if (!client) {
    client = createQueryClient();
    provideQueryClient(client);
  }
  return client;
}
