import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { clearCustomer } from '@/lib/customer-store';
import { registerNavigate, registerUnauthorizedHandler } from '@/lib/navigation';
import { routes } from './routes';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/** Hand the router's navigate to the http client (seed §4: a 401 goes to signIn without a reload). */
export function connectRouter(router: DataRouter, queryClient: QueryClient): () => void {
  registerNavigate((to) => router.navigate(to, { replace: true }));
  registerUnauthorizedHandler(() => clearCustomer(queryClient));
  return () => {
    registerNavigate(null);
    registerUnauthorizedHandler(null);
  };
}

export function createAppRouter(queryClient: QueryClient): DataRouter {
  const router = createBrowserRouter(routes);
  connectRouter(router, queryClient);
  return router;
}
