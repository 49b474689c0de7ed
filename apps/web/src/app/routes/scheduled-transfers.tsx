import { ScheduledTransfersScreen } from '@/features/scheduled-transfers';

/**
 * Route module of scheduledTransfers (docs/product/scheduled-transfers.md), loaded on demand with its
 * texts (routes.tsx; `transfer` holds the purposes' words).
 */
export function Component() {
  return <ScheduledTransfersScreen />;
}
