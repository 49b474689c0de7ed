import { createBrowserRouter } from 'react-router';
import { keepCorridorHandoff } from '@/lib/corridor-handoff';
import { clearCustomer } from '@/lib/customer-cache';
import { registerNavigate, registerUnauthorizedHandler } from '@/lib/navigation';
import { currentQueryClient } from '@/lib/query-client-ref';
import { routes } from './routes';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Hand the router's navigate to the http client (a 401 goes to signIn without a reload:
 * docs/product/auth-and-sessions.md#the-401-rule), and clear the stored customer on a 401 (before
 * the failed request settles). Without a query client yet (TanStack loads lazily) there is no
 * customer to clear.
 */
export function connectRouter(router: DataRouter): () => void {
  registerNavigate(
    (to) => router.navigate(to, { replace: true }),
    () => router.state.location.pathname,
  );
  registerUnauthorizedHandler(() => {
    const queryClient = currentQueryClient();
    if (queryClient) clearCustomer(queryClient);
    // A rate alert's link to the calculator survives the sign-in (docs/product/rate-alerts.md#mail).
    keepCorridorHandoff(router.state.location);
  });
  return () => {
    registerNavigate(null);
    registerUnauthorizedHandler(null);
  };
}

export function createAppRouter(): DataRouter {
  const router = createBrowserRouter(routes);
  connectRouter(router);
  return router;
}
