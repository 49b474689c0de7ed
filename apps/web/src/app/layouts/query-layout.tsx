import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { getAppQueryClient } from '@/lib/query-client';

/**
 * Pathless lazy route around every screen that uses TanStack Query (MFA, password recovery and the
 * signed-in layout). Sign-in and sign-up do without it, so TanStack stays out of their bundle; the
 * client is the app's single one, so its cache outlives moves between these routes and sign-in.
 */
export function Component() {
  return (
    <QueryClientProvider client={getAppQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}
