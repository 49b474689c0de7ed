import { expect, test } from '@playwright/test';
import { mailbox, signUpThroughUi, STRONG_PASSWORD, uniqueEmail } from './support';
import { axe } from './axe';

test.describe('sign-up', () => {
  test('shows the specified texts and a live password checklist', async ({ page }) => {
    await page.goto('/sign-up');
    await expect(page.getByText('I agree to privacy policy & terms of service')).toBeVisible();
    await expect(page.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'terms of service' })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'Sign in instead' })).toBeVisible();

    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();

    // The checklist comes from the server's policy; neutral before typing.
    const rule = page.getByRole('listitem').filter({ hasText: 'At least 12 characters' });
    await expect(rule).toHaveAttribute('data-state', 'neutral');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect(rule).toHaveAttribute('data-state', 'failed');
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await expect(rule).toHaveAttribute('data-state', 'passed');

    await page.getByRole('checkbox', { name: /I agree to privacy policy & terms of service/ }).check();
    await expect(continueButton).toBeEnabled();
  });

  test('a new customer lands on onboarding titled Complete Signup and gets a code by mail', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('signup');
    await signUpThroughUi(page, email);
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await expect(page).toHaveTitle('Complete Signup');

    const mail = (await mailbox(request)).messages.find((m) => m.to === email);
    expect(mail, 'verification mail in the dev outbox').toBeDefined();
    expect(mail!.text).toMatch(/\b\d{6}\b/);
  });

  test('server validation messages appear under their fields', async ({ page }) => {
    const email = uniqueEmail('taken');
    await signUpThroughUi(page, email);
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await page.context().clearCookies();

    await page.goto('/sign-up');
    await page.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(`${STRONG_PASSWORD}x`);
    await page.locator('#password-rules').waitFor(); // the layout has settled (see support.ts)
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'The email has already been taken.',
    );
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAccessibleDescription(
      'The confirm password field must match password.',
    );
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test('has no accessibility violations @phone', async ({ page }) => {
    await page.goto('/sign-up');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    const results = await axe(page).analyze();
    expect(results.violations).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, 'no horizontal scrolling').toBe(false);
  });
});
