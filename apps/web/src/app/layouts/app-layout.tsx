import { MFA_REQUIRED } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { focusRing } from '@/components/ui/focus';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { LogoMark } from '@/components/ui/logo';
import { SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/sign-out';
import { cn } from '@/lib/cn';
import { needsMultiFactorAuth, useCustomer } from '@/lib/customer-store';
import { PageLoader } from '../components/page-loader';
import { RealtimeProvider } from '../realtime/realtime-provider';

const navItems = [
  { to: paths.dashboard.getHref(), key: 'nav.dashboard' },
  { to: paths.transactions.getHref(), key: 'nav.transactions' },
  { to: paths.recipients.getHref(), key: 'nav.recipients' },
  { to: paths.settings.getHref(), key: 'nav.settings' },
] as const;

/** HTTP status of a failed request, read structurally (axios stays in the api chunk). */
function redirecting(error: unknown): boolean {
  const response = (error as { response?: { status?: number; data?: { code?: unknown } } } | null)?.response;
  return response?.status === 401 || (response?.status === 403 && response.data?.code === MFA_REQUIRED);
}

/**
 * Session guard + layout of the signed-in screens (lazy: not needed by sign-in and sign-up).
 * The profile loads through the customer store; a 401 (→ signIn) and a 403 mfa_required (→ /mfa)
 * are redirected by the http client, so they keep the loader until the navigation lands.
 */
export function Component() {
  const { t } = useTranslation();
  const profile = useCustomer();

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    if (redirecting(profile.error)) return <PageLoader />;
    return (
      <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('errors.heading')}</h1>
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
      <SignedInLayout />
    </RealtimeProvider>
  );
}

function SignedInLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <NavLink
            to={paths.dashboard.getHref()}
            className={cn('flex items-center gap-2 rounded text-lg font-bold text-slate-900', focusRing)}
          >
            <LogoMark className="h-8 w-8" />
            <span>{t('app.name')}</span>
          </NavLink>
          <Button
            variant="secondary"
            className="min-h-10 px-4 text-sm"
            loading={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate(paths.signIn.getHref()) })}
          >
            {t('nav.signOut')}
          </Button>
        </div>
        <nav aria-label={t('app.mainNav')} className="mx-auto max-w-5xl overflow-x-auto px-2">
          <ul className="flex gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      'inline-block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap',
                      isActive
                        ? 'border-blue-700 text-blue-800'
                        : 'border-transparent text-slate-700 hover:text-slate-900',
                      focusRing,
                    )
                  }
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
      <footer className="px-4 pb-6 text-center">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
