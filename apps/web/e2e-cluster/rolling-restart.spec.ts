import { existsSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { confirmedTransfer, payByCard, verifiedUkCustomer } from '../e2e/verified-customer';

/**
 * A rolling restart under a customer (issue #22 item 5): while scripts/cluster-rolling.mjs restarts
 * the cluster's instances one after another (SIGTERM, then the next once it is back), a customer
 * signs up, gets verified, confirms a transfer, pays by card on the sandbox gateway's hosted page and
 * watches the payout complete live, all through HAProxy. The browser sees no failed request (a
 * WebSocket may reconnect); the transfer has one payment and one payout. The customer keeps browsing
 * until the script has restarted every instance once (CLUSTER_ROLLING_DONE). The script checks the
 * database and the ledger afterwards, from what this writes to CLUSTER_ROLLING_RESULT.
 */

test('a customer pays and watches the transfer complete while every instance restarts in turn', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const failed: string[] = [];
  let seen = 0;
  page.on('response', (res) => {
    if (new URL(res.url()).origin !== origin) return;
    seen += 1;
    if (res.status() >= 500) failed.push(`${res.request().method()} ${res.url()} ${res.status()}`);
  });
  page.on('requestfailed', (req) => {
    if (new URL(req.url()).origin !== origin || req.resourceType() === 'websocket') return;
    // Dropped by the browser itself (a navigation away, a cancelled query): not the cluster's doing.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    failed.push(`${req.method()} ${req.url()} ${req.failure()?.errorText}`);
  });
  let sockets = 0;
  page.on('websocket', () => (sockets += 1));

  await verifiedUkCustomer(page, request, 'rolling');
  const id = await confirmedTransfer(page);
  await page.goto(`/pay/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your transfer' })).toBeVisible();
  await payByCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(new RegExp(`/payment/cb/${id}$`));
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

  // The transfer's page follows the payout live (no reload): processing, then completed.
  await page.getByRole('link', { name: 'View the transfer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer to Hans Müller' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await expect(page.getByTestId('timeline')).toContainText('Completed', { timeout: 90_000 });
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // As the customer, through the api: one payment, one payout, completed.
  const res = await page.request.get(`/client/v1/transactions/${id}`, { headers: { Accept: 'application/json' } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { timeline: { status: string }[] };
  const statuses = body.timeline.map((e) => e.status);
  expect(statuses.at(-1)).toBe('completed');
  expect(statuses.filter((s) => s === 'paid')).toHaveLength(1);
  expect(statuses.filter((s) => s === 'processing')).toHaveLength(1);
  expect(statuses.filter((s) => s === 'completed')).toHaveLength(1);

  // Until every instance has been restarted once (CLUSTER_ROLLING_DONE), the customer keeps browsing.
  const done = process.env.CLUSTER_ROLLING_DONE;
  const until = Date.now() + 90_000;
  while (done && !existsSync(done) && Date.now() < until) {
    await page.goto('/transactions');
    await expect(page.getByTestId('transfer-item')).toHaveCount(1);
    await page.goto(`/transaction/${id}`);
    await expect(page.getByTestId('timeline')).toContainText('Completed');
  }

  expect(failed, `failed requests seen by the browser (of ${seen})`).toEqual([]);
  console.log(`rolling: transfer ${id}; ${seen} responses seen by the browser, none failed; ${sockets} WebSocket(s)`);
  if (process.env.CLUSTER_ROLLING_RESULT) {
    writeFileSync(process.env.CLUSTER_ROLLING_RESULT, JSON.stringify({ transfer: id, responses: seen, sockets }));
  }
});
