import type { Task } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';

export const tasksQueryKey = ['tasks'] as const;

/** GET /client/v1/tasks, parsed with the contract. */
export async function listTasks(): Promise<Task[]> {
  const { http, contract } = await loadApi();
  const res = await http.get<unknown>(contract.onboardingEndpoints.listTasks.path);
  return contract.onboardingEndpoints.listTasks.response.parse(res.data).tasks;
}

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: tasksQueryKey,
    queryFn: listTasks,
  });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
