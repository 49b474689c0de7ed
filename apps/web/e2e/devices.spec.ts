import { expect, test } from '@playwright/test';
import {
  codeIn,
  latestMail,
  signInThroughUi,
  signUpAndVerify,
  uniqueEmail,
  waitForCustomerSubscription,
} from './support';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

test.describe('devices', () => {
  test('a customer sees where they are signed in and signs another device out; it is signed out at once', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('devices');
    await signUpAndVerify(page, request, email);

    // A second device: another browser signs in with the password and the mailed code.
    const laptop = await browser.newContext({ userAgent: FIREFOX_LINUX });
    const other = await laptop.newPage();
    const since = new Date().toISOString();
    await signInThroughUi(other, email);
    await expect(other).toHaveURL(/\/mfa$/);
    const subscribed = waitForCustomerSubscription(other);
    await other.getByLabel('Verification code').fill(codeIn((await latestMail(request, email, /code/i, since)).text));
    await expect(other).toHaveURL(/\/workflow\/onboarding$/);
    await subscribed;

    // From settings to the devices screen.
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Devices' }).click();
    await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
    const items = page.getByTestId('device-item');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('This device');
    await expect(items.nth(1)).toContainText('Firefox 121.0');
    await expect(items.nth(1)).toContainText('Linux');

    await page.getByRole('button', { name: 'Sign out Firefox 121.0 on Linux' }).click();
    await page.getByRole('button', { name: 'Yes, sign out' }).click();
    await expect(page.getByText('Firefox 121.0 on Linux was signed out.')).toBeVisible();
    await expect(items).toHaveCount(1);

    // The other browser is told over realtime and lands on sign-in without doing anything.
    await expect(other).toHaveURL(/\/$/);
    await expect(other).toHaveTitle('Sign in');
    await laptop.close();
  });
});
