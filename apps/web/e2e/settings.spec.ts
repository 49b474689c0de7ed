import { expect, test } from '@playwright/test';
import { signUpAndVerify, uniqueEmail } from './support';

test.describe('settings: contact details', () => {
  test('a customer adds a mobile number from Settings and then changes it', async ({ page, request }) => {
    await signUpAndVerify(page, request, uniqueEmail('mobile'));
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Profile and contact details' })).toBeVisible();

    await page.getByRole('button', { name: 'Add mobile number' }).click();
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United Kingdom (+44)' });
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('7400 123456');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your mobile number was updated.')).toBeVisible();
    await expect(page.getByText('+447400123456')).toBeVisible();

    // Within 10 minutes of signing in, a change needs no password.
    await page.getByRole('button', { name: 'Change mobile number' }).click();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('7400 654321');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('+447400654321')).toBeVisible();
  });
});
