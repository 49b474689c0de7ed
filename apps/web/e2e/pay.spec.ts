import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { findLayoutProblems } from './layout';
import { verifiedUkCustomer, xsrfHeaders } from './verified-customer';

/**
 * Paying a transfer (docs/product/money-movement.md#payment): a verified UK customer with a confirmed
 * transfer pays by card on the sandbox gateway's hosted page and comes back to "Processing Payment",
 * which shows the verified success; a declined card shows why, and "Try again" pays. Against the
 * real api (sandbox gateway).
 */

async function expectAccessibleAndFits(page: Page, label: string): Promise<void> {
  await expect(page.locator('svg.animate-spin')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations, `${label}: axe`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `${label}: layout`).toEqual([]);
}

/** A confirmed transfer of GBP 250 to a German IBAN, made through the api as the wizard does. */
async function confirmedTransfer(page: Page): Promise<string> {
  const headers = await xsrfHeaders(page);
  const quote = await page.request.post('/client/v1/quotes', {
    headers,
    data: {
      source_currency: 'GBP',
      target_country: 'DE',
      target_currency: 'EUR',
      payout_method: 'bank_account',
      source_amount: '25000',
    },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const recipient = await page.request.post('/client/v1/recipients', {
    headers,
    data: {
      name: 'Hans Müller',
      country: 'DE',
      currency: 'EUR',
      payout_method: 'bank_account',
      details: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF' },
    },
  });
  expect(recipient.status(), await recipient.text()).toBe(201);
  const transfer = await page.request.post('/client/v1/transactions', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      quote_id: ((await quote.json()) as { id: string }).id,
      recipient_id: ((await recipient.json()) as { id: string }).id,
      purpose: null,
      reference: 'Rent November',
    },
  });
  expect(transfer.status(), await transfer.text()).toBe(201);
  return ((await transfer.json()) as { id: string }).id;
}

/** On /pay: choose the card and continue to the gateway's hosted page, then pay with `card`. */
async function payByCard(page: Page, card: string): Promise<void> {
  await page.getByRole('radio', { name: 'Debit or credit card' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/gateway\/pay\//);
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test.describe('paying a transfer', () => {
  test('by card on the hosted page, then Processing Payment shows the success', async ({ page, request }) => {
    test.setTimeout(120_000);
    await verifiedUkCustomer(page, request, 'pay');
    const id = await confirmedTransfer(page);
    await page.goto(`/pay/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay for your transfer' })).toBeVisible();
    await expect(page.getByTestId('payment-summary')).toContainText('Hans Müller');
    await expect(page.getByTestId('pay-by')).toContainText('Pay by');
    await expect(page.getByRole('radio', { name: 'Bank transfer' })).toBeVisible();
    await expectAccessibleAndFits(page, 'payment');

    await payByCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(new RegExp(`/payment/cb/${id}$`));
    await expect(page).toHaveTitle(/Processing Payment/);
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await expectAccessibleAndFits(page, 'payment callback');

    await page.getByRole('link', { name: 'View the transfer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer to Hans Müller' })).toBeVisible();
    await expect(page.getByTestId('timeline')).toContainText('Paid');
    await expectAccessibleAndFits(page, 'transaction');
  });

  test('a declined card says why, and Try again pays @phone', async ({ page, request }) => {
    test.setTimeout(120_000);
    await verifiedUkCustomer(page, request, 'declined');
    const id = await confirmedTransfer(page);
    await page.goto(`/pay/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay for your transfer' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Debit or credit card' })).toBeVisible();
    await expectAccessibleAndFits(page, 'payment');
    await payByCard(page, '4000 0000 0000 0002');
    await expect(page).toHaveURL(new RegExp(`/payment/cb/${id}$`));
    await expect(page.getByRole('heading', { name: 'Your payment didn’t go through' })).toBeVisible();
    await expect(page.getByTestId('failure-reason')).toContainText('declined');
    await expectAccessibleAndFits(page, 'payment failed');

    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(new RegExp(`/pay/${id}$`));
    await payByCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(new RegExp(`/payment/cb/${id}$`));
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

    // The transactions page lists it, searched by the recipient, and its page shows the timeline.
    await page.goto('/transactions?search=hans');
    await expect(page.getByRole('searchbox', { name: 'Search by recipient or reference' })).toHaveValue('hans');
    await expect(page.getByTestId('transfer-item')).toHaveCount(1);
    // Paid, or already further: the sandbox payout partner starts at once.
    await expect(page.getByTestId('transfer-item')).toContainText(/Paid|Processing|Completed/);
    await expectAccessibleAndFits(page, 'transactions');
    await page.getByTestId('transfer-item').getByRole('link').click();
    await expect(page.getByTestId('timeline')).toContainText('Payment failed');
    await expect(page.getByTestId('timeline')).toContainText('Paid');
    await expectAccessibleAndFits(page, 'transaction');
  });

  test('by bank transfer: our details and the reference, then waiting for the money @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await verifiedUkCustomer(page, request, 'bank');
    const id = await confirmedTransfer(page);
    await page.goto(`/pay/${id}`);
    await page.getByRole('radio', { name: 'Bank transfer' }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const details = page.getByTestId('bank-details');
    await expect(details).toContainText('04-00-04');
    await expect(details).toContainText(/SBX[A-Z0-9]{8}/);
    await expect(page.getByRole('button', { name: 'Copy Reference' })).toBeVisible();
    await expectAccessibleAndFits(page, 'bank details');
    await page.getByRole('button', { name: 'I’ve sent the money' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/cb/${id}$`));
    await expect(page.getByRole('heading', { name: 'Waiting for your bank transfer' })).toBeVisible();
    await expect(page.getByTestId('bank-details')).toContainText('04-00-04');
    await expectAccessibleAndFits(page, 'waiting for the bank transfer');
  });
});
