import { ConfirmDialog } from '@/features/recipients/components/confirm-dialog';
import { ReceiptLink, TrackingShare } from '@/features/transactions/components/transaction-extras';
import { TransactionScreen } from '@/features/transactions/components/transaction-screen';
import { transactionQueryOptions } from '@/features/transfer/api/transactions';

/**
 * Route module of viewTransaction (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): one transfer, read through the transfer feature's query, with the recipients'
 * confirmation dialog, the receipt link and the tracking link in its slots.
 */
export function Component() {
  return (
    <TransactionScreen
      transactionQuery={transactionQueryOptions}
      ConfirmDialog={ConfirmDialog}
      receipt={(transaction) => <ReceiptLink transaction={transaction} />}
      share={(transaction) => <TrackingShare transaction={transaction} />}
    />
  );
}
