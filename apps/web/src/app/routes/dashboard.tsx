import { DashboardScreen } from '@/features/dashboard';

/**
 * Route module of dashboard (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): the dashboard feature's page.
 */
export function Component() {
  return <DashboardScreen />;
}
