import { TransactionScreen } from '@/features/transfers';

/**
 * Route module of viewTransaction (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): one transfer, its receipt and tracking link, and for a returned one the recipients
 * to send it again to.
 */
export function Component() {
  return <TransactionScreen />;
}
