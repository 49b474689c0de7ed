import { expect, test } from '@playwright/test';
import { signUpAndVerify, uniqueEmail } from './support';

/** The anti-forgery token belongs to its session (docs/product/auth-and-sessions.md#csrf). */
test.describe('anti-forgery token', () => {
  test('a token of another session is refused; the app fetches its own once and the change goes through', async ({
    page,
    request,
    baseURL,
  }) => {
    await signUpAndVerify(page, request, uniqueEmail('csrf'));
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'remit_guest')).toBeUndefined(); // signed in: no guest session
    expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBe(false);

    // A valid token, but of another (guest) session, as a page left open across an upgrade would hold.
    const other = await request.get('/sanctum/csrf-cookie');
    expect(other.status()).toBe(204);
    const foreign = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    await page.context().addCookies([{ name: 'XSRF-TOKEN', value: foreign, url: baseURL! }]);

    const statuses: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/client/v1/update-mobile-number')) statuses.push(res.status());
    });
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Add mobile number' }).click();
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United Kingdom (+44)' });
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('7400 123456');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your mobile number was updated.')).toBeVisible();
    expect(statuses).toEqual([419, 200]);

    // The foreign token sent on purpose, with this browser's cookies: refused.
    const forged = await page.request.post('/client/v1/logout', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(foreign), Accept: 'application/json' },
    });
    expect(forged.status()).toBe(419);
    await page.reload();
    await expect(page.getByText('+447400123456')).toBeVisible(); // still signed in
  });
});
