import { expect, test } from '@playwright/test';
import { signUpThroughUi, STRONG_PASSWORD, uniqueEmail } from './support';
import { axe } from './axe';

test.describe('sign-in', () => {
  test('a failed sign-in shows the server message under Login failed', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Sign in');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Login failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('These credentials do not match our records.');
  });

  test('both referer notices', async ({ page }) => {
    await page.goto('/?referer=change-password');
    await expect(
      page.getByText('Your password has been successfully changed. Please log in using your new password.'),
    ).toBeVisible();
    await page.goto('/?referer=reset-password');
    await expect(
      page.getByText('Your password has been successfully reset. Please log in using your new password.'),
    ).toBeVisible();
    await page.goto('/?referer=something-else');
    await expect(page.getByText(/Please log in using your new password/)).toHaveCount(0);
  });

  test('an existing customer signs in and goes to onboarding while the email is unverified', async ({ page }) => {
    const email = uniqueEmail('signin');
    await signUpThroughUi(page, email);
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await page.context().clearCookies();

    await page.goto('/');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
  });

  test('a 401 sends the browser to sign-in', async ({ page }) => {
    const email = uniqueEmail('expired');
    await signUpThroughUi(page, email);
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    // The session ends server-side (cookie gone): the next protected call answers 401.
    await page.context().clearCookies();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('has no accessibility violations @phone', async ({ page }) => {
    await page.goto('/?referer=reset-password');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    const results = await axe(page).analyze();
    expect(results.violations).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, 'no horizontal scrolling').toBe(false);
  });
});
