import { TransferWizard } from '@/features/transfers';

/**
 * Route module of transferWizard (docs/product/screens.md#routes), loaded on demand with the
 * transfer and recipients texts (routes.tsx): Send Money, `/transfer/{quoteId}?step=`.
 */
export function Component() {
  return <TransferWizard />;
}
