import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/**
 * The settings section and the MFA button load with the screen that shows them, not with this
 * feature's index: the index is in the sign-in page's bundle (for PasskeySignIn), and a static
 * re-export would put their code (and TanStack Query's) there too (bench/budgets.mjs).
 */
const Section = lazy(() => import('./passkeys-section').then((m) => ({ default: m.PasskeysSection })));
const MfaButton = lazy(() => import('./mfa-passkey-button').then((m) => ({ default: m.MfaPasskeyButton })));

/** Settings › Passkeys (components/passkeys-section.tsx). */
export function PasskeysSection() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('passkeys.section.loading')} />}>
      <Section />
    </Suspense>
  );
}

/** "Use a passkey instead" on the MFA screen (components/mfa-passkey-button.tsx); nothing while it loads. */
export function MfaPasskeyButton(props: ComponentProps<typeof MfaButton>) {
  return (
    <Suspense fallback={null}>
      <MfaButton {...props} />
    </Suspense>
  );
}
