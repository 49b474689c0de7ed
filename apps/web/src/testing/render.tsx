import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { connectRouter } from '@/app/router';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

/** Render the real route tree at `path` with a fresh query client (no retries). */
export function renderRoute(path: string, options: { queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const disconnect = connectRouter(router, queryClient);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    router,
    queryClient,
    disconnect,
    pathname: () => router.state.location.pathname,
  };
}
