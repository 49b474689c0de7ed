import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth';
import { MfaScreen } from '@/features/security';

/**
 * Route module of multiFactorAuth (docs/product/screens.md#routes), loaded on demand; wires the
 * auth feature's sign-out.
 */
export function Component() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <MfaScreen
      signingOut={signOut.isPending}
      onSignOut={() =>
        signOut.mutate(undefined, { onSettled: () => void navigate(paths.signIn.getHref(), { replace: true }) })
      }
    />
  );
}
