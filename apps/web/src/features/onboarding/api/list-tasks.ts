import type { Task } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';
import { ROUTE_DATA_FRESH_MS } from '@/lib/query-client';

export const tasksQueryKey = ['tasks'] as const;

/** GET /client/v1/tasks. */
export const listTasks = (): Promise<Task[]> =>
  callEndpoint((contract) => contract.onboardingEndpoints.listTasks).then(({ tasks }) => tasks);

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: tasksQueryKey,
    queryFn: listTasks,
    // Fetched with the dashboard's code (features/dashboard prefetchDashboard): fresh for a moment.
    staleTime: ROUTE_DATA_FRESH_MS,
  });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
