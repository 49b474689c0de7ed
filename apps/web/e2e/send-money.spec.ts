import { expect, test, type Page } from '@playwright/test';
import { findLayoutProblems } from './layout';
import { onboardedUkCustomer, verifiedUkCustomer } from './verified-customer';
import { axe } from './axe';

/**
 * Sending money I (docs/product/money-movement.md#transfer-wizard): a verified UK customer quotes on
 * the dashboard's calculator, continues into the wizard, adds a German IBAN recipient inline, gives a
 * reference, checks every figure and confirms, landing on the payment page; neither a double click
 * nor going back and confirming again makes a second transfer. A customer who may not send yet is
 * told what to finish. Against the real api (sandbox rates, sandbox document reviewer).
 */

async function expectAccessibleAndFits(page: Page, label: string): Promise<void> {
  await expect(page.locator('svg.animate-spin')).toHaveCount(0);
  const results = await axe(page).analyze();
  expect(results.violations, `${label}: axe`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `${label}: layout`).toEqual([]);
}

/** The customer's transfers, as the api lists them. */
async function transfers(page: Page): Promise<{ id: string; status: string; total_to_pay: string }[]> {
  const res = await page.request.get('/client/v1/transactions', { headers: { Accept: 'application/json' } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string; status: string; total_to_pay: string }[] }).data;
}

/** On the dashboard: send 250 GBP to Germany, by bank account, and wait for the quote. */
async function quoteToGermany(page: Page): Promise<void> {
  await page.goto('/dashboard');
  const calculator = page.getByTestId('quote-calculator');
  await expect(calculator).toBeVisible();
  const country = calculator.getByRole('combobox', { name: 'Recipient’s country' });
  await country.click();
  await country.fill('Germ');
  await page.getByRole('option', { name: 'Germany' }).click();
  await expect(country).toHaveValue('Germany');
  const method = calculator.getByRole('combobox', { name: 'How they get the money' });
  if ((await method.count()) > 0 && (await method.isEnabled())) await method.selectOption('bank_account');
  const send = calculator.getByRole('textbox', { name: 'You send' });
  await send.fill('250');
  await expect(calculator.getByTestId('recipient-gets')).toContainText('€');
  // 250.00 converted, the fee on top.
  await expect(calculator.getByTestId('quote-breakdown')).toContainText(/Total to pay£25\d\.\d\d/);
}

test.describe('sending money', () => {
  test('calculator → wizard → IBAN recipient inline → review → confirm lands on the payment page, once', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await verifiedUkCustomer(page, request, 'send');
    await quoteToGermany(page);
    const gets = (await page.getByTestId('recipient-gets').textContent())?.trim() ?? '';
    await page.getByRole('button', { name: 'Continue' }).click();

    // Amount: the same quote, its figures and the countdown.
    await expect(page).toHaveURL(/\/transfer\/[0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { name: 'How much?' })).toBeVisible();
    await expect(page.getByText(/Rate locked for/).first()).toBeVisible();
    await expect(page.getByText(gets).first()).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Recipient: none yet for Germany, so the add form is open, fixed to Germany / EUR / bank account.
    await expect(page.getByRole('heading', { name: 'Who are you sending to?' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Full name' }).fill('Hans Müller');
    await page.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 00');
    const bic = page.getByRole('textbox', { name: 'BIC (SWIFT code)' });
    if ((await bic.count()) > 0) await bic.fill('DEUTDEFF');
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await expect(page.getByText('Hans Müller was added and chosen.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Hans Müller/ })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Details: Germany needs no purpose; a reference.
    await expect(page.getByRole('heading', { name: 'Purpose and reference' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Reference (optional)' }).fill('Rent November');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Review: every figure before committing.
    await expect(page.getByRole('heading', { name: 'Check and confirm' })).toBeVisible();
    const review = page.getByTestId('review-choices');
    await expect(review).toContainText('Hans Müller');
    await expect(review).toContainText('Rent November');
    await expect(page.getByText('£250.00').first()).toBeVisible(); // you send
    await expect(page.getByText('Total to pay').first()).toBeVisible();
    await expectAccessibleAndFits(page, 'review');

    // A double click confirms once.
    await page.getByRole('button', { name: 'Confirm and continue to payment' }).dblclick();
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    const payUrl = page.url();
    let list = await transfers(page);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'awaiting_payment' });
    expect(payUrl).toContain(list[0]!.id);

    // Back to the wizard and confirm again: the quote is used, nothing new is made.
    await page.goBack();
    await expect(page.getByText('This quote was already used')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm and continue to payment' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('This quote was already used')).toBeVisible();
    list = await transfers(page);
    expect(list).toHaveLength(1);

    // The dashboard lists it, with its status, and offers to send again to Hans.
    await page.goto('/dashboard');
    const recent = page.getByTestId('recent-transfers');
    await expect(recent).toContainText('Hans Müller');
    await expect(recent).toContainText('Awaiting payment');
    await expect(page.getByRole('button', { name: 'Send again to Hans Müller' })).toBeVisible();
    // And the recipient's page lists the transfer too.
    await page.goto('/recipients');
    await page.getByTestId('recipient-item').first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Transfers to Hans Müller' })).toBeVisible();
    await expect(page.getByText('Awaiting payment')).toBeVisible();
  });

  test('a customer who has not finished verifying can quote, and is told exactly what to finish @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await onboardedUkCustomer(page, request, 'unverified');
    await quoteToGermany(page);
    const notices = page.getByTestId('quote-notices');
    await expect(notices).toContainText('Before you can send, finish');
    await expect(notices.getByRole('link', { name: 'Fix this' }).first()).toHaveAttribute(
      'href',
      '/account-verification',
    );
    await expectAccessibleAndFits(page, 'dashboard with a quote at 360 px');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'How much?' })).toBeVisible();
    await expectAccessibleAndFits(page, 'wizard amount at 360 px');
    await expect(page.getByText('Before you can send, finish').first()).toBeVisible();
  });
});
