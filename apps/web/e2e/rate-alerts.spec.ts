import { expect, test, type Page } from '@playwright/test';
import { rateAlertsEndpoints } from '@remit/contract';
import { findLayoutProblems } from './layout';
import { codeIn, latestMail, signInThroughUi, signOut, waitForCustomerSubscription } from './support';
import { onboardedUkCustomer, xsrfHeaders } from './verified-customer';
import { axe } from './axe';

/**
 * Rate alerts (docs/product/rate-alerts.md), against the real api: on a 360 px phone a customer sets
 * "Tell me when 1 GBP gets … EUR" from the dashboard's calculator, at our rate now (the sandbox rates
 * do not move, so a target above it would never fire); a rates refresh happens (the dev-only
 * `POST /dev/rates/refresh`, the same refresh the periodic `rates.refresh` runs); the alert fires live
 * on the rate alerts screen, and the mail's "Get a quote" link opens the calculator on that corridor
 * with a fresh quote. Then the screen in French.
 */

async function expectAccessibleAndFits(page: Page, label: string): Promise<void> {
  await expect(page.locator('svg.animate-spin')).toHaveCount(0);
  expect((await axe(page).analyze()).violations, `${label}: axe`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `${label}: layout`).toEqual([]);
}

test.use({ viewport: { width: 360, height: 740 } });

test.describe('rate alerts', () => {
  test('@phone set from the calculator, fired live after a rates refresh, mailed with a link to a fresh quote', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await onboardedUkCustomer(page, request, 'alerts');
    const email = await page.evaluate(async () => {
      const res = await fetch('/client/v1/profile', { headers: { Accept: 'application/json' } });
      return ((await res.json()) as { account: { email: string } }).account.email;
    });

    // The calculator on GBP to Germany (EUR), quoted.
    const subscribed = waitForCustomerSubscription(page);
    await page.goto('/dashboard?source_currency=GBP&target_country=DE&target_currency=EUR');
    const calculator = page.getByTestId('quote-calculator');
    await expect(calculator.getByRole('combobox', { name: 'Recipient’s country' })).toHaveValue('Germany');
    await expect(calculator.getByTestId('recipient-gets')).toContainText('€');
    await subscribed;

    // "Tell me when": prefilled a little above our rate; the customer asks for our rate now.
    await calculator.getByRole('button', { name: 'Tell me when the rate goes up' }).click();
    const field = calculator.getByRole('textbox', { name: 'Target rate in EUR for 1 GBP' });
    await expect(field).toBeFocused();
    const now = (await calculator.getByText(/^Our rate now: 1 GBP = /).textContent()) ?? '';
    const rate = /= ([0-9.]+) EUR$/.exec(now)?.[1] ?? '';
    expect(rate).toMatch(/^[0-9]+\.[0-9]+$/);
    expect(Number(await field.inputValue())).toBeGreaterThan(Number(rate));
    await expectAccessibleAndFits(page, 'dashboard with the rate alert form at 360 px');
    await page.screenshot({ path: test.info().outputPath('rate-alert-form.png'), fullPage: true });
    await field.fill(rate);
    await calculator.getByRole('button', { name: 'Set alert' }).click();
    const done = calculator.getByTestId('rate-alert-done');
    await expect(done).toContainText(`Done. We’ll tell you when 1 GBP gets ${rate} EUR.`);

    // The list: watching.
    await done.getByRole('link', { name: 'See your rate alerts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rate alerts' })).toBeVisible();
    const alert = page.getByTestId('rate-alert');
    await expect(alert).toContainText(`Tell me when 1 GBP gets ${rate} EUR`);
    await expect(alert).toContainText('GBP to EUR, Germany');
    await expect(alert.getByTestId('rate-alert-status')).toHaveText('Watching');
    await expectAccessibleAndFits(page, 'rate alerts at 360 px');

    // A rates refresh: the alert fires, live (no reload).
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const since = new Date(Date.now() - 1000).toISOString();
    const refreshed = await page.request.post(rateAlertsEndpoints.devRefreshRates.path, {
      headers: await xsrfHeaders(page),
    });
    expect(refreshed.status(), await refreshed.text()).toBe(204);
    await expect(page.getByTestId('realtime-notice')).toContainText(/Rate alert: 1 GBP now gets [0-9.]+ EUR/, {
      timeout: 15_000,
    });
    await expect(alert.getByTestId('rate-alert-status')).toHaveText('Reached');
    await expect(alert).toContainText('Reached on');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await expectAccessibleAndFits(page, 'a reached rate alert at 360 px');
    await page.screenshot({ path: test.info().outputPath('rate-alert-reached.png'), fullPage: true });

    // One mail, with a link that opens the calculator on the corridor with a fresh quote.
    const mail = await latestMail(request, email, /^1 GBP now gets [0-9.]+ EUR$/, since);
    const link = /Get a quote: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(new URL(link).pathname + new URL(link).search).toBe(
      '/dashboard?source_currency=GBP&target_country=DE&target_currency=EUR',
    );
    // Another refresh fires nothing more.
    const again = await page.request.post(rateAlertsEndpoints.devRefreshRates.path, {
      headers: await xsrfHeaders(page),
    });
    expect(again.status()).toBe(204);

    await page.goto('/dashboard');
    await page.evaluate(() => localStorage.removeItem('remit.dashboard.destination'));
    const asked: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/client/v1/quotes') asked.push(r.postDataJSON());
    });
    await page.goto(link);
    await expect(calculator.getByRole('combobox', { name: 'Recipient’s country' })).toHaveValue('Germany');
    await expect(calculator.getByTestId('recipient-gets')).toContainText('€');
    // Every quote asked from the link is for that corridor (never the default one first).
    expect(asked.length).toBeGreaterThan(0);
    for (const body of asked) {
      expect(body).toMatchObject({ source_currency: 'GBP', target_country: 'DE', target_currency: 'EUR' });
    }
    await expectAccessibleAndFits(page, 'the calculator from the mail at 360 px');
    const mails = (await (await request.get('/dev/mailbox')).json()) as { messages: { to: string; subject: string }[] };
    expect(mails.messages.filter((m) => m.to === email && /now gets/.test(m.subject))).toHaveLength(1);

    // Signed out by the time the mail is read: the link goes through sign-in and still opens the corridor.
    await signOut(page);
    // Not the destination the calculator remembers (Kenya comes first otherwise).
    await page.evaluate(() => localStorage.removeItem('remit.dashboard.destination'));
    asked.length = 0;
    await page.goto(link);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    const signInSince = new Date(Date.now() - 1000).toISOString();
    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/mfa$/);
    await page
      .getByLabel('Verification code')
      .fill(codeIn((await latestMail(request, email, /code/i, signInSince)).text));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(calculator.getByRole('combobox', { name: 'Recipient’s country' })).toHaveValue('Germany');
    await expect(calculator.getByTestId('recipient-gets')).toContainText('€');
    expect(asked.length).toBeGreaterThan(0);
    for (const body of asked) expect(body).toMatchObject({ target_country: 'DE', target_currency: 'EUR' });

    // In French: the list and its actions.
    await page.evaluate(() => localStorage.setItem('remit.language', 'fr'));
    await page.goto('/rate-alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Alertes de taux' })).toBeVisible();
    await expect(alert.getByTestId('rate-alert-status')).toHaveText('Atteint');
    await alert.getByRole('button', { name: /^Surveiller à nouveau/ }).click();
    await expect(alert.getByTestId('rate-alert-status')).toHaveText('Surveillée');
    await expectAccessibleAndFits(page, 'rate alerts in French at 360 px');
    await page.evaluate(() => localStorage.setItem('remit.language', 'en'));
  });
});
