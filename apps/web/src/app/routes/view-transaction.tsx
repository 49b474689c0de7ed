import { listRecipients, recipientListQueryOptions } from '@/features/recipients/api/recipients';
import { ConfirmDialog } from '@/features/recipients/components/confirm-dialog';
import { RecipientForm } from '@/features/recipients/components/recipient-form';
import type { ReturnedRecipientsSource } from '@/features/transactions/components/returned-panel';
import { ReceiptLink, TrackingShare } from '@/features/transactions/components/transaction-extras';
import { TransactionScreen } from '@/features/transactions/components/transaction-screen';
import { transactionQueryOptions } from '@/features/transfer/api/transactions';

/**
 * The recipients feature as a returned transfer's "Send to corrected details" uses it: its list
 * query, and its add form locked to the transfer's destination (as the transfer wizard does).
 */
const recipients: ReturnedRecipientsSource = {
  listRecipients,
  listQueryKey: (search) => recipientListQueryOptions(search).queryKey,
  renderAddForm: ({ destination, onAdded, onCancel }) => (
    <RecipientForm destination={destination} onSaved={onAdded} onCancel={onCancel} />
  ),
};

/**
 * Route module of viewTransaction (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): one transfer, read through the transfer feature's query, with the recipients'
 * confirmation dialog, the receipt link, the tracking link and the recipients (returned transfers)
 * in its slots.
 */
export function Component() {
  return (
    <TransactionScreen
      transactionQuery={transactionQueryOptions}
      ConfirmDialog={ConfirmDialog}
      receipt={(transaction) => <ReceiptLink transaction={transaction} />}
      share={(transaction) => <TrackingShare transaction={transaction} />}
      recipients={recipients}
    />
  );
}
