import { expect, test } from '@playwright/test';
import { findLayoutProblems } from './layout';
import { confirmedTransfer, verifiedUkCustomer } from './verified-customer';
import { axe } from './axe';

/**
 * The public tracking page (docs/product/money-movement.md#tracking): a verified UK customer confirms
 * and pays a transfer, makes its tracking link on the transaction page, and someone with no account
 * (a new browser context, no cookies, a 360 px phone) follows it: the status and the amount, nothing
 * about the sender. Once the customer stops sharing, the link says it is not found. Against the real
 * api (sandbox gateway and payout partner).
 */

test('a tracking link shows the status and amount without an account, and stops when revoked', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  await verifiedUkCustomer(page, request, 'track');
  const id = await confirmedTransfer(page);

  // Pay by card on the sandbox gateway's hosted page.
  await page.goto(`/pay/${id}`);
  await page.getByRole('radio', { name: 'Debit or credit card' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/gateway\/pay\//);
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

  // The transaction page makes the link (shown once).
  await page.goto(`/transaction/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer to Hans Müller' })).toBeVisible();
  await page.getByTestId('share-tracking').click();
  const url = (await page.getByTestId('tracking-url').textContent())?.trim() ?? '';
  expect(url).toMatch(/\/track\/[A-Za-z0-9_-]{43}$/);

  // Someone with no account, on a phone.
  const stranger = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const visitor = await stranger.newPage();
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Money on its way to Hans' })).toBeVisible();
    await expect(visitor).toHaveURL(url);
    await expect(visitor.getByTestId('tracking-amount')).toContainText('€');
    await expect(visitor.getByTestId('tracking-status')).toHaveText(/payment was received|on its way|was delivered/);
    await expect(visitor.getByTestId('tracking-steps')).toContainText('Transfer confirmed');
    const text = (await visitor.locator('body').textContent()) ?? '';
    for (const secret of ['Müller', 'Ada', 'Lovelace', 'Rent November', '@', '2020 51', id]) {
      expect(text, `the page shows nothing of "${secret}"`).not.toContain(secret);
    }
    await expect(visitor.locator('svg.animate-spin')).toHaveCount(0);
    expect((await axe(visitor).analyze()).violations).toEqual([]);
    expect(await visitor.evaluate(findLayoutProblems)).toEqual([]);

    // Revoked: the same link is not found.
    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(page.getByText('The tracking link no longer works.')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Link not found' })).toBeVisible();
    await expect(visitor.getByTestId('tracking-not-found')).toBeVisible();
    expect(await visitor.locator('body').textContent()).not.toContain('Hans');
  } finally {
    await stranger.close();
  }
});
