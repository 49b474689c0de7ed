import { LimitsScreen } from '@/features/limits';

/**
 * Route module of limits (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx; `dashboard` holds the words of the transfer status chip).
 */
export function Component() {
  return <LimitsScreen />;
}
