import { VerificationOverview } from '@/features/verification';

/**
 * Route module of accountVerification (docs/product/screens.md#routes), loaded on demand with its
 * texts (routes.tsx).
 */
export function Component() {
  return <VerificationOverview />;
}
