import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe';
import { findLayoutProblems } from './layout';
import { latestMail } from './support';
import { ARRIVES, verifiedUkCustomer, xsrfHeaders } from './verified-customer';

/**
 * A monthly scheduled transfer (docs/product/scheduled-transfers.md): a verified customer schedules
 * 50 GBP a month to a recipient from the recipient's page, first run today; the api (due schedules
 * looked for every 2 s here, playwright.config.ts) quotes and creates the transfer awaiting payment,
 * never paying; the schedules screen shows it live, the dashboard offers to pay, one mail says so,
 * and the customer goes to pay it.
 */

async function expectAccessibleAndFits(page: Page, label: string): Promise<void> {
  await expect(page.locator('svg.animate-spin')).toHaveCount(0);
  const results = await axe(page).analyze();
  expect(results.violations, `${label}: axe`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `${label}: layout`).toEqual([]);
}

/** The same date a month later, as the api counts it (UTC; the last day of a shorter month). */
function aMonthAfter(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}

test.describe('scheduled transfers', () => {
  test('a monthly schedule creates its first transfer, shown live and on the dashboard, ready to pay @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await verifiedUkCustomer(page, request, 'schedule');
    const profile = await page.request.get('/client/v1/profile', { headers: { Accept: 'application/json' } });
    const email = ((await profile.json()) as { account: { email: string } }).account.email;
    const recipient = await page.request.post('/client/v1/recipients', {
      headers: await xsrfHeaders(page),
      data: { name: 'Hans Müller', country: 'DE', currency: 'EUR', payout_method: 'bank_account', details: ARRIVES },
    });
    expect(recipient.status(), await recipient.text()).toBe(201);
    const recipientId = ((await recipient.json()) as { id: string }).id;

    // From the recipient's page.
    await page.goto(`/recipient/${recipientId}`);
    await page.getByRole('link', { name: 'Schedule a transfer to Hans Müller' }).click();
    await expect(page).toHaveURL(/\/scheduled-transfers\?recipient=/);
    const form = page.getByRole('form', { name: 'Schedule a transfer to Hans Müller' });
    await expect(form).toBeVisible();
    await expectAccessibleAndFits(page, 'schedule form');
    await form.getByRole('textbox', { name: 'Amount (GBP)' }).fill('50');
    await expect(form.getByRole('combobox', { name: 'How often' })).toHaveValue('monthly');
    const today = await form.getByLabel('First transfer on').inputValue();
    expect(today).toBe(new Date().toISOString().slice(0, 10));
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Scheduled transfer saved.')).toBeVisible();

    // The run happens while the screen is open: it shows it live (ScheduledTransferRan).
    const item = page.getByTestId('schedule-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('heading', { name: '£50.00 to Hans Müller' })).toBeVisible();
    await expect(item.getByTestId('schedule-last-run')).toContainText('transfer set up, waiting for your payment', {
      timeout: 30_000,
    });
    await expect(page.getByText('A scheduled transfer is ready to pay')).toBeVisible();
    const next = new Date(`${aMonthAfter(today)}T00:00:00Z`).toLocaleDateString('en-US', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(item.getByTestId('schedule-next')).toHaveText(next);
    await expect(item.getByTestId('schedule-status')).toHaveText('Active');
    await expectAccessibleAndFits(page, 'schedules');
    // For the eye (the closing note): in the run's output folder.
    await page.screenshot({ path: test.info().outputPath('schedules.png'), fullPage: true });

    // One mail with the way to pay.
    const mail = await latestMail(request, email, /scheduled transfer to Hans Müller is ready to pay/);
    const payLink = /\/pay\/([0-9a-f-]{36})/.exec(mail.text);
    expect(payLink, mail.text).not.toBeNull();
    const transactionId = payLink![1]!;

    // The dashboard: the transfer awaits payment in the recent transfers, and the panel offers to pay.
    await page.goto('/dashboard');
    await expect(page.getByTestId('recent-transfers')).toContainText('Hans Müller');
    const ready = page.getByTestId('scheduled-ready');
    await expect(ready).toContainText('Your scheduled transfer to Hans Müller is ready to pay.');
    await expectAccessibleAndFits(page, 'dashboard');
    await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });
    await ready.getByRole('link', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(new RegExp(`/pay/${transactionId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Pay for your transfer' })).toBeVisible();
    await expect(page.getByTestId('payment-summary')).toContainText('Hans Müller');

    // Nothing was paid by the schedule: the transfer still awaits payment, exactly one.
    const list = await page.request.get('/client/v1/transactions', { headers: { Accept: 'application/json' } });
    const transfers = ((await list.json()) as { data: { id: string; status: string }[] }).data;
    expect(transfers.map((t) => [t.id, t.status])).toEqual([[transactionId, 'awaiting_payment']]);
  });
});
