import { PaymentScreen } from '@/features/payment/components/payment-screen';
import { transactionQueryOptions } from '@/features/transfer/api/transactions';

/**
 * Route module of makePayment (docs/product/screens.md#routes), loaded on demand with the payment
 * texts (routes.tsx): `/pay/{transactionId}`, reading the transfer through the transfer feature's query.
 */
export function Component() {
  return <PaymentScreen transactionQuery={transactionQueryOptions} />;
}
