// The sandbox payment gateway (docs/product/payments.md): its interface, the hosted card page on a
// bare Fastify instance, the signed return and the signed webhooks.
import formbody from '@fastify/formbody';
import { money, type Money } from '@remit/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkCard,
  luhnValid,
  MemorySandboxGatewayStore,
  SANDBOX_GATEWAY_SIGNATURE_HEADER,
  SandboxGateway,
  sandboxGatewayPages,
  TEST_CARDS,
  TimerScheduler,
  type CreatePaymentInput,
  type GatewayPayment,
  type SandboxGatewayOptions,
} from '../../src/adapters/payment-gateway/index.ts';
import { formatAmount } from '../../src/adapters/payment-gateway/hosted-page.ts';
import { signWebhook, unixSeconds } from '../../src/lib/webhook-signature.ts';
import { FakeTime, webhookOutbox, type SentWebhook } from './sandbox-helpers.ts';

const SECRET = 'gateway_secret_0123456789abcdef';
const OLD_SECRET = 'gateway_secret_previous_0123456';
const RETURN_URL = 'http://localhost:3000/payment/cb/tx_1';
const WEBHOOK_URL = 'http://localhost:3000/webhooks/payments/sandbox';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let time: FakeTime;
let outbox: ReturnType<typeof webhookOutbox>;
let gateway: SandboxGateway;
let app: FastifyInstance;
let received: GatewayPayment[];

function makeGateway(over: Partial<SandboxGatewayOptions> = {}): SandboxGateway {
  return new SandboxGateway({
    store: new MemorySandboxGatewayStore(),
    now: time.now,
    secrets: [SECRET],
    pagesBaseUrl: 'http://localhost:3000/',
    webhookUrl: WEBHOOK_URL,
    merchantName: 'Remit',
    sendWebhook: outbox.send,
    schedule: time.schedule,
    bankTransferDelayMs: 60_000,
    onBankTransferReceived: (p) => {
      received.push(p);
    },
    ...over,
  });
}

async function pagesFor(g: SandboxGateway): Promise<FastifyInstance> {
  const a = Fastify();
  await a.register(formbody);
  await a.register(sandboxGatewayPages, { gateway: g, now: time.now });
  await a.ready();
  return a;
}

beforeEach(async () => {
  time = new FakeTime();
  outbox = webhookOutbox();
  received = [];
  gateway = makeGateway();
  app = await pagesFor(gateway);
});

afterEach(async () => {
  await app.close();
});

function input(over: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    paymentId: 'pm_1',
    transactionId: 'tx_1',
    amount: money(125050n, 'GBP'),
    method: 'card',
    returnUrl: RETURN_URL,
    customerEmail: 'ada@example.com',
    description: 'Transfer TR-8F3K2',
    ...over,
  };
}

async function cardPayment(over: Partial<CreatePaymentInput> = {}): Promise<{ id: string; path: string }> {
  const created = await gateway.createPayment(input(over));
  if (created.method !== 'card') throw new Error('expected a card payment');
  const url = new URL(created.redirectUrl);
  return { id: created.providerPaymentId, path: url.pathname };
}

function tokenOf(html: string): string {
  const m = /name="token" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no token in the page');
  return m[1]!;
}

async function openPage(path: string) {
  const res = await app.inject({ method: 'GET', url: path });
  return { res, token: tokenOf(res.body) };
}

async function post(path: string, fields: Record<string, string>) {
  return app.inject({ method: 'POST', url: path, headers: FORM, payload: new URLSearchParams(fields).toString() });
}

async function payWith(cardNumber: string, over: Partial<CreatePaymentInput> = {}) {
  const { id, path } = await cardPayment(over);
  const { token } = await openPage(path);
  const res = await post(path, { token, name: 'Ada Lovelace', card_number: cardNumber, expiry: '12/31', cvc: '123' });
  return { id, path, token, res };
}

function returnQuery(location: string): Record<string, string> {
  return Object.fromEntries(new URL(location, 'http://localhost:3000').searchParams);
}

async function deliveredWebhooks(): Promise<SentWebhook[]> {
  await time.advance(0);
  return outbox.sent;
}

describe('createPayment and getPayment', () => {
  it('answers the hosted page for a card payment and keeps the amount exactly', async () => {
    const created = await gateway.createPayment(input());
    expect(created.method).toBe('card');
    if (created.method !== 'card') return;
    expect(created.providerPaymentId).toMatch(/^pay_[0-9a-f]{24}$/);
    expect(created.redirectUrl).toBe(`http://localhost:3000/sandbox/gateway/pay/${created.providerPaymentId}`);
    const payment = await gateway.getPayment(created.providerPaymentId);
    expect(payment).toEqual({
      providerPaymentId: created.providerPaymentId,
      status: 'pending',
      amount: { amount: 125050n, currency: 'GBP' },
    });
    expect(await gateway.getPayment('pay_unknown')).toBeNull();
    expect(await gateway.getPayment('pay_000000000000000000000000')).toBeNull();
  });

  it('is idempotent by our payment id and refuses the same id with other details', async () => {
    const a = await gateway.createPayment(input());
    const b = await gateway.createPayment(input());
    expect(b).toEqual(a);
    await expect(gateway.createPayment(input({ amount: money(125051n, 'GBP') }))).rejects.toThrow(/other details/);
    await expect(gateway.createPayment(input({ amount: money(125050n, 'EUR') }))).rejects.toThrow(/other details/);
  });

  it('refuses a zero or negative amount and a return URL that is not http(s)', async () => {
    await expect(gateway.createPayment(input({ paymentId: 'a', amount: money(0n, 'GBP') }))).rejects.toThrow();
    await expect(gateway.createPayment(input({ paymentId: 'b', amount: money(-5n, 'GBP') }))).rejects.toThrow();
    await expect(gateway.createPayment(input({ paymentId: 'c', returnUrl: 'javascript:alert(1)' }))).rejects.toThrow();
    await expect(gateway.createPayment(input({ paymentId: 'd', returnUrl: '//evil.example/x' }))).rejects.toThrow();
    await expect(gateway.createPayment(input({ paymentId: 'e', returnUrl: '/payment/cb/tx_1' }))).resolves.toBeTruthy();
  });

  it('needs secrets long enough', () => {
    expect(() => makeGateway({ secrets: ['short'] })).toThrow();
  });
});

describe('the hosted card page', () => {
  it('is a self-contained, accessible page that is never cached', async () => {
    const { path } = await cardPayment();
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Sandbox card payment</title>');
    expect(html).toContain('<h1>Sandbox card payment</h1>');
    expect(html).toContain('<dd>Remit</dd>');
    expect(html).toContain('<dd>GBP 1,250.50</dd>');
    expect(html).toContain('Transfer TR-8F3K2');
    for (const card of TEST_CARDS) expect(html).toContain(card.display);
    expect(html).toContain('4242 4242 4242 4242</code></td><td>Approved');
    expect(html).toContain('4000 0000 0000 0002</code></td><td>Declined');
    expect(html).toContain('4000 0000 0000 9995</code></td><td>Declined: insufficient funds');
    expect(html).toContain('4000 0000 0000 3220</code></td><td>3-D Secure challenge');
    for (const id of ['name', 'card_number', 'expiry', 'cvc']) expect(html).toContain(`<label for="${id}">`);
    expect(html).toContain('autocomplete="cc-number"');
    // Nothing external: no script, no link, no image, no absolute URL to fetch.
    expect(html).not.toMatch(/<script|<link|<img|src=|https?:\/\//);
    expect(tokenOf(html)).toMatch(/^[\w-]{43}$/);
  });

  it('approves 4242 4242 4242 4242: 303 back with a signed succeeded, then a signed webhook', async () => {
    const { id, res } = await payWith('4242 4242 4242 4242');
    expect(res.statusCode).toBe(303);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = String(res.headers.location);
    expect(location.startsWith(`${RETURN_URL}?`)).toBe(true);
    const query = returnQuery(location);
    expect(query).toMatchObject({ payment: id, outcome: 'succeeded', t: String(unixSeconds(time.now())) });
    expect(gateway.verifyReturn(query)).toEqual({ ok: true, providerPaymentId: id, outcome: 'succeeded' });
    expect((await gateway.getPayment(id))?.status).toBe('succeeded');

    const [hook, ...more] = await deliveredWebhooks();
    expect(more).toEqual([]);
    expect(hook!.url).toBe(WEBHOOK_URL);
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers[SANDBOX_GATEWAY_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const parsed = gateway.parseWebhook(hook!.body, hook!.headers);
    expect(parsed).toEqual({
      ok: true,
      event: {
        id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
        type: 'payment.succeeded',
        providerPaymentId: id,
        paymentId: 'pm_1',
        amount: { amount: 125050n, currency: 'GBP' },
        occurredAt: new Date(unixSeconds(time.now()) * 1000),
      },
    });
    expect(JSON.parse(hook!.body).data).toMatchObject({ amount: '125050', currency: 'GBP', transaction_id: 'tx_1' });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
  ])('declines %s as %s', async (card, reason) => {
    const { id, res } = await payWith(card);
    expect(res.statusCode).toBe(303);
    const query = returnQuery(String(res.headers.location));
    expect(query.outcome).toBe('failed');
    expect(gateway.verifyReturn(query)).toEqual({ ok: true, providerPaymentId: id, outcome: 'failed' });
    expect(await gateway.getPayment(id)).toMatchObject({ status: 'failed', failureReason: reason });
    const [hook] = await deliveredWebhooks();
    const parsed = gateway.parseWebhook(Buffer.from(hook!.body), hook!.headers);
    expect(parsed.ok && parsed.event).toMatchObject({
      type: 'payment.failed',
      providerPaymentId: id,
      failureReason: reason,
    });
  });

  it('challenges 4000 0000 0000 3220 with 3-D Secure; completing it succeeds', async () => {
    const { id, res } = await payWith('4000 0000 0000 3220');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/sandbox/gateway/3ds/${id}`);
    expect(await gateway.getPayment(id)).toMatchObject({ status: 'requires_action' });
    expect(outbox.sent).toEqual([]);
    // The card page now leads to the challenge.
    const again = await app.inject({ method: 'GET', url: `/sandbox/gateway/pay/${id}` });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/sandbox/gateway/3ds/${id}`);

    const page = await app.inject({ method: 'GET', url: `/sandbox/gateway/3ds/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('>Complete authentication</button>');
    expect(page.body).toContain('>Fail authentication</button>');
    expect(page.body).toContain('GBP 1,250.50');
    const done = await post(`/sandbox/gateway/3ds/${id}`, { token: tokenOf(page.body), decision: 'complete' });
    expect(done.statusCode).toBe(303);
    const query = returnQuery(String(done.headers.location));
    expect(gateway.verifyReturn(query)).toEqual({ ok: true, providerPaymentId: id, outcome: 'succeeded' });
    const [hook] = await deliveredWebhooks();
    expect(gateway.parseWebhook(hook!.body, hook!.headers)).toMatchObject({
      ok: true,
      event: { type: 'payment.succeeded' },
    });
  });

  it('fails the payment when the 3-D Secure authentication fails', async () => {
    const { id, token } = await payWith('4000000000003220');
    const done = await post(`/sandbox/gateway/3ds/${id}`, { token, decision: 'fail' });
    expect(done.statusCode).toBe(303);
    expect(returnQuery(String(done.headers.location)).outcome).toBe('failed');
    expect(await gateway.getPayment(id)).toMatchObject({ status: 'failed', failureReason: 'authentication_failed' });
    const [hook] = await deliveredWebhooks();
    const parsed = gateway.parseWebhook(hook!.body, hook!.headers);
    expect(parsed.ok && parsed.event.failureReason).toBe('authentication_failed');
  });

  it('refuses a 3-D Secure post without a decision or with a wrong token', async () => {
    const { id, token } = await payWith('4000000000003220');
    expect((await post(`/sandbox/gateway/3ds/${id}`, { token })).statusCode).toBe(422);
    expect((await post(`/sandbox/gateway/3ds/${id}`, { token: 'x', decision: 'complete' })).statusCode).toBe(403);
    expect((await gateway.getPayment(id))?.status).toBe('requires_action');
  });

  it.each([
    [{ card_number: '4242 4242 4242 4241' }, 'card_number', 'This card number is not valid'],
    [{ card_number: '4242' }, 'card_number', 'Enter a card number of 12 to 19 digits.'],
    [{ card_number: '' }, 'card_number', 'Enter the card number.'],
    [{ card_number: '5555 5555 5555 4444' }, 'card_number', 'only the test cards'],
    [{ expiry: '12/29' }, 'expiry', 'This card has expired.'],
    [{ expiry: '13/31' }, 'expiry', 'Enter a month from 01 to 12.'],
    [{ expiry: '1231' }, 'expiry', 'Enter the expiry date as MM/YY.'],
    [{ cvc: '12' }, 'cvc', 'Enter the 3 or 4 digit security code.'],
    [{ name: '  ' }, 'name', 'Enter the name on the card.'],
  ])('re-renders the form with 422 for %o', async (change, field, message) => {
    const { id, path } = await cardPayment();
    const { token } = await openPage(path);
    const fields = { token, name: 'Ada', card_number: '4242424242424242', expiry: '01/30', cvc: '123', ...change };
    const res = await post(path, fields);
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<title>Sandbox card payment</title>');
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain(`<a href="#${field}">`);
    expect(res.body).toContain(message);
    expect(res.body).toMatch(new RegExp(`id="${field}" name="${field}"[^>]*aria-invalid="true"`));
    expect(res.body).toContain(`aria-describedby="${field === 'expiry' ? 'expiry-hint ' : ''}${field}-error"`);
    // The CVC is never written back into the page.
    expect(res.body).not.toContain('value="123"');
    expect(tokenOf(res.body)).toBe(token);
    expect((await gateway.getPayment(id))?.status).toBe('pending');
    expect(time.pending).toBe(0);
  });

  it('keeps what was typed (escaped) when the form comes back', async () => {
    const { path } = await cardPayment();
    const { token } = await openPage(path);
    const res = await post(path, {
      token,
      name: '"><script>alert(1)</script>',
      card_number: '4242',
      expiry: '',
      cvc: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('value="4242"');
  });

  it("refuses a post without the page token, or with another payment's token (403, nothing decided)", async () => {
    const a = await cardPayment();
    const b = await cardPayment({ paymentId: 'pm_2', transactionId: 'tx_2' });
    const tokenB = (await openPage(b.path)).token;
    const fields = { name: 'Ada', card_number: '4242424242424242', expiry: '01/30', cvc: '123' };
    for (const token of [undefined, '', tokenB, `${tokenB}x`]) {
      const res = await post(a.path, token === undefined ? fields : { ...fields, token });
      expect(res.statusCode).toBe(403);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('This page is out of date');
    }
    expect((await gateway.getPayment(a.id))?.status).toBe('pending');
    expect(time.pending).toBe(0);
  });

  it('decides once: a second submit returns to the merchant with the first outcome and no second webhook', async () => {
    const { id, path, token } = await payWith('4000000000000002');
    const again = await post(path, {
      token,
      name: 'Ada',
      card_number: '4242424242424242',
      expiry: '01/30',
      cvc: '123',
    });
    expect(again.statusCode).toBe(303);
    expect(returnQuery(String(again.headers.location))).toMatchObject({ payment: id, outcome: 'failed' });
    const reopened = await app.inject({ method: 'GET', url: path });
    expect(reopened.statusCode).toBe(303);
    expect(returnQuery(String(reopened.headers.location)).outcome).toBe('failed');
    expect(await deliveredWebhooks()).toHaveLength(1);
  });

  it('cancels: back to the merchant as failed', async () => {
    const { id, path } = await cardPayment();
    const { token } = await openPage(path);
    const res = await post(path, { token, action: 'cancel' });
    expect(res.statusCode).toBe(303);
    expect(returnQuery(String(res.headers.location)).outcome).toBe('failed');
    expect(await gateway.getPayment(id)).toMatchObject({ status: 'failed', failureReason: 'cancelled' });
  });

  it('answers 404 for an unknown or malformed id and for a bank transfer', async () => {
    const bank = await gateway.createPayment(input({ paymentId: 'pm_b', method: 'bank_transfer' }));
    for (const id of ['pay_000000000000000000000000', 'nope', '%3Cscript%3E', bank.providerPaymentId]) {
      const res = await app.inject({ method: 'GET', url: `/sandbox/gateway/pay/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('Payment not found');
      expect((await post(`/sandbox/gateway/pay/${id}`, { token: 'x' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/sandbox/gateway/3ds/${id}` })).statusCode).toBe(404);
    }
  });

  it('escapes the merchant name and the description', async () => {
    const g = makeGateway({ merchantName: '<script>alert("m")</script> & Co' });
    const a = await pagesFor(g);
    try {
      const created = await g.createPayment(input({ description: "\"><script>alert('r')</script>" }));
      if (created.method !== 'card') throw new Error('card');
      const res = await a.inject({ method: 'GET', url: new URL(created.redirectUrl).pathname });
      expect(res.body).not.toContain('<script');
      expect(res.body).toContain('&lt;script&gt;alert(&quot;m&quot;)&lt;/script&gt; &amp; Co');
      expect(res.body).toContain('&quot;&gt;&lt;script&gt;alert(&#39;r&#39;)&lt;/script&gt;');
      const challenge = await a.inject({
        method: 'POST',
        url: new URL(created.redirectUrl).pathname,
        headers: FORM,
        payload: new URLSearchParams({
          token: tokenOf(res.body),
          name: 'Ada',
          card_number: '4000000000003220',
          expiry: '01/30',
          cvc: '123',
        }).toString(),
      });
      const page = await a.inject({ method: 'GET', url: String(challenge.headers.location) });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<script');
    } finally {
      await a.close();
    }
  });

  it('carries amounts of every exponent exactly', async () => {
    const cases: [Money, string, string][] = [
      [money(1234567891n, 'KWD'), 'KWD 1,234,567.891', '1234567891'],
      [money(1250n, 'JPY'), 'JPY 1,250', '1250'],
      [money(1n, 'USD'), 'USD 0.01', '1'],
      [
        money(999999999999999999999999999999n, 'EUR'),
        'EUR 9,999,999,999,999,999,999,999,999,999.99',
        '999999999999999999999999999999',
      ],
    ];
    for (const [i, [amount, shown, wire]] of cases.entries()) {
      expect(formatAmount(amount)).toBe(shown);
      const { id, path } = await cardPayment({ paymentId: `pm_x${i}`, transactionId: `tx_x${i}`, amount });
      const { res: page, token } = await openPage(path);
      expect(page.body).toContain(`<dd>${shown}</dd>`);
      await post(path, { token, name: 'Ada', card_number: '4242424242424242', expiry: '01/30', cvc: '1234' });
      expect((await gateway.getPayment(id))?.amount).toEqual(amount);
      await time.advance(0);
      const hook = outbox.sent.at(-1)!;
      expect(JSON.parse(hook.body).data).toMatchObject({ amount: wire, currency: amount.currency });
      const parsed = gateway.parseWebhook(hook.body, hook.headers);
      expect(parsed.ok && parsed.event.amount).toEqual(amount);
    }
  });

  it('returns to a same-origin path when the return URL is one', async () => {
    const { id, path } = await cardPayment({ returnUrl: '/payment/cb/tx_1?from=pay' });
    const { res: page, token } = await openPage(path);
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self';");
    const res = await post(path, { token, name: 'Ada', card_number: '4242424242424242', expiry: '01/30', cvc: '123' });
    const location = String(res.headers.location);
    expect(location.startsWith('/payment/cb/tx_1?from=pay&payment=')).toBe(true);
    expect(gateway.verifyReturn(returnQuery(location))).toMatchObject({ ok: true, providerPaymentId: id });
  });
});

describe('verifyReturn', () => {
  async function signedReturn() {
    const { id, res } = await payWith('4242424242424242');
    return { id, query: returnQuery(String(res.headers.location)) };
  }

  it('refuses a changed outcome, another payment, a changed time or signature', async () => {
    const { query } = await signedReturn();
    expect(gateway.verifyReturn({ ...query, outcome: 'failed' })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(gateway.verifyReturn({ ...query, payment: 'pay_000000000000000000000000' })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(gateway.verifyReturn({ ...query, t: String(Number(query.t) - 1) })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const flipped = `${query.sig!.slice(0, -1)}${query.sig!.endsWith('0') ? '1' : '0'}`;
    expect(gateway.verifyReturn({ ...query, sig: flipped })).toEqual({ ok: false, reason: 'bad_signature' });
    // Another gateway (another secret) did not sign it.
    const other = makeGateway({ secrets: ['another_secret_0123456789abcdef'] });
    expect(other.verifyReturn(query)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a return older than five minutes', async () => {
    const { query } = await signedReturn();
    time.skip(5 * 60_000);
    expect(gateway.verifyReturn(query).ok).toBe(true);
    time.skip(1000);
    expect(gateway.verifyReturn(query)).toEqual({ ok: false, reason: 'stale' });
  });

  it('says missing or malformed for anything else', async () => {
    const { query } = await signedReturn();
    expect(gateway.verifyReturn({})).toEqual({ ok: false, reason: 'missing' });
    for (const bad of [
      { ...query, outcome: 'pending' },
      { ...query, sig: undefined },
      { ...query, sig: query.sig!.toUpperCase() },
      { ...query, sig: `${query.sig},v1=${query.sig}` },
      { ...query, t: `${query.t},v1=${query.sig}` },
      { ...query, payment: [query.payment] },
      { ...query, payment: 'pay_<script>' },
    ]) {
      expect(gateway.verifyReturn(bad)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('accepts a return signed under the previous secret during a rotation', async () => {
    const old = makeGateway({ secrets: [OLD_SECRET] });
    const created = await old.createPayment(input());
    const record = (await old.decide(created.providerPaymentId, ['pending'], { status: 'succeeded' }))!;
    const query = returnQuery(old.returnLocation(record));
    const rotated = makeGateway({ secrets: [SECRET, OLD_SECRET] });
    expect(rotated.verifyReturn(query)).toEqual({
      ok: true,
      providerPaymentId: created.providerPaymentId,
      outcome: 'succeeded',
    });
    expect(gateway.verifyReturn(query)).toEqual({ ok: false, reason: 'bad_signature' });
  });
});

describe('parseWebhook', () => {
  async function oneWebhook(): Promise<SentWebhook> {
    await payWith('4242424242424242');
    const [hook] = await deliveredWebhooks();
    return hook!;
  }
  const now = () => unixSeconds(time.now());

  it('refuses a tampered body, a forged signature and a missing or malformed header', async () => {
    const hook = await oneWebhook();
    const tampered = hook.body.replace('"125050"', '"125051"');
    expect(tampered).not.toBe(hook.body);
    expect(gateway.parseWebhook(tampered, hook.headers)).toEqual({ ok: false, reason: 'bad_signature' });
    const forged = {
      [SANDBOX_GATEWAY_SIGNATURE_HEADER]: signWebhook('forger_secret_0123456789abcdef', hook.body, now()),
    };
    expect(gateway.parseWebhook(hook.body, forged)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(gateway.parseWebhook(hook.body, {})).toEqual({ ok: false, reason: 'missing' });
    expect(gateway.parseWebhook(hook.body, { [SANDBOX_GATEWAY_SIGNATURE_HEADER]: 'v1=abc' })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    // Header names are case-insensitive.
    expect(
      gateway.parseWebhook(hook.body, { 'Sandbox-Signature': hook.headers[SANDBOX_GATEWAY_SIGNATURE_HEADER] }).ok,
    ).toBe(true);
  });

  it('refuses a stale notice (a replay) and one from too far ahead', async () => {
    const hook = await oneWebhook();
    time.skip(5 * 60_000 + 1000);
    expect(gateway.parseWebhook(hook.body, hook.headers)).toEqual({ ok: false, reason: 'stale' });
    const ahead = { [SANDBOX_GATEWAY_SIGNATURE_HEADER]: signWebhook(SECRET, hook.body, now() + 301) };
    expect(gateway.parseWebhook(hook.body, ahead)).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a correctly signed body that is not one of its events', async () => {
    const sign = (body: string) => ({ [SANDBOX_GATEWAY_SIGNATURE_HEADER]: signWebhook(SECRET, body, now()) });
    const hook = await oneWebhook();
    const event = JSON.parse(hook.body);
    const bodies = [
      'not json',
      '[]',
      JSON.stringify({ ...event, type: 'payment.refunded' }),
      JSON.stringify({ ...event, data: { ...event.data, amount: '12.50' } }),
      JSON.stringify({ ...event, data: { ...event.data, amount: 125050 } }),
      JSON.stringify({ ...event, data: { ...event.data, currency: 'XXX' } }),
      JSON.stringify({ ...event, data: { ...event.data, failure_reason: 'card_declined' } }),
      JSON.stringify({ ...event, type: 'payment.failed' }),
    ];
    for (const body of bodies)
      expect(gateway.parseWebhook(body, sign(body)), body).toEqual({ ok: false, reason: 'invalid_payload' });
  });

  it('accepts a notice signed with the previous secret while the secret rotates', async () => {
    const hook = await oneWebhook();
    const signedWithOld = { [SANDBOX_GATEWAY_SIGNATURE_HEADER]: signWebhook(OLD_SECRET, hook.body, now()) };
    expect(gateway.parseWebhook(hook.body, signedWithOld)).toEqual({ ok: false, reason: 'bad_signature' });
    const rotated = makeGateway({ secrets: [SECRET, OLD_SECRET] });
    expect(rotated.parseWebhook(hook.body, signedWithOld).ok).toBe(true);
    expect(rotated.parseWebhook(hook.body, hook.headers).ok).toBe(true);
  });

  it('signs a delayed notice when it is sent, so it is not stale on arrival', async () => {
    const g = makeGateway({ webhookDelayMs: 10 * 60_000 });
    const created = await g.createPayment(input());
    await g.decide(created.providerPaymentId, ['pending'], { status: 'succeeded' });
    await time.advance(10 * 60_000);
    const hook = outbox.sent.at(-1)!;
    expect(g.parseWebhook(hook.body, hook.headers).ok).toBe(true);
  });
});

describe('bank transfers', () => {
  it('answers our account details and a reference, and receives the money after the delay', async () => {
    const created = await gateway.createPayment(input({ method: 'bank_transfer', amount: money(50000n, 'EUR') }));
    expect(created.method).toBe('bank_transfer');
    if (created.method !== 'bank_transfer') return;
    expect(created.bankDetails).toMatchObject({
      accountName: 'Remit Sandbox Client Funds',
      sortCode: '04-00-04',
      accountNumber: '12345678',
      iban: 'GB33BUKB20201555555555',
    });
    expect(created.bankDetails.reference).toMatch(/^SBX[A-HJ-NP-Z2-9]{8}$/);
    expect(await gateway.createPayment(input({ method: 'bank_transfer', amount: money(50000n, 'EUR') }))).toEqual(
      created,
    );
    const id = created.providerPaymentId;

    await time.advance(59_999);
    expect((await gateway.getPayment(id))?.status).toBe('pending');
    expect(received).toEqual([]);
    expect(outbox.sent).toEqual([]);

    await time.advance(1);
    expect(received).toEqual([{ providerPaymentId: id, status: 'succeeded', amount: money(50000n, 'EUR') }]);
    expect((await gateway.getPayment(id))?.status).toBe('succeeded');
    const [hook] = await deliveredWebhooks();
    expect(gateway.parseWebhook(hook!.body, hook!.headers)).toMatchObject({
      ok: true,
      event: { type: 'payment.succeeded', providerPaymentId: id, amount: { amount: 50000n, currency: 'EUR' } },
    });
  });

  it('is received once, and never by itself when the delay is off', async () => {
    const g = makeGateway({ bankTransferDelayMs: null });
    const created = await g.createPayment(input({ method: 'bank_transfer' }));
    await time.advance(24 * 3600_000);
    expect((await g.getPayment(created.providerPaymentId))?.status).toBe('pending');
    expect(await g.receiveBankTransfer(created.providerPaymentId)).toBeTruthy();
    expect(await g.receiveBankTransfer(created.providerPaymentId)).toBeUndefined();
    await time.advance(0);
    expect(outbox.sent).toHaveLength(1);
    expect(received).toHaveLength(1);
  });

  it('does not "receive" a card payment', async () => {
    const { id } = await cardPayment();
    expect(await gateway.receiveBankTransfer(id)).toBeUndefined();
  });
});

describe('card rules', () => {
  it('checks Luhn', () => {
    for (const card of TEST_CARDS) expect(luhnValid(card.number)).toBe(true);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4242 4242')).toBe(false);
  });

  it('takes an expiry date as valid to the end of its month', () => {
    const form = { name: 'Ada', cardNumber: '4242424242424242', cvc: '123' };
    const endOfJan = new Date('2030-01-31T23:59:59Z');
    expect(checkCard({ ...form, expiry: '01/30' }, endOfJan).ok).toBe(true);
    expect(checkCard({ ...form, expiry: '01/2030' }, endOfJan).ok).toBe(true);
    expect(checkCard({ ...form, expiry: '01/30' }, new Date('2030-02-01T00:00:00Z'))).toEqual({
      ok: false,
      errors: { expiry: 'This card has expired.' },
    });
    expect(checkCard({ ...form, expiry: '01/99' }, endOfJan).ok).toBe(false);
  });
});

describe('TimerScheduler', () => {
  it('runs tasks after their delay, reports failures and drops pending tasks on close', async () => {
    vi.useFakeTimers();
    try {
      const errors: unknown[] = [];
      const ran: string[] = [];
      const scheduler = new TimerScheduler((err) => errors.push(err));
      scheduler.schedule(100, async () => {
        ran.push('a');
      });
      scheduler.schedule(50, async () => {
        throw new Error('boom');
      });
      scheduler.schedule(1000, async () => {
        ran.push('late');
      });
      await vi.advanceTimersByTimeAsync(100);
      expect(ran).toEqual(['a']);
      expect(errors).toEqual([new Error('boom')]);
      scheduler.close();
      await vi.advanceTimersByTimeAsync(5000);
      expect(ran).toEqual(['a']);
      scheduler.schedule(0, async () => {
        ran.push('after close');
      });
      await vi.advanceTimersByTimeAsync(10);
      expect(ran).toEqual(['a']);
    } finally {
      vi.useRealTimers();
    }
  });
});
