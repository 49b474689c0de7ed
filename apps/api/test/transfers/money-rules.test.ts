// Money stays inside its rules (issue #20; docs/product/money-movement.md#limits, #transactions):
// each reproduction found from outside, by HTTP only, as a hostile customer would.
// - the 30-day limit held through declined payments (a declined transfer can still be paid, so it
//   counts), and a payment does not start when it would take the customer over a limit;
// - a transfer pays out exactly the recipient details confirmed, whatever edit or delete follows;
// - a refreshed quote replaces the one it came from.
import { newRecipientScope } from '../../src/modules/transfers/transfer-confirm.ts';
import { buildPath, Limits, recipientsEndpoints, ValidationErrorBody, type Transaction } from '@remit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { QUOTE_REFRESHED } from '../../src/modules/transfers/transfers.service.ts';
import type { Client } from '../helpers.ts';
import {
  CARDS,
  cancelTransfer,
  deliverAll,
  getTransaction,
  payOnHostedPage,
  startPayment,
  type PaymentsContext,
} from '../payments/helpers.ts';
import { GOOD_IBAN, payoutsOf, settlePayouts, usePayoutsApp } from '../payouts/helpers.ts';
import { DE_BANK, KE_WALLET, M_PESA, confirm, customer, everyoneMaySend, quote, recipient, tasks } from './helpers.ts';

// Sessions and rates outlive the day the clock moves on (an unpaid transfer expires after 24 h).
const ctx: PaymentsContext = usePayoutsApp({
  SESSION_IDLE_MINUTES: String(60 * 24 * 30),
  SESSION_ABSOLUTE_HOURS: String(24 * 365),
  RATES_MAX_AGE_HOURS: String(24 * 365),
});

beforeEach(() => {
  everyoneMaySend(ctx);
});

const startPath = (id: string) => `/client/v1/transactions/${id}/payments`;

/** A confirmed transfer of `pence` GBP to `recipientId` (DE, EUR, bank account). */
async function confirmed(client: Client, recipientId: string, pence: string): Promise<Transaction> {
  const q = await quote(client, { ...DE_BANK, source_amount: pence });
  const res = await confirm(client, { quote_id: q.id, recipient_id: recipientId, purpose: null, reference: 'Rent' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Transaction;
}

/** Pays by card on the sandbox's hosted page and delivers its notices. */
async function payByCard(client: Client, id: string, card: string): Promise<void> {
  const started = await startPayment(client, id, 'card');
  await payOnHostedPage(ctx, started.redirect_url, card);
  await deliverAll(ctx);
}

async function limits(client: Client): Promise<Limits> {
  const res = await client.get('/client/v1/limits');
  expect(res.statusCode, res.body).toBe(200);
  return Limits.parse(res.json());
}

/** What the customer has paid in and not had back, GBP minor units at the rate of each confirm. */
async function paidIn(customerId: string): Promise<bigint> {
  const rows = await ctx.db
    .selectFrom('transactions')
    .innerJoin('payments', 'payments.transaction_id', 'transactions.id')
    .select(['transactions.limits_amount'])
    .where('transactions.customer_id', '=', customerId)
    .where('payments.status', '=', 'succeeded')
    .where('transactions.status', 'not in', ['cancelled', 'refunded'])
    .execute();
  return rows.reduce((sum, r) => sum + BigInt(r.limits_amount), 0n);
}

async function customerIdOf(client: Client): Promise<string> {
  const res = await client.get('/client/v1/profile');
  return (res.json() as { id: string }).id;
}

describe('the 30-day limit holds through declined payments', () => {
  it('a declined transfer still counts: confirm, decline all, confirm more is refused, pay all stays within', async () => {
    // Reproduction: 13 × 1,900 GBP confirmed (24,700 of 25,000), each paid with the declining card;
    // on cd7126a "used" fell to 0, 13 more could be confirmed and all 26 paid: 49,400 GBP.
    const client = await customer(ctx);
    const r = await recipient(client, GOOD_IBAN);
    const first: Transaction[] = [];
    for (let i = 0; i < 13; i++) first.push(await confirmed(client, r.id, '190000'));
    for (const tx of first) {
      await payByCard(client, tx.id, CARDS.decline);
      expect((await getTransaction(client, tx.id)).status).toBe('payment_failed');
    }
    const seen = await limits(client);
    expect(seen.rolling_30_days.used).toBe('2470000');
    expect(seen.rolling_30_days.remaining).toBe('30000');
    expect(seen.rolling_30_days.counted.map((c) => c.status)).toEqual(Array(13).fill('payment_failed'));
    expect(seen.rolling_30_days.counted[0]).toMatchObject({
      recipient_name: GOOD_IBAN.name,
      source_amount: '190000',
      source_currency: 'GBP',
      amount: '190000',
    });

    const q = await quote(client, { ...DE_BANK, source_amount: '190000' });
    expect(q.notices.find((n) => n.code === 'over_30_day_limit')).toMatchObject({ type: 'blocked', link: '/limits' });
    const over = await confirm(client, { quote_id: q.id, recipient_id: r.id, purpose: null, reference: 'Rent' });
    expect(over.statusCode, over.body).toBe(422);
    expect(ValidationErrorBody.parse(over.json()).errors.quote_id?.[0]).toMatch(/over your 30-day limit/);

    for (const tx of first) {
      await payByCard(client, tx.id, CARDS.approve);
      expect(['paid', 'processing']).toContain((await getTransaction(client, tx.id)).status);
    }
    expect(await paidIn(await customerIdOf(client))).toBe(2_470_000n);
    const after = await limits(client);
    expect(after.rolling_30_days.used).toBe('2470000');
  }, 60_000);

  it('a cancelled transfer stops counting; an expired one too', async () => {
    const client = await customer(ctx);
    const r = await recipient(client, GOOD_IBAN);
    const a = await confirmed(client, r.id, '900000');
    const b = await confirmed(client, r.id, '900000');
    expect((await limits(client)).rolling_30_days.used).toBe('1800000');
    expect((await cancelTransfer(client, a.id)).statusCode).toBe(200);
    expect((await limits(client)).rolling_30_days.used).toBe('900000');
    ctx.clock.advance(25 * 3_600_000);
    await deliverAll(ctx);
    expect((await getTransaction(client, b.id)).status).toBe('expired');
    const now = await limits(client);
    expect(now.rolling_30_days.used).toBe('0');
    expect(now.rolling_30_days.counted).toEqual([]);
  });

  it('a payment does not start when it would take the customer over the 30-day limit', async () => {
    // Transfers counted under the old rule (a declined one did not count) can add up to more than
    // the limit: paying is where money is committed, so no payment starts until they fit again.
    const client = await customer(ctx);
    const r = await recipient(client, GOOD_IBAN);
    const a = await confirmed(client, r.id, '900000');
    const b = await confirmed(client, r.id, '900000');
    await ctx.db.updateTable('transactions').set({ status: 'cancelled' }).where('id', '=', a.id).execute();
    const c = await confirmed(client, r.id, '900000');
    await ctx.db.updateTable('transactions').set({ status: 'payment_failed' }).where('id', '=', a.id).execute();
    expect((await limits(client)).rolling_30_days.used).toBe('2700000');

    for (const tx of [a, b, c]) {
      const refused = await client.post(startPath(tx.id), { method: 'bank_transfer' });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(ValidationErrorBody.parse(refused.json()).errors.transaction_id?.[0]).toBe(
        'This is over your 30-day limit of 25000.00 GBP: 18000.00 GBP already counts against it (your transfers of the last 30 days, unpaid ones included). ' +
          'Cancel a transfer you will not pay to free its amount, or wait.',
      );
    }
    expect((await cancelTransfer(client, c.id)).statusCode).toBe(200);
    await startPayment(client, a.id, 'bank_transfer');
    await startPayment(client, b.id, 'bank_transfer');
    expect((await getTransaction(client, a.id)).status).toBe('payment_failed');
  });

  it('a payment does not start for a customer who may no longer send', async () => {
    const client = await customer(ctx);
    const r = await recipient(client, GOOD_IBAN);
    const tx = await confirmed(client, r.id, '10000');
    everyoneMaySend(ctx).mockReturnValue(tasks((code) => code !== 'account_verification'));
    const res = await client.post(startPath(tx.id), { method: 'card' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'verification_required' });
  });

  it('parallel confirms and payment starts of one customer never pay in more than the limit', async () => {
    const client = await customer(ctx);
    const r = await recipient(client, GOOD_IBAN);
    const quotes = await Promise.all(
      Array.from({ length: 6 }, () => quote(client, { ...DE_BANK, source_amount: '900000' })),
    );
    // The first large transfer to a new recipient asks for a step-up made for it: once, beforehand.
    await client.stepUp(newRecipientScope(r.id));
    const results = await Promise.all(
      quotes.map((q) => confirm(client, { quote_id: q.id, recipient_id: r.id, purpose: null, reference: 'Rent' })),
    );
    const made = results.filter((res) => res.statusCode === 201).map((res) => res.json() as Transaction);
    expect(made).toHaveLength(2);
    for (const res of results) expect([201, 422], res.body).toContain(res.statusCode);
    const starts = await Promise.all(made.map((tx) => client.post(startPath(tx.id), { method: 'bank_transfer' })));
    for (const res of starts) expect(res.statusCode, res.body).toBe(201);
  });
});

/** The recipient's details in full (GET and the add answer them masked); the client stepped up moments ago. */
async function fullDetails(client: Client, id: string): Promise<Record<string, string>> {
  const res = await client.post(buildPath(recipientsEndpoints.revealRecipient.path, { id }));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { details: Record<string, string> }).details;
}

describe('a transfer pays out exactly the details the customer confirmed', () => {
  it('a bank account edited to a closed one after the confirm: the payout goes to the confirmed IBAN', async () => {
    // Reproduction: confirm to an IBAN, PUT the recipient with an IBAN ending 000, pay: on cd7126a
    // the payout went to the edited account and bounced ("Account closed").
    const client = await customer(ctx);
    const r = await recipient(client, GOOD_IBAN);
    const confirmedDetails = await fullDetails(client, r.id);
    const tx = await confirmed(client, r.id, '10000');
    const edited = await client.request('PUT', buildPath(recipientsEndpoints.updateRecipient.path, { id: r.id }), {
      ...GOOD_IBAN,
      details: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await payByCard(client, tx.id, CARDS.approve);
    const [payout] = await payoutsOf(ctx, tx.id);
    expect((payout!.recipient as { details: Record<string, string> }).details).toEqual(confirmedDetails);
    await settlePayouts(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.recipient.summary).toBe(tx.recipient.summary);
  });

  it('a recipient edited to a Kenyan wallet and deleted: the payout still goes to the confirmed IBAN', async () => {
    // Reproduction: on cd7126a the card was charged and the payout job failed 9 times ("a KES
    // recipient cannot receive EUR") with the transfer stuck in processing.
    const client = await customer(ctx);
    const r = await recipient(client, GOOD_IBAN);
    const confirmedDetails = await fullDetails(client, r.id);
    const tx = await confirmed(client, r.id, '10000');
    const edited = await client.request(
      'PUT',
      buildPath(recipientsEndpoints.updateRecipient.path, { id: r.id }),
      M_PESA,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const deleted = await client.request('DELETE', buildPath(recipientsEndpoints.deleteRecipient.path, { id: r.id }));
    expect(deleted.statusCode, deleted.body).toBe(204);
    await payByCard(client, tx.id, CARDS.approve);
    await settlePayouts(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.recipient).toMatchObject({ name: GOOD_IBAN.name, country: 'DE', currency: 'EUR' });
    const [payout] = await payoutsOf(ctx, tx.id);
    expect(payout!.recipient).toMatchObject({ currency: 'EUR', details: confirmedDetails });
    const failed = await ctx.db.selectFrom('jobs').select('last_error').where('last_error', 'is not', null).execute();
    expect(failed).toEqual([]);
  });

  it('a wallet edited to a closed number and deleted: the payout goes to the confirmed number', async () => {
    const client = await customer(ctx);
    const r = await recipient(client, M_PESA);
    const confirmedDetails = await fullDetails(client, r.id);
    const q = await quote(client, { ...KE_WALLET, source_amount: '10000' });
    const res = await confirm(client, { quote_id: q.id, recipient_id: r.id, purpose: 'family_support', reference: '' });
    expect(res.statusCode, res.body).toBe(201);
    const tx = res.json() as Transaction;
    const edited = await client.request('PUT', buildPath(recipientsEndpoints.updateRecipient.path, { id: r.id }), {
      ...M_PESA,
      details: { provider: 'mpesa', phone_number: '0712 345 000' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await client.request('DELETE', buildPath(recipientsEndpoints.deleteRecipient.path, { id: r.id }))).statusCode,
    ).toBe(204);
    await payByCard(client, tx.id, CARDS.approve);
    const [payout] = await payoutsOf(ctx, tx.id);
    expect(payout!.recipient).toMatchObject({ payout_method: 'mobile_wallet', details: confirmedDetails });
    await settlePayouts(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('completed');
  });
});

describe('a refreshed quote replaces the one it came from', () => {
  it('the older quote answers 422 "This quote was refreshed"; the new one confirms once', async () => {
    const client = await customer(ctx);
    const r = await recipient(client, GOOD_IBAN);
    const old = await quote(client, { ...DE_BANK, source_amount: '10000' });
    const refreshed = await client.post(`/client/v1/quotes/${old.id}/refresh`, {});
    expect(refreshed.statusCode, refreshed.body).toBe(201);
    const next = refreshed.json() as { id: string };
    // Another tab refreshing the same old quote lands on the same new one.
    const again = await client.post(`/client/v1/quotes/${old.id}/refresh`, {});
    expect((again.json() as { id: string }).id).toBe(next.id);

    const body = (quoteId: string) => ({ quote_id: quoteId, recipient_id: r.id, purpose: null, reference: 'Rent' });
    const [older, newer] = await Promise.all([confirm(client, body(old.id)), confirm(client, body(next.id))]);
    expect(older.statusCode, older.body).toBe(422);
    expect(ValidationErrorBody.parse(older.json()).errors.quote_id).toEqual([QUOTE_REFRESHED]);
    expect(newer.statusCode, newer.body).toBe(201);
    // A used quote is not refreshed into another transfer.
    const late = await client.post(`/client/v1/quotes/${next.id}/refresh`, {});
    expect(late.statusCode, late.body).toBe(409);
    const fromOld = await client.post(`/client/v1/quotes/${old.id}/refresh`, {});
    expect(fromOld.statusCode, fromOld.body).toBe(409);
  });
});
