import { expect, test, type Locator, type Page } from '@playwright/test';
import { paths, routeNames, type RouteName } from '../src/config/paths';
import { findLayoutProblems } from './layout';
import { codeIn, latestMail, signInThroughUi, signOut, signUpAndVerify, uniqueEmail } from './support';
import { axe } from './axe';

/**
 * Every route of src/config/paths.ts fits the viewport: at 360 px in the phone-360 project, at
 * desktop width in the desktop one (docs/product/screens.md#quality-bar). Nothing scrolls sideways,
 * neither the document nor any region in it, and no control sticks out of the viewport or of an
 * ancestor that clips it.
 */

type Access = 'signedOut' | 'mfaPending' | 'signedIn';

const resetToken = Buffer.from('a'.repeat(64)).toString('base64url');

/** Where each route is opened (sample parameters) and in which state of the session. */
const routes: Record<RouteName, { href: string; access: Access; ready?: (page: Page) => Locator }> = {
  signIn: { href: paths.signIn.getHref(), access: 'signedOut' },
  multiFactorAuth: { href: paths.multiFactorAuth.getHref(), access: 'mfaPending' },
  forgotPassword: { href: paths.forgotPassword.getHref(), access: 'signedOut' },
  resetPassword: {
    href: paths.resetPassword.getHref({ token: resetToken }),
    access: 'signedOut',
    ready: (page) => page.locator('form input[type="password"]').first(),
  },
  signUp: { href: paths.signUp.getHref(), access: 'signedOut', ready: (page) => page.locator('#password-rules') },
  onboardingWorkflow: {
    href: paths.onboardingWorkflow.getHref(),
    access: 'signedIn',
    ready: (page) => page.getByTestId('onboarding-stepper'),
  },
  dashboard: { href: paths.dashboard.getHref(), access: 'signedIn', ready: (page) => page.getByTestId('task-list') },
  transferWizard: { href: paths.transferWizard.getHref({ quoteId: 'q-1' }), access: 'signedIn' },
  makePayment: { href: paths.makePayment.getHref({ transactionId: 't-1' }), access: 'signedIn' },
  paymentCallback: { href: paths.paymentCallback.getHref({ transactionId: 't-1' }), access: 'signedIn' },
  transactions: { href: paths.transactions.getHref(), access: 'signedIn' },
  viewTransaction: { href: paths.viewTransaction.getHref({ transactionId: 't-1' }), access: 'signedIn' },
  recipients: { href: paths.recipients.getHref(), access: 'signedIn' },
  viewRecipient: { href: paths.viewRecipient.getHref({ id: 'r-1' }), access: 'signedIn' },
  accountVerification: { href: paths.accountVerification.getHref(), access: 'signedIn' },
  categoryView: { href: paths.categoryView.getHref({ category: 'identity' }), access: 'signedIn' },
  settings: { href: paths.settings.getHref(), access: 'signedIn', ready: (page) => page.getByTestId('mfa-method') },
  devices: { href: paths.devices.getHref(), access: 'signedIn', ready: (page) => page.getByTestId('device-item') },
  limits: { href: paths.limits.getHref(), access: 'signedIn', ready: (page) => page.getByTestId('what-counts') },
  rateAlerts: {
    href: paths.rateAlerts.getHref(),
    access: 'signedIn',
    ready: (page) => page.getByTestId('rate-alerts-empty'),
  },
  scheduledTransfers: {
    href: paths.scheduledTransfers.getHref(),
    access: 'signedIn',
    ready: (page) => page.getByTestId('schedules-empty'),
  },
  // An unknown token: the page's "Link not found" state (no account needed).
  track: { href: paths.track.getHref({ token: 'A'.repeat(43) }), access: 'signedOut' },
};

const routesFor = (access: Access) => routeNames.filter((name) => routes[name].access === access);

async function expectFits(page: Page, label: string): Promise<void> {
  const problems = await page.evaluate(findLayoutProblems);
  expect(problems, `${label} at ${page.viewportSize()?.width ?? '?'} px`).toEqual([]);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

/** Open a route and wait for its content (its heading, its data, no spinner left). */
async function open(page: Page, name: RouteName): Promise<void> {
  const route = routes[name];
  await page.goto(route.href);
  await expect(page).toHaveURL((url) => url.pathname === route.href.split('?')[0]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (route.ready) await expect(route.ready(page).first()).toBeVisible();
  await expect(page.locator('svg.animate-spin')).toHaveCount(0);
}

/** The signed-in navigation: behind the "Menu" button on a phone, a row of links from `sm` up. */
const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main|Principal)$/ });

/** The route fits; on a phone, with the signed-in menu open too. */
async function checkRoute(page: Page, name: RouteName, label: string = name): Promise<void> {
  await open(page, name);
  await expectFits(page, label);
  if (routes[name].access !== 'signedIn') return;
  const menuButton = page.getByTestId('nav-menu-button');
  if (isPhone(page)) {
    await expect(mainNav(page)).toBeHidden();
    await menuButton.click();
    await expect(mainNav(page).getByRole('link')).toHaveCount(6);
    await expectFits(page, `${label}, menu open`);
    await page.keyboard.press('Escape');
    await expect(mainNav(page)).toBeHidden();
  } else {
    await expect(menuButton).toBeHidden();
    for (const link of await mainNav(page).getByRole('link').all()) await expect(link).toBeVisible();
  }
}

test.describe('every route fits the screen @phone', () => {
  // Every route, twice (English and French): a few seconds each on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('the check sees a region that scrolls sideways and a clipped control, and skips sr-only text', async ({
    page,
  }) => {
    await open(page, 'signIn');
    // Styles set through the DOM (the page's CSP refuses inline style attributes).
    await page.evaluate(() => {
      const add = (parent: Element, tag: string, style: Partial<CSSStyleDeclaration>, text = '') => {
        const el = parent.appendChild(document.createElement(tag));
        Object.assign(el.style, style);
        el.textContent = text;
        return el;
      };
      const main = document.querySelector('main')!;
      add(add(main, 'div', { overflowX: 'auto', width: '100px' }), 'p', { width: '200px', margin: '0' }, 'wide');
      add(add(main, 'div', { overflow: 'hidden', width: '100px' }), 'button', { width: '150px' }, 'clipped');
      add(main, 'span', {}, 'A long text only screen readers read, far wider than one pixel').className = 'sr-only';
    });
    const problems = await page.evaluate(findLayoutProblems);
    expect(problems).toEqual([
      expect.stringMatching(/^<div> "wide" scrolls sideways \(\d+ > 100 px\)$/),
      expect.stringMatching(/^<div> "clipped" cuts its content/),
      expect.stringMatching(/^<button> "clipped" is clipped by <div> "clipped"$/),
    ]);
  });

  test('the route table covers every route of config/paths.ts', () => {
    expect(Object.keys(routes).sort()).toEqual([...routeNames].sort());
  });

  test('signed-out routes and the not-found page', async ({ page }) => {
    for (const name of routesFor('signedOut')) await checkRoute(page, name);
    await page.goto(paths.resetPassword.getHref({ token: '@@@not-base64!!!' }));
    await expect(page.getByTestId('reset-password-invalid-link')).toBeVisible();
    await expectFits(page, 'resetPassword, bad link');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, 'not found');

    await page.evaluate(() => localStorage.setItem('remit.language', 'fr'));
    for (const name of routesFor('signedOut')) await checkRoute(page, name, `${name} (fr)`);
  });

  test('signed-in routes, in English and French', async ({ page, request }) => {
    await signUpAndVerify(page, request, uniqueEmail('layout'));
    for (const name of routesFor('signedIn')) await checkRoute(page, name);
    if (isPhone(page)) {
      // The open menu passes axe too (accessibility.spec.ts scans the pages with it closed).
      await page.getByTestId('nav-menu-button').click();
      const results = await axe(page).analyze();
      expect(results.violations, 'axe, menu open').toEqual([]);
    }
    await page.evaluate(() => localStorage.setItem('remit.language', 'fr'));
    for (const name of routesFor('signedIn')) await checkRoute(page, name, `${name} (fr)`);
  });

  test('every onboarding step, and the MFA screen', async ({ page, request }) => {
    const email = uniqueEmail('layout');
    await signUpAndVerify(page, request, email);
    // Each step of the onboarding workflow (the stepper reaches any of them).
    await open(page, 'onboardingWorkflow');
    const steps = page.getByTestId('onboarding-stepper').getByRole('button');
    const count = await steps.count();
    for (let i = 0; i < count; i += 1) {
      await steps.nth(i).click();
      await expect(steps.nth(i)).toHaveAttribute('aria-current', 'step');
      await expect(page.locator('svg.animate-spin')).toHaveCount(0);
      await expectFits(page, `onboarding step ${i + 1}`);
    }

    await signOut(page);
    const since = new Date().toISOString();
    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/mfa$/);
    await checkRoute(page, 'multiFactorAuth');
    await page.getByLabel('Verification code').fill(codeIn((await latestMail(request, email, /code/i, since)).text));
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
  });
});
