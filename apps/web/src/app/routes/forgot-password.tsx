import { AuthComingSoon } from '../components/coming-soon';

/** Route module of forgotPassword (seed §2), loaded on demand. The screen itself comes with a later issue. */
export function Component() {
  return <AuthComingSoon screen="forgotPassword" />;
}
