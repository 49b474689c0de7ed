import { PaymentScreen } from '@/features/transfers';

/**
 * Route module of makePayment (docs/product/screens.md#routes), loaded on demand with the payment
 * texts (routes.tsx): `/pay/{transactionId}`.
 */
export function Component() {
  return <PaymentScreen />;
}
