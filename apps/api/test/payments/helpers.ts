// Shared by the payments tests (docs/product/money-movement.md#payment, docs/product/payments.md): a
// payable transfer, the sandbox gateway's hosted card page driven with app.inject, and its webhooks
// captured and delivered when a test says so.
import { paymentsEndpoints, StartedPayment, Transaction, buildPath, transactionsEndpoints } from '@remit/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, expect } from 'vitest';
import type { AppOverrides } from '../../src/app.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { type Client, type TestContext, useTestApp } from '../helpers.ts';
import { DE_BANK, GERMAN_IBAN, customer, newKey, quote, recipient } from '../transfers/helpers.ts';

export interface CapturedWebhook {
  url: string;
  body: string;
  headers: Record<string, string>;
  delivered: boolean;
}

export interface PaymentsContext extends TestContext {
  webhooks: CapturedWebhook[];
}

/** The test app with the sandbox gateway's notices captured instead of posted. */
export function usePaymentsApp(opts: { env?: Record<string, string>; overrides?: AppOverrides } = {}): PaymentsContext {
  const webhooks: CapturedWebhook[] = [];
  const ctx = useTestApp({
    ...opts,
    overrides: {
      ...opts.overrides,
      webhookSender: async (url, body, headers) => {
        webhooks.push({ url, body, headers, delivered: false });
      },
    },
  }) as PaymentsContext;
  ctx.webhooks = webhooks;
  beforeEach(() => {
    webhooks.length = 0;
  });
  return ctx;
}

export const CARDS = {
  approve: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  threeDs: '4000 0000 0000 3220',
} as const;

export const path = (url: string): string => {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
};

/** A signed-in customer with a confirmed transfer of GBP 100 to a German IBAN, awaiting payment. */
export async function payableTransfer(
  ctx: TestContext,
  client?: Client,
  headers: Record<string, string> = {},
): Promise<{ client: Client; tx: Transaction }> {
  const c = client ?? (await customer(ctx));
  const q = await quote(c, { ...DE_BANK, source_amount: '10000' });
  const existing = await c.get('/client/v1/recipients');
  const known = (existing.json() as { data?: { id: string }[] }).data?.[0];
  const r = known ?? (await recipient(c, GERMAN_IBAN));
  const body = { quote_id: q.id, recipient_id: r.id, purpose: null, reference: 'Rent' };
  const res = await c.post(transactionsEndpoints.createTransaction.path, body, {
    'idempotency-key': newKey(),
    ...headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { client: c, tx: Transaction.parse(res.json()) };
}

export async function startPayment(client: Client, txId: string, method: 'card' | 'bank_transfer') {
  const res = await client.post(buildPath(paymentsEndpoints.startPayment.path, { id: txId }), { method });
  expect(res.statusCode, res.body).toBe(201);
  return StartedPayment.parse(res.json());
}

/** The hosted page's anti-forgery token (hidden field), if the page has one. */
const pageToken = (body: string): string | undefined => /name="token" value="([^"]+)"/.exec(body)?.[1];

/** Posts a card (Ada Lovelace's, 12/39, 123) to the hosted page with the page's token. */
function postCard(ctx: TestContext, redirectUrl: string, token: string, card: string) {
  return ctx.app.inject({
    method: 'POST',
    url: path(redirectUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token,
      name: 'Ada Lovelace',
      card_number: card,
      expiry: '12/39',
      cvc: '123',
    }).toString(),
  });
}

/** The hosted card page: GET it, post the card with its token; answers the 303's location (3-D Secure followed). */
export async function payOnHostedPage(
  ctx: TestContext,
  redirectUrl: string,
  card: string,
  challenge: 'complete' | 'fail' = 'complete',
): Promise<string> {
  const page = await ctx.app.inject({ method: 'GET', url: path(redirectUrl) });
  expect(page.statusCode).toBe(200);
  // The page's own policy replaces the app's global one (one header, not two).
  expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'/);
  expect(page.headers['cache-control']).toBe('no-store');
  const token = pageToken(page.body);
  expect(token).toBeTruthy();
  const posted = await postCard(ctx, redirectUrl, token!, card);
  expect(posted.statusCode, posted.body).toBe(303);
  let location = posted.headers.location as string;
  if (location.includes('/sandbox/gateway/3ds/')) {
    const challengePage = await ctx.app.inject({ method: 'GET', url: path(location) });
    expect(challengePage.statusCode).toBe(200);
    const done = await ctx.app.inject({
      method: 'POST',
      url: path(location),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: token!, decision: challenge }).toString(),
    });
    expect(done.statusCode, done.body).toBe(303);
    location = done.headers.location as string;
  }
  return location;
}

/** Never a 5xx: a refused action is a 4xx (or changes nothing). */
export function expectNo5xx(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
}

/**
 * The sandbox's hosted card page, tolerant (for property tests): a page no longer payable is refused
 * with a 4xx. Answers the 303's location, else null.
 */
export async function payCardTolerant(ctx: TestContext, redirectUrl: string, card: string): Promise<string | null> {
  const page = await ctx.app.inject({ method: 'GET', url: path(redirectUrl) });
  expectNo5xx(page, 'hosted page');
  const token = pageToken(page.body);
  if (page.statusCode !== 200 || !token) return null;
  const posted = await postCard(ctx, redirectUrl, token, card);
  expectNo5xx(posted, 'hosted page post');
  return posted.statusCode === 303 ? (posted.headers.location as string) : null;
}

/** The signed query of a return URL, as the web app's callback page posts it. */
export function returnQuery(location: string): Record<string, string> {
  return Object.fromEntries(new URL(location, 'http://localhost').searchParams);
}

export function paymentReturn(client: Client, txId: string, query: Record<string, string>) {
  return client.post(buildPath(paymentsEndpoints.paymentReturn.path, { id: txId }), query);
}

/** Runs due jobs until none is left (webhook deliveries, mails, refunds). */
export async function drainJobs(ctx: TestContext): Promise<void> {
  await ctx.app.services.sandboxIdle();
  for (let i = 0; i < 10 && (await ctx.app.services.jobs.runDue(100)) > 0; i++) {
    await ctx.app.services.sandboxIdle();
  }
}

/** Queues, then captures, the notices the sandbox has to send; answers the new ones (not delivered yet). */
export async function captureWebhooks(ctx: PaymentsContext): Promise<CapturedWebhook[]> {
  const before = ctx.webhooks.length;
  await drainJobs(ctx);
  return ctx.webhooks.slice(before);
}

export async function deliver(ctx: TestContext, w: CapturedWebhook) {
  w.delivered = true;
  return ctx.app.inject({ method: 'POST', url: path(w.url), headers: w.headers, payload: w.body });
}

/** Delivers every captured notice not delivered yet; each must be accepted. */
export async function deliverAll(ctx: PaymentsContext): Promise<void> {
  await drainJobs(ctx);
  for (const w of ctx.webhooks.filter((x) => !x.delivered)) {
    const res = await deliver(ctx, w);
    expect(res.statusCode, res.body).toBe(200);
  }
  await drainJobs(ctx);
}

/**
 * Runs the due jobs and delivers the notices they sent, `check`ing each answer, until none is left
 * (three rounds at most), then runs the jobs those deliveries queued.
 */
export async function settleNotices(
  ctx: PaymentsContext,
  check: (res: LightMyRequestResponse, w: CapturedWebhook) => void,
): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await drainJobs(ctx);
    const pending = ctx.webhooks.filter((w) => !w.delivered);
    if (pending.length === 0) return;
    for (const w of pending) check(await deliver(ctx, w), w);
  }
  await drainJobs(ctx);
}

export async function getTransaction(client: Client, id: string): Promise<Transaction> {
  const res = await client.get(`/client/v1/transactions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return Transaction.parse(res.json());
}

export async function expectBalancedLedger(ctx: TestContext): Promise<void> {
  const report = await verifyLedger(ctx.db);
  expect(report.violations).toEqual([]);
}

/** Posted balance of one ledger account (credits − debits), 0 when it was never opened. */
export async function balance(ctx: TestContext, account: string): Promise<bigint> {
  const row = await ctx.db
    .selectFrom('ledger_accounts')
    .select(['credits_posted', 'debits_posted'])
    .where('id', '=', account)
    .executeTakeFirst();
  return row ? BigInt(row.credits_posted) - BigInt(row.debits_posted) : 0n;
}

/** Entries of a transfer, by code. */
export async function entryCodes(ctx: TestContext, transactionId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('ledger_entries')
    .select('code')
    .where('transaction_id', '=', transactionId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.code);
}

/** Cancel a transfer (docs/product/money-movement.md#transaction-statuses). */
export function cancelTransfer(client: Client, txId: string) {
  return client.post(buildPath(transactionsEndpoints.cancelTransaction.path, { id: txId }));
}
