import { useParams } from 'react-router';
import { ResetPasswordScreen } from '@/features/security';

/**
 * Route module of resetPassword (docs/product/screens.md#routes): the `:token` path parameter is
 * passed to the screen.
 */
export function Component() {
  const { token } = useParams();
  return <ResetPasswordScreen routeToken={token} />;
}
