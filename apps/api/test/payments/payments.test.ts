// Paying a transfer (docs/product/money-movement.md#payment): the ways to pay, starting a payment,
// bank transfers, ownership of every id, the expiry job, the reconciler and cancel in each status.
import { PaymentMethods, buildPath, paymentsEndpoints, transactionsEndpoints } from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONCILE_AFTER_MS } from '../../src/modules/payments/payments.service.ts';
import { PAY_WITHIN_MS } from '../../src/modules/transfers/transfers.service.ts';
import { customer, everyoneMaySend } from '../transfers/helpers.ts';
import {
  CARDS,
  balance,
  captureWebhooks,
  deliverAll,
  drainJobs,
  entryCodes,
  expectBalancedLedger,
  getTransaction,
  payOnHostedPage,
  payableTransfer,
  paymentReturn,
  returnQuery,
  startPayment,
  usePaymentsApp,
} from './helpers.ts';

const ctx = usePaymentsApp();

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(async () => {
  await expectBalancedLedger(ctx);
  vi.restoreAllMocks();
});

const methodsPath = (id: string) => buildPath(paymentsEndpoints.listPaymentMethods.path, { id });
const paymentsPath = (id: string) => buildPath(paymentsEndpoints.startPayment.path, { id });
const cancelPath = (id: string) => buildPath(transactionsEndpoints.cancelTransaction.path, { id });

async function setStatus(id: string, status: 'paid' | 'processing' | 'completed' | 'expired' | 'payment_failed') {
  await ctx.db.updateTable('transactions').set({ status }).where('id', '=', id).execute();
}

describe('GET /client/v1/transactions/:id/payment-methods', () => {
  it("lists the quote's pay-in options with fee, total and speed", async () => {
    const { client, tx } = await payableTransfer(ctx);
    const res = await client.get(methodsPath(tx.id));
    expect(res.statusCode).toBe(200);
    const { data } = PaymentMethods.parse(res.json());
    const card = data.find((m) => m.method === 'card')!;
    const bank = data.find((m) => m.method === 'bank_transfer')!;
    expect(bank).toMatchObject({
      fee: '0',
      total_to_pay: tx.total_to_pay,
      available: true,
      speed: 'Usually within 2 hours',
    });
    expect(card).toMatchObject({ available: true, reason: null, speed: 'Instant', currency: 'GBP' });
    expect(BigInt(card.total_to_pay)).toBe(BigInt(tx.total_to_pay) + BigInt(card.fee));
  });
});

describe('ownership', () => {
  it("another customer's, an unknown and a malformed id are the same 404 on every call", async () => {
    const { tx } = await payableTransfer(ctx);
    const stranger = await customer(ctx);
    for (const id of [tx.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await stranger.get(methodsPath(id))).statusCode).toBe(404);
      expect((await stranger.post(paymentsPath(id), { method: 'card' })).statusCode).toBe(404);
      expect(
        (
          await stranger.post(buildPath(paymentsEndpoints.paymentReturn.path, { id }), {
            payment: 'x',
            outcome: 'x',
            t: '1',
            sig: 'x',
          })
        ).statusCode,
      ).toBe(404);
      expect((await stranger.post(cancelPath(id))).statusCode).toBe(404);
    }
  });

  it("a return for another customer's payment is a 404 on one's own transfer", async () => {
    const a = await payableTransfer(ctx);
    const b = await payableTransfer(ctx);
    const started = await startPayment(a.client, a.tx.id, 'card');
    const location = await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
    expect((await paymentReturn(b.client, b.tx.id, returnQuery(location))).statusCode).toBe(404);
    expect((await getTransaction(b.client, b.tx.id)).status).toBe('awaiting_payment');
    await captureWebhooks(ctx);
  });
});

describe('POST /client/v1/transactions/:id/payments', () => {
  it('a second start answers the same open payment; another method while it is open is a 409', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const first = await startPayment(client, tx.id, 'card');
    const again = await client.post(paymentsPath(tx.id), { method: 'card' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first);
    const other = await client.post(paymentsPath(tx.id), { method: 'bank_transfer' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('A payment by card is already under way for this transfer.');
  });

  it('refuses a transfer past pay_by or no longer payable', async () => {
    const { client, tx } = await payableTransfer(ctx);
    // pay_by has passed (moving the clock a day on would end the session instead).
    await ctx.db.updateTable('transactions').set({ pay_by: ctx.clock.now() }).where('id', '=', tx.id).execute();
    const late = await client.post(paymentsPath(tx.id), { method: 'card' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This transfer was not paid in time. Make a new transfer.');
    const b = await payableTransfer(ctx);
    await setStatus(b.tx.id, 'completed');
    const done = await b.client.post(paymentsPath(b.tx.id), { method: 'card' });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe("This transfer can't be paid now: it is completed.");
    expect((await b.client.post(paymentsPath(b.tx.id), { method: 'cash' })).statusCode).toBe(422);
  });

  it('bank transfer: our account and a reference; stays awaiting_payment until the sandbox receives it', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const started = await startPayment(client, tx.id, 'bank_transfer');
    expect(started.redirect_url).toBe(`${ctx.config.appUrl.replace(/\/+$/, '')}/payment/cb/${tx.id}`);
    expect(started.bank_details).toMatchObject({
      account_name: 'Remit Sandbox Client Funds',
      sort_code: '04-00-04',
      account_number: '12345678',
      amount: tx.total_to_pay,
      currency: 'GBP',
    });
    expect(started.bank_details!.reference).toMatch(/^SBX[A-Z2-9]{8}$/);
    expect((await getTransaction(client, tx.id)).status).toBe('awaiting_payment');
    await drainJobs(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('awaiting_payment');
    // After the sandbox's delay the money "arrives": its webhook pays the transfer.
    ctx.clock.advance(ctx.config.payments.sandboxBankTransferDelayMs);
    await deliverAll(ctx);
    const paid = await getTransaction(client, tx.id);
    expect(paid.status).toBe('paid');
    expect(paid.timeline.map((e) => e.status)).toEqual(['awaiting_payment', 'paid']);
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received']);
  });
});

describe('jobs', () => {
  it('transaction.expire: an unpaid transfer expires at pay_by; a paid one does not', async () => {
    const a = await payableTransfer(ctx);
    const b = await payableTransfer(ctx);
    const started = await startPayment(b.client, b.tx.id, 'card');
    await paymentReturn(
      b.client,
      b.tx.id,
      returnQuery(await payOnHostedPage(ctx, started.redirect_url, CARDS.approve)),
    );
    await drainJobs(ctx);
    expect((await getTransaction(a.client, a.tx.id)).status).toBe('awaiting_payment');
    const job = await ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'unique_key'])
      .where('name', '=', 'transaction.expire')
      .where('unique_key', '=', `transaction.expire:${a.tx.id}`)
      .executeTakeFirstOrThrow();
    expect(job.run_at.toISOString()).toBe(new Date(Date.parse(a.tx.created_at) + PAY_WITHIN_MS).toISOString());
    // pay_by comes (moving the clock a day on would end the sessions): the jobs fall due now.
    const now = ctx.clock.now();
    await ctx.db.updateTable('transactions').set({ pay_by: now }).execute();
    await ctx.db.updateTable('jobs').set({ run_at: now }).where('name', '=', 'transaction.expire').execute();
    await drainJobs(ctx);
    const expired = await getTransaction(a.client, a.tx.id);
    expect(expired.status).toBe('expired');
    expect(expired.timeline.at(-1)!.note).toBe('This transfer expired: it was not paid in time.');
    expect((await getTransaction(b.client, b.tx.id)).status).toBe('paid');
  });

  it('payments.reconcile: a payment pending for 10 minutes is settled from the gateway, then it runs again', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const started = await startPayment(client, tx.id, 'card');
    await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
    // Neither the return nor the webhook arrives.
    await captureWebhooks(ctx);
    await ctx.app.services.payments.scheduleReconcile(ctx.db, 0);
    await drainJobs(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('payment_processing');
    ctx.clock.advance(RECONCILE_AFTER_MS + 1);
    await drainJobs(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('paid');
    const queued = await ctx.db
      .selectFrom('jobs')
      .select(['status', 'unique_key'])
      .where('name', '=', 'payments.reconcile')
      .where('status', '=', 'queued')
      .execute();
    expect(queued).toEqual([{ status: 'queued', unique_key: 'payments.reconcile' }]);
  });
});

describe('reconciler edge cases', () => {
  it('a payment the gateway never heard of fails after 10 minutes; a bank transfer still waiting stays pending', async () => {
    const a = await payableTransfer(ctx);
    const b = await payableTransfer(ctx);
    await startPayment(b.client, b.tx.id, 'bank_transfer');
    // A start that died before reaching the gateway: the payment row without a provider id.
    const me = await ctx.db
      .selectFrom('transactions')
      .select('customer_id')
      .where('id', '=', a.tx.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('payments')
      .values({
        id: '00000000-0000-4000-8000-0000000000aa',
        transaction_id: a.tx.id,
        customer_id: me.customer_id,
        provider: 'sandbox',
        provider_payment_id: null,
        method: 'card',
        amount: BigInt(a.tx.total_to_pay),
        currency: 'GBP',
        status: 'pending',
        failure_reason: null,
        created_at: ctx.clock.now(),
        updated_at: ctx.clock.now(),
      })
      .execute();
    ctx.clock.advance(RECONCILE_AFTER_MS + 1);
    expect(await ctx.app.services.payments.reconcile()).toBe(1);
    const rows = await ctx.db.selectFrom('payments').select(['transaction_id', 'status', 'failure_reason']).execute();
    expect(rows.find((r) => r.transaction_id === a.tx.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'processing_error',
    });
    expect(rows.find((r) => r.transaction_id === b.tx.id)).toMatchObject({ status: 'pending' });
    // The transfer was still awaiting payment: the table keeps it there.
    expect((await getTransaction(a.client, a.tx.id)).status).toBe('awaiting_payment');
    // A new payment can start.
    expect((await a.client.post(paymentsPath(a.tx.id), { method: 'card' })).statusCode).toBe(201);
  });
});

describe('POST /client/v1/transactions/:id/cancel', () => {
  it('awaiting_payment and payment_failed: cancelled, no money moved', async () => {
    for (const status of ['awaiting_payment', 'payment_failed'] as const) {
      const { client, tx } = await payableTransfer(ctx);
      if (status !== 'awaiting_payment') await setStatus(tx.id, status);
      const res = await client.post(cancelPath(tx.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('cancelled');
      expect(await entryCodes(ctx, tx.id)).toEqual([]);
      // Again: nothing more.
      expect((await client.post(cancelPath(tx.id))).json().status).toBe('cancelled');
    }
  });

  it('paid: cancelled, owed back, then refunded by the payment.refund job', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const started = await startPayment(client, tx.id, 'card');
    await paymentReturn(client, tx.id, returnQuery(await payOnHostedPage(ctx, started.redirect_url, CARDS.approve)));
    const funds = await balance(ctx, 'customer_funds:GBP');
    const res = await client.post(cancelPath(tx.id));
    expect(res.json().status).toBe('cancelled');
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received', 'refund_owed']);
    await drainJobs(ctx);
    const refunded = await getTransaction(client, tx.id);
    expect(refunded.status).toBe('refunded');
    expect(refunded.timeline.map((e) => e.status)).toEqual([
      'awaiting_payment',
      'payment_processing',
      'paid',
      'cancelled',
      'refunded',
    ]);
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received', 'refund_owed', 'refund_sent']);
    expect(funds - (await balance(ctx, 'customer_funds:GBP'))).toBe(BigInt(refunded.total_to_pay));
    expect(await balance(ctx, 'refunds_payable:GBP')).toBe(0n);
  });

  it.each(['payment_processing', 'processing', 'completed', 'expired'] as const)('%s: 409', async (status) => {
    const { client, tx } = await payableTransfer(ctx);
    if (status === 'payment_processing') await startPayment(client, tx.id, 'card');
    else await setStatus(tx.id, status);
    const res = await client.post(cancelPath(tx.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This transfer can't be cancelled: /);
    expect((await getTransaction(client, tx.id)).status).toBe(status);
  });

  it('money that arrives for a cancelled transfer is refunded', async () => {
    const { client, tx } = await payableTransfer(ctx);
    await startPayment(client, tx.id, 'bank_transfer');
    await drainJobs(ctx);
    expect((await client.post(cancelPath(tx.id))).json().status).toBe('cancelled');
    ctx.clock.advance(ctx.config.payments.sandboxBankTransferDelayMs);
    await deliverAll(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('refunded');
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received', 'refund_owed', 'refund_sent']);
  });
});
