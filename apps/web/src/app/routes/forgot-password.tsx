import { ForgotPasswordScreen } from '@/features/security/components/forgot-password-screen';

/** Route module of forgotPassword (docs/product/screens.md#routes), loaded on demand. */
export function Component() {
  return <ForgotPasswordScreen />;
}
