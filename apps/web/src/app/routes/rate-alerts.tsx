import { RateAlertsScreen } from '@/features/rate-alerts';

/** Route module of rate alerts (docs/product/rate-alerts.md), loaded on demand with its texts (routes.tsx). */
export function Component() {
  return <RateAlertsScreen />;
}
