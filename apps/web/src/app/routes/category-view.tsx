import { CategoryUploadScreen } from '@/features/verification';

/**
 * Route module of categoryView (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx); the parameter is the category's id (its code works too).
 */
export function Component() {
  return <CategoryUploadScreen />;
}
