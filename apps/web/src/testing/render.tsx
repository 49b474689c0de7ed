import type { Customer } from '@remit/contract';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { connectRouter } from '@/app/router';
import { routes } from '@/app/routes';
import { setCustomer } from '@/lib/customer-store';
import { createQueryClient, provideQueryClient } from '@/lib/query-client';
import { completeCustomer } from './security-fixtures';

/**
 * Render the real route tree at `path` with a fresh query client (no retries). As in the app, no
 * provider wraps the router: the client becomes the app's one, which the lazy query layout provides
 * and the sign-in/sign-up success handlers store the customer in.
 */
export function renderRoute(path: string, options: { queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  provideQueryClient(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const disconnect = connectRouter(router);
  const view = render(<RouterProvider router={router} />);
  return {
    ...view,
    router,
    queryClient,
    disconnect,
    pathname: () => router.state.location.pathname,
  };
}

/** renderRoute for a signed-in customer (by default past MFA, onboarding complete). */
export function renderSignedIn(path: string, customer: Customer = completeCustomer()) {
  const queryClient = createQueryClient();
  setCustomer(queryClient, customer);
  return renderRoute(path, { queryClient });
}
