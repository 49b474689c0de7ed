import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { focusRing } from '@/components/ui/focus';
import { LineIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const navItems = [
  { to: paths.dashboard.getHref(), key: 'nav.dashboard' },
  { to: paths.transactions.getHref(), key: 'nav.transactions' },
  { to: paths.recipients.getHref(), key: 'nav.recipients' },
  { to: paths.limits.getHref(), key: 'nav.limits' },
  { to: paths.scheduledTransfers.getHref(), key: 'nav.scheduledTransfers' },
  { to: paths.settings.getHref(), key: 'nav.settings' },
] as const;

/** The id of the panel the menu button shows and hides (its aria-controls). */
export const MENU_PANEL_ID = 'main-menu';

interface SignedInHeaderProps {
  signingOut: boolean;
  onSignOut: () => void;
}

/**
 * The signed-in header: the logo, the main navigation and sign-out. From the `sm` breakpoint up, the
 * links sit in a row under the logo and sign-out; on a phone (360 px) they and sign-out fold into a
 * disclosure panel under a "Menu" button, so nothing scrolls sideways
 * (docs/product/screens.md#quality-bar). The panel pushes the page down rather than covering it.
 * Escape closes it and puts focus back on the button; following a link closes it.
 */
export function SignedInHeader({ signingOut, onSignOut }: SignedInHeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  // The path the menu was opened on: it is open only there, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpenOn(null);
    menuButton.current?.focus();
  };

  const signOutLabel = t('nav.signOut');
  return (
    <header className="border-b border-slate-200 bg-white" onKeyDown={onKeyDown}>
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <NavLink
          to={paths.dashboard.getHref()}
          className={cn('flex items-center gap-2 rounded text-lg font-bold text-slate-900', focusRing)}
        >
          <LogoMark className="h-8 w-8" />
          <span>{t('app.name')}</span>
        </NavLink>
        <div className="hidden sm:block">
          <Button variant="secondary" className="min-h-10 px-4 text-sm" loading={signingOut} onClick={onSignOut}>
            {signOutLabel}
          </Button>
        </div>
        <button
          ref={menuButton}
          type="button"
          aria-expanded={open}
          aria-controls={MENU_PANEL_ID}
          data-testid="nav-menu-button"
          onClick={() => setOpenOn(open ? null : pathname)}
          className={cn(
            'inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 sm:hidden',
            focusRing,
          )}
        >
          <LineIcon className="h-5 w-5" strokeWidth="2" strokeLinecap="round">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </LineIcon>
          {t('nav.menu')}
        </button>
      </div>
      <div id={MENU_PANEL_ID} className={cn(!open && 'hidden', 'border-t border-slate-200 sm:block sm:border-t-0')}>
        <nav aria-label={t('app.mainNav')} className="mx-auto max-w-5xl px-2">
          <ul className="flex flex-col py-2 sm:flex-row sm:flex-wrap sm:gap-1 sm:py-0">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={() => setOpenOn(null)}
                  className={({ isActive }) =>
                    cn(
                      // A full-width row with a bar on the left on a phone; a tab underlined from `sm`.
                      'block border-l-4 px-3 py-3 text-base font-medium sm:inline-block sm:border-b-2 sm:border-l-0 sm:py-2.5 sm:text-sm sm:whitespace-nowrap',
                      isActive
                        ? 'border-blue-700 bg-blue-50 text-blue-800 sm:bg-transparent'
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
        {open && (
          <div className="border-t border-slate-200 px-4 py-3 sm:hidden">
            <Button variant="secondary" fullWidth loading={signingOut} onClick={onSignOut}>
              {signOutLabel}
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}
