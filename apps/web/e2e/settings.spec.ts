import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe';
import { findLayoutProblems } from './layout';
import { codeIn, latestMail, signInThroughUi, signOut, signUpAndVerify, uniqueEmail } from './support';

async function expectAccessibleAndFits(page: Page, label: string): Promise<void> {
  const results = await axe(page).analyze();
  expect(results.violations, `${label}: axe`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `${label}: layout`).toEqual([]);
}

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

  test('a customer changes the email address with a code sent to the new one, then signs in with it @phone', async ({
    page,
    request,
  }, testInfo) => {
    const old = uniqueEmail('old');
    const next = uniqueEmail('new');
    await signUpAndVerify(page, request, old);
    await page.goto('/settings');
    // Signed in a moment ago: that counts as the step-up, so no password is asked here.
    await page.getByRole('button', { name: 'Change email address' }).click();
    await page.getByRole('textbox', { name: 'New email address' }).fill(next);
    await expectAccessibleAndFits(page, 'new address');
    const since = new Date(Date.now() - 1000).toISOString();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByTestId('email-code-sent')).toContainText(`We have sent a 6-digit code to ${next}.`);
    await expectAccessibleAndFits(page, 'code');
    await page.screenshot({ path: testInfo.outputPath('email-change-code.png'), fullPage: true });

    const mail = await latestMail(request, next, /Confirm your new email address/, since);
    await page.getByLabel('Verification code').fill(codeIn(mail.text));
    await expect(page.getByTestId('email-notice')).toHaveText(`Your email address is now ${next}.`);
    await expect(page.getByTestId('profile-email')).toContainText(next);
    const notice = await latestMail(request, old, /Your email address was changed/, since);
    expect(notice.text).toContain('The email address of your account is now n•••@example.com.');

    await signOut(page);
    const signInSince = new Date(Date.now() - 1000).toISOString();
    await signInThroughUi(page, next);
    await expect(page).toHaveURL(/\/mfa$/);
    const code = await latestMail(request, next, /sign-in code/i, signInSince);
    await page.getByLabel('Verification code').fill(codeIn(code.text));
    await expect(page).not.toHaveURL(/\/mfa$/);
  });
});
