// Paying by card through the sandbox gateway's hosted page (docs/product/money-movement.md#payment,
// docs/product/payments.md#the-hosted-card-page): approve, decline, insufficient funds, 3-D Secure;
// the signed return and the webhook feed one state machine, whichever comes first applies.
import { money, toMajorString } from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyoneMaySend } from '../transfers/helpers.ts';
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

async function outbox(to: string) {
  return ctx.db.selectFrom('mail_outbox').select(['subject', 'text']).where('to_address', '=', to).execute();
}

async function emailOf(customerId: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('accounts')
    .select('email')
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.email;
}

describe('card payments', () => {
  it('approves: payment_processing, then paid by the return, the ledger posts, the webhook changes nothing', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const started = await startPayment(client, tx.id, 'card');
    expect(started.method).toBe('card');
    expect(started.bank_details).toBeNull();
    expect(started.redirect_url).toMatch(/\/sandbox\/gateway\/pay\/pay_[0-9a-f]{24}$/);
    const processing = await getTransaction(client, tx.id);
    expect(processing.status).toBe('payment_processing');
    expect(processing.pay_in_method).toBe('card');
    expect(BigInt(processing.total_to_pay)).toBeGreaterThan(BigInt(tx.total_to_pay));

    const location = await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
    expect(location).toContain(`/payment/cb/${tx.id}?`);
    const clearingBefore = await balance(ctx, 'customer_funds:GBP');
    const res = await paymentReturn(client, tx.id, returnQuery(location));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().status).toBe('paid');
    expect((await balance(ctx, 'customer_funds:GBP')) - clearingBefore).toBe(BigInt(processing.total_to_pay));
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received']);

    // The same return again, and the webhook after it: nothing more.
    expect((await paymentReturn(client, tx.id, returnQuery(location))).json().status).toBe('paid');
    await deliverAll(ctx);
    const paid = await getTransaction(client, tx.id);
    expect(paid.timeline.map((e) => e.status)).toEqual(['awaiting_payment', 'payment_processing', 'paid']);
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received']);
    await drainJobs(ctx);
    const mails = await outbox(await emailOf(((await client.profile()).json() as { id: string }).id));
    expect(mails.map((m) => m.subject).filter((s) => s.includes('payment'))).toEqual([
      `We have your payment of ${toMajorString(money(BigInt(paid.total_to_pay), 'GBP'))} GBP`,
    ]);
  });

  it('a success the gateway cannot confirm is not taken on the redirect alone: the webhook makes it paid', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const started = await startPayment(client, tx.id, 'card');
    const location = await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
    const gateway = ctx.app.services.sandboxGateway!;
    const unreachable = vi.spyOn(gateway, 'getPayment').mockRejectedValue(new Error('gateway unreachable'));
    const res = await paymentReturn(client, tx.id, returnQuery(location));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('payment_processing');
    expect(await entryCodes(ctx, tx.id)).toEqual([]);
    unreachable.mockRestore();
    await deliverAll(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('paid');
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received']);
  });

  it('webhook before the redirect: paid once; the late return answers the paid transfer', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const started = await startPayment(client, tx.id, 'card');
    const location = await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
    await deliverAll(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('paid');
    const res = await paymentReturn(client, tx.id, returnQuery(location));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('paid');
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received']);
  });

  it.each([
    ['declined', CARDS.decline, 'the card was declined'],
    ['insufficient funds', CARDS.insufficient, 'the card has insufficient funds'],
  ])('%s: payment_failed with the reason; paying again works', async (_name, card, words) => {
    const { client, tx } = await payableTransfer(ctx);
    const started = await startPayment(client, tx.id, 'card');
    const location = await payOnHostedPage(ctx, started.redirect_url, card);
    expect(returnQuery(location).outcome).toBe('failed');
    const res = await paymentReturn(client, tx.id, returnQuery(location));
    expect(res.json().status).toBe('payment_failed');
    expect(res.json().timeline.at(-1).note).toContain(words);
    expect(await entryCodes(ctx, tx.id)).toEqual([]);
    await deliverAll(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('payment_failed');

    const again = await startPayment(client, tx.id, 'card');
    expect(again.payment_id).not.toBe(started.payment_id);
    const ok = await payOnHostedPage(ctx, again.redirect_url, CARDS.approve);
    expect((await paymentReturn(client, tx.id, returnQuery(ok))).json().status).toBe('paid');
  });

  it('3-D Secure completed: paid; failed: payment_failed (authentication failed)', async () => {
    const a = await payableTransfer(ctx);
    const pa = await startPayment(a.client, a.tx.id, 'card');
    const okLocation = await payOnHostedPage(ctx, pa.redirect_url, CARDS.threeDs, 'complete');
    expect((await paymentReturn(a.client, a.tx.id, returnQuery(okLocation))).json().status).toBe('paid');

    const b = await payableTransfer(ctx);
    const pb = await startPayment(b.client, b.tx.id, 'card');
    const failLocation = await payOnHostedPage(ctx, pb.redirect_url, CARDS.threeDs, 'fail');
    const res = await paymentReturn(b.client, b.tx.id, returnQuery(failLocation));
    expect(res.json().status).toBe('payment_failed');
    expect(res.json().timeline.at(-1).note).toContain('3-D Secure authentication failed');
  });

  it('the paid mail is in French for a customer who confirmed in French', async () => {
    const { client, tx } = await payableTransfer(ctx, undefined, { 'accept-language': 'fr-FR,fr;q=0.9' });
    const stored = await ctx.db
      .selectFrom('transactions')
      .select('locale')
      .where('id', '=', tx.id)
      .executeTakeFirstOrThrow();
    expect(stored.locale).toBe('fr');
    const started = await startPayment(client, tx.id, 'card');
    const location = await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
    await paymentReturn(client, tx.id, returnQuery(location));
    await drainJobs(ctx);
    const me = (await client.profile()).json() as { email?: string; id: string };
    const email = await emailOf(me.id);
    const mails = (await outbox(email)).filter((m) => m.subject.includes('paiement'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Nous avons reçu votre paiement de /);
  });

  it('a tampered or foreign return is refused and changes nothing', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const started = await startPayment(client, tx.id, 'card');
    const location = await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
    const q = returnQuery(location);
    const forged = await paymentReturn(client, tx.id, {
      ...q,
      outcome: q.outcome === 'succeeded' ? 'failed' : 'succeeded',
    });
    expect(forged.statusCode).toBe(422);
    // Another transfer of the same customer: the payment is not its own.
    const other = await payableTransfer(ctx, client);
    expect((await paymentReturn(client, other.tx.id, q)).statusCode).toBe(404);
    expect((await getTransaction(client, tx.id)).status).toBe('payment_processing');
    // Stale: after 5 minutes the signature has expired.
    ctx.clock.advance(6 * 60_000);
    expect((await paymentReturn(client, tx.id, q)).statusCode).toBe(422);
    await captureWebhooks(ctx);
  });
});
