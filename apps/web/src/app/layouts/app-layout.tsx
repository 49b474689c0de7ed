import { MFA_REQUIRED } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth';
import { StepUpProvider } from '@/features/step-up';
import { isSignedOut } from '@/lib/api-errors';
import { needsMultiFactorAuth, useCustomer } from '@/lib/customer-store';
import { PageLoader } from '../components/page-loader';
import { RealtimeProvider } from '../realtime/realtime-provider';
import { SignedInHeader } from './signed-in-header';

/** A failure the http client is already moving away from: signed out (401) or MFA to finish (403). */
function redirecting(error: unknown): boolean {
  const response = (error as { response?: { status?: number; data?: { code?: unknown } } } | null)?.response;
  return isSignedOut(error) || (response?.status === 403 && response.data?.code === MFA_REQUIRED);
}

/**
 * Session guard + layout of the signed-in screens (lazy: not needed by sign-in and sign-up).
 * The profile loads through the customer store; a 401 (→ signIn) and a 403 mfa_required (→ /mfa)
 * are redirected by the http client, so they keep the loader until the navigation lands. Every
 * signed-in screen shares one step-up dialog (features/step-up, docs/product/auth-and-sessions.md#step-up).
 */
export function Component() {
  const { t } = useTranslation();
  const profile = useCustomer();

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    if (redirecting(profile.error)) return <PageLoader />;
    return (
      <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
          {t('errors.heading')}
        </h1>
        <Alert tone="error" className="mt-4">
          {t('errors.body')}
        </Alert>
        <Button className="mt-6" fullWidth onClick={() => void profile.refetch()}>
          {t('errors.retry')}
        </Button>
      </main>
    );
  }
  // A session still waiting for its second factor reaches nothing but the MFA screen.
  const customer = profile.data;
  if (needsMultiFactorAuth(customer) && customer.session?.is_mfa_completed === false) {
    return <Navigate to={paths.multiFactorAuth.getHref()} replace />;
  }
  return (
    <RealtimeProvider>
      <StepUpProvider>
        <SignedInLayout />
      </StepUpProvider>
    </RealtimeProvider>
  );
}

function SignedInLayout() {
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <SignedInHeader
        signingOut={signOut.isPending}
        onSignOut={() => signOut.mutate(undefined, { onSettled: () => void navigate(paths.signIn.getHref()) })}
      />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
      <footer className="px-4 pb-6 text-center">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
