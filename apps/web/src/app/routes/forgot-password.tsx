import { ForgotPasswordScreen } from '@/features/security';

/** Route module of forgotPassword (docs/product/screens.md#routes), loaded on demand. */
export function Component() {
  return <ForgotPasswordScreen />;
}
