import type { Task } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export const tasksQueryKey = ['tasks'] as const;

/** GET /client/v1/tasks. */
export const listTasks = (): Promise<Task[]> =>
  callEndpoint((contract) => contract.onboardingEndpoints.listTasks).then(({ tasks }) => tasks);

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: tasksQueryKey,
    queryFn: listTasks,
  });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
