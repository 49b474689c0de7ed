import { expect, test } from '@playwright/test';
import { axe } from './axe';
import { findLayoutProblems } from './layout';
import { waitForCustomerSubscription } from './support';
import { confirmedTransfer, payByCard, verifiedUkCustomer } from './verified-customer';

/**
 * A late transfer explains itself (docs/product/expected-times.md): a verified UK customer sends
 * money to a German IBAN ending in 777, which the sandbox payout partner holds for a bank holiday
 * with a new date. The transaction page, open in one tab while the customer pays in another, shows
 * the expected arrival, then, live from the push, the reason and the new date; the transfer then
 * completes. Against the real api (sandbox gateway and payout partner), at 360 px too, axe clean.
 */

/** Held by the sandbox partner for a bank holiday (docs/product/expected-times.md#sandbox-triggers). */
const HOLIDAY = { iban: 'DE91 1203 0000 0000 2027 77', bic: 'BYLADEM1001' };

test('a delayed transfer’s reason and new date appear live on the transaction page @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await verifiedUkCustomer(page, request, 'delays');
  const id = await confirmedTransfer(page, HOLIDAY);

  // The transaction page, live: the expected arrival, no delay yet.
  const subscribed = waitForCustomerSubscription(page);
  await page.goto(`/transaction/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer to Hans Müller' })).toBeVisible();
  await subscribed;
  await expect(page.getByTestId('expected-arrival')).toContainText('Expected by');
  await expect(page.getByTestId('delay-reason')).toHaveCount(0);

  // Paid in another tab: the payout starts, the partner holds it with a new date.
  const payer = await page.context().newPage();
  await payer.goto(`/pay/${id}`);
  await payByCard(payer, '4242 4242 4242 4242');
  await expect(payer.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await payer.close();

  // Live (no reload): the reason and the new date.
  await expect(page.getByTestId('delay-reason')).toHaveText('The recipient’s bank is closed for a public holiday.', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('delay-new-date')).toContainText('New expected arrival:');
  await expect(page.getByTestId('expected-arrival')).toContainText('This transfer is late');
  await expect(page.locator('svg.animate-spin')).toHaveCount(0);
  expect((await axe(page).analyze()).violations).toEqual([]);
  expect(await page.evaluate(findLayoutProblems)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('delayed.png'), fullPage: true });

  // The partner pays it out later: delivered, the delay gone.
  await expect(page.getByTestId('transfer-status').first()).toHaveText('Completed', { timeout: 60_000 });
  await expect(page.getByTestId('delay-reason')).toHaveCount(0);
  await expect(page.getByTestId('expected-arrival')).toContainText('Arrived');
});
