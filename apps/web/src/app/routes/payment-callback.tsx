import { PaymentCallbackScreen } from '@/features/transfers';

/**
 * Route module of paymentCallback (docs/product/screens.md#routes), "Processing Payment", loaded on
 * demand with the payment texts (routes.tsx): the return from the payment, waiting for its outcome.
 */
export function Component() {
  return <PaymentCallbackScreen />;
}
