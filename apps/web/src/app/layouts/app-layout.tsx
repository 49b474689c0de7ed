import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { focusRing } from '@/components/ui/focus';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/sign-out';
import { cn } from '@/lib/cn';

const navItems = [
  { to: paths.dashboard.getHref(), key: 'nav.dashboard' },
  { to: paths.transactions.getHref(), key: 'nav.transactions' },
  { to: paths.recipients.getHref(), key: 'nav.recipients' },
  { to: paths.settings.getHref(), key: 'nav.settings' },
] as const;

/** Layout of the signed-in screens (lazy: not needed by sign-in and sign-up). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main"
        className={cn(
          'sr-only rounded bg-white px-3 py-2 text-blue-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2',
          focusRing,
        )}
      >
        {t('app.skipToContent')}
      </a>
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
            onClick={() =>
              signOut.mutate(undefined, { onSettled: () => void navigate(paths.signIn.getHref()) })
            }
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
                      isActive ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-700 hover:text-slate-900',
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
