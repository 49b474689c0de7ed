import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { codeIn, latestMail, signInThroughUi, signOut, signUpAndVerify, uniqueEmail } from './support';

/** axe finds nothing, and nothing scrolls sideways (the phone project runs this at 360 px). */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
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
});
