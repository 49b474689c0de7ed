import { RecipientForm } from '@/features/recipients/components/recipient-form';
import { listRecipients, recipientListQueryOptions } from '@/features/recipients/api/recipients';
import type { RecipientsSource } from '@/features/transfer/components/recipient-step';
import { TransferWizard } from '@/features/transfer/components/transfer-wizard';

/**
 * The recipients feature as the wizard uses it (features never import each other, the app composes
 * them): its list query, and its add form locked to the quote's destination.
 */
const recipients: RecipientsSource = {
  listRecipients,
  listQueryKey: (search) => recipientListQueryOptions(search).queryKey,
  renderAddForm: ({ destination, onAdded, onCancel }) => (
    <RecipientForm destination={destination} onSaved={onAdded} onCancel={onCancel} />
  ),
};

/**
 * Route module of transferWizard (docs/product/screens.md#routes), loaded on demand with the
 * transfer and recipients texts (routes.tsx): Send Money, `/transfer/{quoteId}?step=`.
 */
export function Component() {
  return <TransferWizard recipients={recipients} />;
}
