/** Fill `:param` placeholders (same syntax as the contract's paths). */
function buildPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/**
 * i18n keys of the route titles docs/product/screens.md#page-titles gives (and `limits`, our own
 * route, titled by us); every other route falls back to 'Default Title'.
 */
export type TitleKey =
  'titles.signIn' | 'titles.onboardingWorkflow' | 'titles.transferWizard' | 'titles.paymentCallback' | 'titles.limits';

type ParamNames<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? K | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? K
    : never;

type Search = Record<string, string>;
type HrefArgs<P extends string> = [ParamNames<P>] extends [never]
  ? [params?: Record<string, never>, search?: Search]
  : [params: Record<ParamNames<P>, string | number>, search?: Search];

export interface AppPath<P extends string = string> {
  path: P;
  titleKey: TitleKey | undefined;
  getHref: (...args: HrefArgs<P>) => string;
}

function route<P extends string>(path: P, titleKey?: TitleKey): AppPath<P> {
  return {
    path,
    titleKey,
    getHref: (...args: HrefArgs<P>) => {
      const [params, search] = args as [Record<string, string | number> | undefined, Search | undefined];
      const href = buildPath(path, params ?? {});
      const qs = search ? new URLSearchParams(search).toString() : '';
      return qs ? `${href}?${qs}` : href;
    },
  };
}

/** Every route by its name (docs/product/screens.md#routes). */
export const paths = {
  signIn: route('/', 'titles.signIn'),
  multiFactorAuth: route('/mfa'),
  forgotPassword: route('/forgot-password'),
  resetPassword: route('/reset-password/:token'),
  signUp: route('/sign-up'),
  onboardingWorkflow: route('/workflow/onboarding', 'titles.onboardingWorkflow'),
  dashboard: route('/dashboard'),
  transferWizard: route('/transfer/:quoteId', 'titles.transferWizard'),
  makePayment: route('/pay/:transactionId'),
  paymentCallback: route('/payment/cb/:transactionId', 'titles.paymentCallback'),
  transactions: route('/transactions'),
  viewTransaction: route('/transaction/:transactionId'),
  recipients: route('/recipients'),
  viewRecipient: route('/recipient/:id'),
  accountVerification: route('/account-verification'),
  categoryView: route('/account-verification/upload/:category'),
  settings: route('/settings'),
  devices: route('/devices'),
  /** The customer's limits and what counts against them (docs/product/money-movement.md#limits). */
  limits: route('/limits', 'titles.limits'),
  /** The customer's rate alerts (docs/product/rate-alerts.md). */
  rateAlerts: route('/rate-alerts'),
  /** The customer's scheduled transfers (docs/product/scheduled-transfers.md). */
  scheduledTransfers: route('/scheduled-transfers'),
  /** The public tracking page (not an app route: no account needed). */
  track: route('/track/:token'),
} as const;

export type RouteName = keyof typeof paths;
export const routeNames = Object.keys(paths) as RouteName[];
