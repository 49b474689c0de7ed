import { describe, expect, it } from 'vitest';
import { paths, routeNames } from './paths';

describe('paths', () => {
  it('has every route of docs/product/screens.md by its name', () => {
    expect(Object.fromEntries(routeNames.map((n) => [n, paths[n].path]))).toEqual({
      signIn: '/',
      multiFactorAuth: '/mfa',
      forgotPassword: '/forgot-password',
      resetPassword: '/reset-password/:token',
      signUp: '/sign-up',
      onboardingWorkflow: '/workflow/onboarding',
      dashboard: '/dashboard',
      transferWizard: '/transfer/:quoteId',
      makePayment: '/pay/:transactionId',
      paymentCallback: '/payment/cb/:transactionId',
      transactions: '/transactions',
      viewTransaction: '/transaction/:transactionId',
      recipients: '/recipients',
      viewRecipient: '/recipient/:id',
      accountVerification: '/account-verification',
      categoryView: '/account-verification/upload/:category',
      settings: '/settings',
      devices: '/devices',
      limits: '/limits',
      rateAlerts: '/rate-alerts',
      scheduledTransfers: '/scheduled-transfers',
      track: '/track/:token',
    });
  });

  it('builds hrefs with params and query', () => {
    expect(paths.signIn.getHref()).toBe('/');
    expect(paths.signIn.getHref({}, { referer: 'change-password' })).toBe('/?referer=change-password');
    expect(paths.transferWizard.getHref({ quoteId: 'q 1' })).toBe('/transfer/q%201');
    expect(paths.categoryView.getHref({ category: 'identity' })).toBe('/account-verification/upload/identity');
  });

  it('gives titles only where docs/product/screens.md does', () => {
    const titled = routeNames.filter((n) => paths[n].titleKey);
    expect(titled).toEqual(['signIn', 'onboardingWorkflow', 'transferWizard', 'paymentCallback', 'limits']);
  });
});
