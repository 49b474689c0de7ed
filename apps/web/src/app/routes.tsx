import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { SignInScreen, SignUpScreen } from '@/features/auth';
import { loadLocale, type LocaleBundle } from '@/lib/i18n';
import { PageLoader } from './components/page-loader';
import { RouteError } from './components/route-error';
import { RootLayout } from './layouts/root-layout';
import type * as RouteDataModule from './route-data';
import type { RouteHandle } from './title';

type RouteData = typeof RouteDataModule;

const handle = (name: keyof typeof paths): RouteHandle => {
  const titleKey = paths[name].titleKey;
  return titleKey ? { titleKey } : {};
};

/**
 * A route's loader: starts its data (app/route-data.ts, loaded on demand) without holding the
 * navigation. Defined here, not in the lazy module, so the router runs it in parallel with `lazy`.
 */
const startData = (start: (data: RouteData) => void) => (): null => {
  void import('./route-data').then(start, () => undefined);
  return null;
};

/** A lazy route module together with the feature texts its screens show (lib/i18n.ts). */
function withTexts<T>(module: Promise<T>, ...bundles: LocaleBundle[]): Promise<T> {
  return Promise.all([module, loadLocale(...bundles)]).then(([loaded]) => loaded);
}

/**
 * Every route by its name (docs/product/screens.md#routes). Sign-in and sign-up are in the main chunk;
 * every other route (and the signed-in layout) is loaded on demand, with the feature texts it needs.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { id: 'signIn', path: paths.signIn.path, Component: SignInScreen, handle: handle('signIn') },
      { id: 'signUp', path: paths.signUp.path, Component: SignUpScreen, handle: handle('signUp') },
      {
        // TanStack Query for the routes below only (lazy, so it is not in sign-in's bundle).
        id: 'query',
        lazy: () => import('./layouts/query-layout'),
        children: [
          {
            id: 'multiFactorAuth',
            path: paths.multiFactorAuth.path,
            handle: handle('multiFactorAuth'),
            lazy: () => withTexts(import('./routes/multi-factor-auth'), 'security', 'passkeys'),
          },
          {
            id: 'forgotPassword',
            path: paths.forgotPassword.path,
            handle: handle('forgotPassword'),
            lazy: () => withTexts(import('./routes/forgot-password'), 'security'),
          },
          {
            id: 'resetPassword',
            path: paths.resetPassword.path,
            handle: handle('resetPassword'),
            lazy: () => withTexts(import('./routes/reset-password'), 'security'),
          },
          {
            // Public: no account needed, never sends to sign-in.
            id: 'track',
            path: paths.track.path,
            handle: handle('track'),
            lazy: () => withTexts(import('./routes/track'), 'tracking', 'delays'),
          },
          {
            id: 'app',
            loader: startData((data) => data.startSignedIn()),
            // The customer's data is the screens' (TanStack Query's): nothing to revalidate here.
            shouldRevalidate: () => false,
            lazy: () => withTexts(import('./layouts/app-layout'), 'realtime', 'onboarding'),
            children: [
              {
                id: 'onboardingWorkflow',
                path: paths.onboardingWorkflow.path,
                handle: handle('onboardingWorkflow'),
                lazy: () => withTexts(import('./routes/onboarding-workflow'), 'onboarding', 'security'),
              },
              {
                id: 'dashboard',
                path: paths.dashboard.path,
                handle: handle('dashboard'),
                loader: startData((data) => data.startDashboard()),
                shouldRevalidate: () => false,
                lazy: () =>
                  withTexts(
                    import('./routes/dashboard'),
                    'onboarding',
                    'dashboard',
                    'transfer',
                    'limits',
                    'rateAlerts',
                    'holds',
                    'delays',
                    'scheduledTransfers',
                  ),
              },
              {
                id: 'transferWizard',
                path: paths.transferWizard.path,
                handle: handle('transferWizard'),
                lazy: () => withTexts(import('./routes/transfer-wizard'), 'transfer', 'recipients'),
              },
              {
                id: 'makePayment',
                path: paths.makePayment.path,
                handle: handle('makePayment'),
                lazy: () => withTexts(import('./routes/make-payment'), 'payment'),
              },
              {
                id: 'paymentCallback',
                path: paths.paymentCallback.path,
                handle: handle('paymentCallback'),
                lazy: () => withTexts(import('./routes/payment-callback'), 'payment'),
              },
              {
                id: 'transactions',
                path: paths.transactions.path,
                handle: handle('transactions'),
                lazy: () => withTexts(import('./routes/transactions'), 'dashboard', 'holds', 'delays'),
              },
              {
                id: 'viewTransaction',
                path: paths.viewTransaction.path,
                handle: handle('viewTransaction'),
                lazy: () =>
                  withTexts(import('./routes/view-transaction'), 'dashboard', 'recipients', 'holds', 'delays'),
              },
              {
                id: 'recipients',
                path: paths.recipients.path,
                handle: handle('recipients'),
                lazy: () => withTexts(import('./routes/recipients'), 'recipients'),
              },
              {
                id: 'viewRecipient',
                path: paths.viewRecipient.path,
                handle: handle('viewRecipient'),
                lazy: () =>
                  withTexts(import('./routes/view-recipient'), 'recipients', 'dashboard', 'scheduledTransfers'),
              },
              {
                id: 'accountVerification',
                path: paths.accountVerification.path,
                handle: handle('accountVerification'),
                lazy: () => withTexts(import('./routes/account-verification'), 'verification'),
              },
              {
                id: 'categoryView',
                path: paths.categoryView.path,
                handle: handle('categoryView'),
                lazy: () => withTexts(import('./routes/category-view'), 'verification'),
              },
              {
                id: 'settings',
                path: paths.settings.path,
                handle: handle('settings'),
                lazy: () => withTexts(import('./routes/settings'), 'security', 'passkeys'),
              },
              {
                id: 'devices',
                path: paths.devices.path,
                handle: handle('devices'),
                lazy: () => withTexts(import('./routes/devices'), 'devices'),
              },
              {
                id: 'rateAlerts',
                path: paths.rateAlerts.path,
                handle: handle('rateAlerts'),
                lazy: () => withTexts(import('./routes/rate-alerts'), 'rateAlerts'),
              },
              {
                id: 'limits',
                path: paths.limits.path,
                handle: handle('limits'),
                // `dashboard` holds the transfer statuses' words (the status chip).
                lazy: () => withTexts(import('./routes/limits'), 'limits', 'dashboard'),
              },
              {
                id: 'scheduledTransfers',
                path: paths.scheduledTransfers.path,
                handle: handle('scheduledTransfers'),
                // `transfer` holds the purposes' words.
                lazy: () => withTexts(import('./routes/scheduled-transfers'), 'scheduledTransfers', 'transfer'),
              },
            ],
          },
        ],
      },
      { id: 'notFound', path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];
