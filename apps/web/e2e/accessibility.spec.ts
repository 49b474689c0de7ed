import { expect, test, type Page } from '@playwright/test';
import { codeIn, latestMail, signInThroughUi, signOut, signUpAndVerify, uniqueEmail } from './support';
import {
  confirmedTransfer,
  onboardedUkCustomer,
  picture,
  REVIEW_TIMEOUT,
  selfieTokens,
  simplePdf,
  uploadThroughApi,
  verifiedUkCustomer,
} from './verified-customer';
import { axe } from './axe';
import { reviewURL } from './servers';

/** axe finds nothing, and nothing scrolls sideways (the phone project runs this at 360 px). */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await axe(page).analyze();
  expect(results.violations, `${label}: axe violations`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, `${label}: horizontal scrolling`).toBe(false);
}

test.describe('every screen is accessible @phone', () => {
  // Long journeys with an axe scan per screen (a few seconds each on a busy 2-core machine).
  test.describe.configure({ timeout: 120_000 });
  test('public screens: forgot password, reset password, not found', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectAccessible(page, 'forgot password');

    await page.goto('/reset-password/@@@not-base64!!!');
    await expect(page.getByTestId('reset-password-invalid-link')).toBeVisible();
    await expectAccessible(page, 'reset password, bad link');

    await page.goto(`/reset-password/${Buffer.from('a'.repeat(64)).toString('base64url')}`);
    await expect(page.getByRole('button', { name: 'Reset password' })).toBeVisible();
    await expectAccessible(page, 'reset password');

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page, 'not found');
  });

  test('signed-in screens: onboarding steps, dashboard, settings, devices, MFA', async ({ page, request }) => {
    const email = uniqueEmail('a11y');
    await signUpAndVerify(page, request, email);
    await expectAccessible(page, 'onboarding: country');

    await page.getByRole('searchbox', { name: 'Search countries' }).fill('Germany');
    await page.getByRole('radio', { name: /^Germany/ }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
    await expectAccessible(page, 'onboarding: identity');

    await page.goto('/dashboard');
    await expect(page.getByTestId('task-list')).toBeVisible();
    await expectAccessible(page, 'dashboard');

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByTestId('mfa-method')).toBeVisible();
    await expectAccessible(page, 'settings');

    await page.goto('/devices');
    await expect(page.getByTestId('device-item')).toHaveCount(1);
    await expectAccessible(page, 'devices');

    await page.goto('/transactions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'transactions');

    await signOut(page);
    const since = new Date().toISOString();
    await signInThroughUi(page, email);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expectAccessible(page, 'multi-factor authentication');
    await page.getByLabel('Verification code').fill(codeIn((await latestMail(request, email, /code/i, since)).text));
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
  });

  test('dashboard in every state: quote, no quote, notices, recent transfers', async ({ page, request }) => {
    test.setTimeout(180_000);
    // Not verified yet: the quote comes with notices (what to finish), the to-do list shows.
    await onboardedUkCustomer(page, request, 'a11y-dashboard');
    await page.goto('/dashboard');
    const calculator = page.getByTestId('quote-calculator');
    await expect(calculator.getByTestId('quote-breakdown')).toBeVisible();
    await expect(calculator.getByTestId('quote-notices')).toBeVisible();
    await expect(page.getByTestId('task-list')).toBeVisible();
    await expect(page.getByTestId('transfers-empty')).toBeVisible();
    await expectAccessible(page, 'dashboard: quote with notices, no transfers');

    await calculator.getByRole('textbox', { name: 'You send' }).fill('');
    await expect(calculator.getByTestId('quote-breakdown')).toHaveCount(0);
    await expectAccessible(page, 'dashboard: no quote');

    // Verified, with a transfer: recent transfers and "Send again".
    await signOut(page);
    await verifiedUkCustomer(page, request, 'a11y-dashboard-sender');
    await confirmedTransfer(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId('recent-transfers').getByTestId('transfer-item')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Send again to Hans Müller' })).toBeVisible();
    await expect(calculator.getByTestId('quote-breakdown')).toBeVisible();
    await expectAccessible(page, 'dashboard: quote, recent transfers, send again');

    await page.getByRole('button', { name: 'Send again to Hans Müller' }).click();
    await expect(calculator.getByTestId('sending-to')).toBeVisible();
    await expect(calculator.getByTestId('quote-breakdown')).toBeVisible();
    await expectAccessible(page, 'dashboard: sending again to a recipient');
  });

  // The api whose reviewer keeps its default delay, so the documents are seen in review (e2e/servers.ts).
  test.describe('while the sandbox reviews', () => {
    test.use({ baseURL: reviewURL });

    test('account verification overview in every state: nothing, in review, approved, rejected', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      await onboardedUkCustomer(page, request, 'a11y-verification');
      const openOverview = async () => {
        await page.goto('/account-verification');
        await expect(page.getByRole('heading', { name: 'Account verification', level: 1 })).toBeVisible();
        await expect(page.getByTestId('category-proof_of_identity')).toBeVisible();
        await expect(page.locator('svg.animate-spin')).toHaveCount(0);
      };
      await openOverview();
      await expect(page.getByTestId('documents-empty')).toBeVisible();
      await expectAccessible(page, 'verification: nothing uploaded');

      // A PDF page and a picture: their links to open them, while in review.
      await uploadThroughApi(page, 'proof_of_address', 'utility_bill', { name: 'bill.pdf', buffer: simplePdf('BILL') });
      const photo = { name: 'passport.jpg', buffer: await picture('PASSPORT', '#1e3a8a', 'jpeg') };
      await uploadThroughApi(page, 'proof_of_identity', 'passport', photo, { document_number: '123456789' });
      await openOverview();
      await expect(page.getByRole('link', { name: /of your/ })).toHaveCount(2);
      await expectAccessible(page, 'verification: documents in review');

      // Decided: approved, and a selfie rejected.
      const selfie = { name: 'selfie-reject.jpg', buffer: photo.buffer };
      await uploadThroughApi(page, 'selfie', 'selfie', selfie, await selfieTokens(page));
      const status = (code: string) => page.getByTestId(`category-${code}`);
      await openOverview();
      await expect(status('proof_of_identity')).toHaveAttribute('data-status', 'approved', { timeout: REVIEW_TIMEOUT });
      await expect(status('proof_of_address')).toHaveAttribute('data-status', 'approved', { timeout: REVIEW_TIMEOUT });
      await expect(status('selfie')).toHaveAttribute('data-status', 'rejected', { timeout: REVIEW_TIMEOUT });
      await expectAccessible(page, 'verification: approved and rejected');
    });
  });
});
