import { RecipientsScreen } from '@/features/recipients';

/**
 * Route module of recipients (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): the list, its search (`?search=`) and "Add a recipient" (`?add=1`).
 */
export function Component() {
  return <RecipientsScreen />;
}
