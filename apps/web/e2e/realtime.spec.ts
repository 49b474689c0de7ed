import { expect, test, type Page } from '@playwright/test';
import { realtimeEndpoints, type DevNotifyRequest } from '@remit/contract';
import { signUpAndVerify, signUpThroughUi, uniqueEmail, waitForCustomerSubscription } from './support';

/** Dev-only trigger: the api publishes `event` to the signed-in customer (same cookies as the page). */
async function notify(page: Page, body: DevNotifyRequest): Promise<void> {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post(realtimeEndpoints.devNotify.path, {
    data: body,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
  });
  expect(res.status(), await res.text()).toBe(204);
}

test.describe('realtime', () => {
  test('a ProfileUpdated pushed by the server refreshes the profile without a reload', async ({ page }) => {
    const subscribed = waitForCustomerSubscription(page);
    await signUpThroughUi(page, uniqueEmail('realtime'));
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await subscribed;

    // A marker that a reload would wipe.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const refetch = page.waitForRequest(
      (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/client/v1/profile',
    );
    await notify(page, { event: 'ProfileUpdated' });

    await expect(page.getByTestId('realtime-notice').getByText('Your profile was updated')).toBeVisible();
    await refetch;
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    // Connected: no connection banner.
    await expect(page.getByTestId('realtime-status')).toBeEmpty();
  });

  test("a change made in one tab is announced in the customer's other tab, not in the tab that made it", async ({
    page,
    request,
  }) => {
    const subscribed = waitForCustomerSubscription(page);
    await signUpAndVerify(page, request, uniqueEmail('two-tabs'));
    await subscribed;
    const other = await page.context().newPage();
    const otherSubscribed = waitForCustomerSubscription(other);
    await other.goto('/dashboard');
    await otherSubscribed;

    await page.getByRole('searchbox', { name: 'Search countries' }).fill('United Kingdom');
    await page.getByRole('radio', { name: /^United Kingdom/ }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();

    await expect(other.getByTestId('realtime-notice').getByText('Your profile was updated')).toBeVisible();
    // Both tabs got their events at the same moment; give this one a little longer all the same.
    await page.waitForTimeout(500);
    await expect(page.getByTestId('realtime-notice').getByText('Your profile was updated')).toHaveCount(0);
    await other.close();
  });

  test('SessionRevoked for this session signs the page out at once', async ({ page }) => {
    const subscribed = waitForCustomerSubscription(page);
    await signUpThroughUi(page, uniqueEmail('revoked'));
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await subscribed;

    await notify(page, { event: 'SessionRevoked' }); // the dev route names this session
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Sign in');
  });

  test('channel auth refuses another customer’s channel', async ({ page, browser }) => {
    const subscribed = waitForCustomerSubscription(page);
    await signUpThroughUi(page, uniqueEmail('own'));
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await subscribed;

    const cookies = await page.context().cookies();
    const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const res = await page.request.post('/broadcasting/auth', {
      form: { socket_id: '123.456', channel_name: 'private-customer.00000000-0000-4000-8000-000000000000' },
      headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' },
    });
    expect(res.status()).toBe(403);

    const anonymous = await browser.newContext();
    const refused = await anonymous.request.post('/broadcasting/auth', {
      form: { socket_id: '123.456', channel_name: 'private-customer.1' },
      headers: { Accept: 'application/json' },
    });
    expect(refused.status()).toBe(419); // no XSRF pair, no bearer
    await anonymous.close();
  });
});
