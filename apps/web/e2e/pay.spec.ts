import { expect, test, type Page } from '@playwright/test';
import { findLayoutProblems } from './layout';
import { ARRIVES, BOUNCES, confirmedTransfer, payByCard, verifiedUkCustomer } from './verified-customer';
import { axe } from './axe';

/**
 * Paying a transfer (docs/product/money-movement.md#payment): a verified UK customer with a confirmed
 * transfer pays by card on the sandbox gateway's hosted page and comes back to "Processing Payment",
 * which shows the verified success; a declined card shows why, and "Try again" pays. Against the
 * real api (sandbox gateway).
 */

async function expectAccessibleAndFits(page: Page, label: string): Promise<void> {
  await expect(page.locator('svg.animate-spin')).toHaveCount(0);
  const results = await axe(page).analyze();
  expect(results.violations, `${label}: axe`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `${label}: layout`).toEqual([]);
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

  test('a 3-D Secure card is challenged, then the transfer completes live and its receipt downloads as a PDF', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await verifiedUkCustomer(page, request, 'threeds');
    const id = await confirmedTransfer(page);
    await page.goto(`/pay/${id}`);
    await payByCard(page, '4000 0000 0000 3220');
    await expect(page).toHaveURL(/\/sandbox\/gateway\/3ds\//);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/cb/${id}$`));
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

    // The transaction page follows the payout live: processing, then completed (sandbox partner).
    await page.getByRole('link', { name: 'View the transfer' }).click();
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toContainText('Completed', { timeout: 90_000 });
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The receipt: a PDF download named after the transfer.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download receipt (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`transfer-${id}.pdf`);
    const path = await file.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('a failed 3-D Secure challenge is a failed payment; cancelling before paying stops the transfer', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await verifiedUkCustomer(page, request, 'cancel');
    const id = await confirmedTransfer(page);
    await page.goto(`/pay/${id}`);
    await payByCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/cb/${id}$`));
    await expect(page.getByRole('heading', { name: 'Your payment didn’t go through' })).toBeVisible();

    await page.goto(`/transaction/${id}`);
    await page.getByRole('button', { name: 'Cancel transfer' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this transfer?' });
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByText('The transfer was cancelled.')).toBeVisible();
    await expect(page.getByTestId('timeline')).toContainText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel transfer' })).toHaveCount(0);
    await expectAccessibleAndFits(page, 'cancelled transfer');
  });

  test('the French app words the timeline in French (codes on the wire, words on the web)', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await verifiedUkCustomer(page, request, 'french');
    const id = await confirmedTransfer(page);
    await page.goto(`/pay/${id}`);
    await payByCard(page, '4000 0000 0000 0002');
    await expect(page).toHaveURL(new RegExp(`/payment/cb/${id}$`));
    await page.evaluate(() => localStorage.setItem('remit.language', 'fr'));
    await page.goto(`/transaction/${id}`);
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toContainText('Transfert confirmé. Nous attendons votre paiement de');
    await expect(timeline).toContainText('a échoué : la carte a été refusée.');
    await expect(timeline).not.toContainText('Transfer confirmed');
    await expect(timeline).not.toContainText('the card was declined');
    await expectAccessibleAndFits(page, 'timeline in French');
  });

  test('a bounced payout is sent again to corrected details, with no new payment, and completes', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await verifiedUkCustomer(page, request, 'bounce');
    const id = await confirmedTransfer(page, BOUNCES);
    await page.goto(`/pay/${id}`);
    await payByCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await page.goto(`/transaction/${id}`);

    // The partner sends it back ("Account closed"); the page offers a refund or corrected details.
    const panel = page.getByTestId('returned-panel');
    await expect(panel).toBeVisible({ timeout: 60_000 });
    await expect(panel).toContainText('Account closed');
    await expectAccessibleAndFits(page, 'returned transfer');
    await page.getByRole('button', { name: 'Send to corrected details' }).click();
    await page.getByRole('button', { name: 'Add a new recipient' }).click();
    const form = page.getByTestId('returned-add-recipient');
    await form.getByRole('textbox', { name: 'Full name' }).fill('Hans Müller');
    await form.getByRole('textbox', { name: 'IBAN' }).fill(ARRIVES.iban);
    const bic = form.getByRole('textbox', { name: 'BIC (SWIFT code)' });
    if ((await bic.count()) > 0) await bic.fill(ARRIVES.bic);
    await form.getByRole('button', { name: 'Add recipient' }).click();
    await page.getByRole('button', { name: 'Send again to Hans Müller' }).click();
    await expect(page.getByTestId('transaction-notice')).toContainText('Your money is on its way again');
    await expect(page.getByTestId('timeline')).toContainText('Completed', { timeout: 90_000 });

    // One payment for the whole story.
    const res = await page.request.get(`/client/v1/transactions/${id}`, { headers: { Accept: 'application/json' } });
    const timeline = ((await res.json()) as { timeline: { status: string }[] }).timeline.map((e) => e.status);
    expect(timeline.filter((s) => s === 'paid')).toHaveLength(1);
    expect(timeline).toEqual(expect.arrayContaining(['returned', 'processing', 'completed']));
  });
});
