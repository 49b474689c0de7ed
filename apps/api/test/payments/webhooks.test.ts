// The payment webhook (docs/product/money-movement.md#webhooks, docs/product/payments.md#signatures):
// verified from the raw body, stored by event id in the transaction that applies it; forged, stale,
// replayed, out-of-order and mismatched notices change nothing. No session, no CSRF.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_GATEWAY_SIGNATURE_HEADER } from '../../src/adapters/payment-gateway/sandbox-gateway.ts';
import { hmacBase64Url } from '../../src/lib/crypto.ts';
import { signWebhook, unixSeconds } from '../../src/lib/webhook-signature.ts';
import { Client } from '../helpers.ts';
import { everyoneMaySend } from '../transfers/helpers.ts';
import {
  CARDS,
  captureWebhooks,
  deliver,
  entryCodes,
  expectBalancedLedger,
  getTransaction,
  payOnHostedPage,
  payableTransfer,
  startPayment,
  usePaymentsApp,
} from './helpers.ts';

const ctx = usePaymentsApp();

/** The sandbox's notice body (docs/product/payments.md#signatures). */
type Notice = { [key: string]: unknown; id: string; type: string; data: Record<string, string | null> };

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(async () => {
  await expectBalancedLedger(ctx);
  vi.restoreAllMocks();
});

const events = () => ctx.db.selectFrom('webhook_events').selectAll().execute();

/** A notice signed with the sandbox's secret, as the gateway would send it. */
function signed(body: object) {
  const secret = hmacBase64Url(ctx.config.appKey, 'payments:sandbox-gateway:webhook-secret');
  const raw = JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: '/webhooks/payments/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_GATEWAY_SIGNATURE_HEADER]: signWebhook(secret, raw, unixSeconds(ctx.clock.now())),
    },
    payload: raw,
  });
}

async function decidedCard(card: string) {
  const { client, tx } = await payableTransfer(ctx);
  const started = await startPayment(client, tx.id, 'card');
  await payOnHostedPage(ctx, started.redirect_url, card);
  const [notice] = await captureWebhooks(ctx);
  expect(notice).toBeDefined();
  return { client, tx, started, notice: notice!, body: JSON.parse(notice!.body) as Notice };
}

describe('POST /webhooks/payments/:provider', () => {
  it('applies a genuine notice once; a replay answers 200 and changes nothing', async () => {
    const { client, tx, notice } = await decidedCard(CARDS.approve);
    expect((await deliver(ctx, notice)).statusCode).toBe(200);
    expect((await getTransaction(client, tx.id)).status).toBe('paid');
    const replay = await deliver(ctx, notice);
    expect(replay.statusCode).toBe(200);
    expect(await events()).toHaveLength(1);
    expect((await events())[0]!.outcome).toBe('applied');
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received']);
  });

  it('refuses a forged notice (400, nothing stored) and a stale one', async () => {
    const { client, tx, notice } = await decidedCard(CARDS.approve);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/payments/sandbox',
      headers: notice.headers,
      payload: notice.body.replace('"payment.succeeded"', '"payment.failed"'),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/payments/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: notice.body,
    });
    expect(unsigned.statusCode).toBe(400);
    ctx.clock.advance(6 * 60_000);
    expect((await deliver(ctx, notice)).statusCode).toBe(400);
    expect(await events()).toHaveLength(0);
    expect((await getTransaction(client, tx.id)).status).toBe('payment_processing');
    expect((await ctx.app.inject({ method: 'POST', url: '/webhooks/payments/stripe', payload: '{}' })).statusCode).toBe(
      404,
    );
  });

  it('out of order: a failure after the success changes nothing', async () => {
    const { client, tx, body } = await decidedCard(CARDS.approve);
    expect((await signed(body)).statusCode).toBe(200);
    const failed = {
      ...body,
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: 'payment.failed',
      data: { ...body.data, failure_reason: 'card_declined' },
    };
    expect((await signed(failed)).statusCode).toBe(200);
    const after = await getTransaction(client, tx.id);
    expect(after.status).toBe('paid');
    expect(after.timeline.map((e) => e.status)).toEqual(['awaiting_payment', 'payment_processing', 'paid']);
    expect((await events()).map((e) => e.outcome).sort()).toEqual(['already_decided', 'applied']);
  });

  it.each([
    ['amount', (d: Notice['data']) => ({ ...d, amount: String(BigInt(d.amount!) - 1n) })],
    ['currency', (d: Notice['data']) => ({ ...d, currency: 'EUR' })],
  ])('a %s that is not what is due is recorded and leaves the transfer', async (_what, change) => {
    const { client, tx, body } = await decidedCard(CARDS.approve);
    const res = await signed({ ...body, id: `evt_${randomBytes(12).toString('hex')}`, data: change(body.data) });
    expect(res.statusCode).toBe(200);
    expect((await events())[0]!.outcome).toBe('amount_mismatch');
    expect((await getTransaction(client, tx.id)).status).toBe('payment_processing');
    expect(await entryCodes(ctx, tx.id)).toEqual([]);
  });

  it('an unknown payment is stored and ignored', async () => {
    const { body } = await decidedCard(CARDS.approve);
    const res = await signed({
      ...body,
      id: `evt_${randomBytes(12).toString('hex')}`,
      data: { ...body.data, payment: `pay_${randomBytes(12).toString('hex')}`, payment_id: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect((await events())[0]!.outcome).toBe('unknown_payment');
  });
});

describe('CSRF exemptions', () => {
  it('leaves /webhooks/ and /sandbox/gateway/ alone; the client calls still need the token', async () => {
    const { client, tx, started } = await (async () => {
      const t = await payableTransfer(ctx);
      return { ...t, started: await startPayment(t.client, t.tx.id, 'card') };
    })();
    // No cookie, no token, a foreign origin: the webhook is judged by its signature (400), not 419.
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/payments/sandbox',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(400);
    // The hosted page's POST is judged by its page token (403), not the app's CSRF.
    const page = await ctx.app.inject({
      method: 'POST',
      url: new URL(started.redirect_url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=wrong&card_number=4242424242424242',
    });
    expect(page.statusCode).toBe(403);
    // The customer's own calls without X-XSRF-TOKEN: 419.
    const noToken = await client.post(`/client/v1/transactions/${tx.id}/cancel`, {}, { 'x-xsrf-token': '' });
    expect(noToken.statusCode).toBe(419);
    const stranger = new Client(ctx.app);
    for (const [k, v] of client.cookies) if (k !== 'XSRF-TOKEN') stranger.cookies.set(k, v);
    expect((await stranger.post(`/client/v1/transactions/${tx.id}/payments`, { method: 'card' })).statusCode).toBe(419);
  });
});
