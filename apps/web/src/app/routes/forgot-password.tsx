import { ForgotPasswordScreen } from '@/features/security/components/forgot-password-screen';

/** Route module of forgotPassword (seed §2), loaded on demand. */
export function Component() {
  return <ForgotPasswordScreen />;
}
