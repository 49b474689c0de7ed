import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from './card';
import { LanguageSwitcher } from './language-switcher';
import { LogoMark } from './logo';
import { SkipLink } from './skip-link';

interface AuthLayoutProps {
  /** The page's one <h1>. */
  heading: string;
  intro?: string;
  /** Top-right action, e.g. the sign-up close icon. */
  headerAction?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centered card layout of the signed-out screens; fits a 360 px phone. */
export function AuthLayout({ heading, intro, headerAction, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-blue-50 to-slate-50">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-6 sm:pt-10">
        <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
          <LogoMark className="h-8 w-8" />
          {t('app.name')}
        </span>
        {headerAction}
      </header>
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-6 sm:py-8">
        <Card>
          {/* Focused on navigation (app/route-focus.ts): focusable, without an outline. */}
          <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
            {heading}
          </h1>
          {intro && <p className="mt-1.5 text-sm text-slate-600">{intro}</p>}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
      </main>
      <footer className="mx-auto w-full max-w-md px-4 pb-6 text-center">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
