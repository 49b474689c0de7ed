import { RecipientScreen } from '@/features/recipients/components/recipient-screen';

/**
 * Route module of viewRecipient (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): one recipient, its edit form (`?edit=1`) and delete.
 */
export function Component() {
  return <RecipientScreen />;
}
