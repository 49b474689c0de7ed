// Confirming a transfer (docs/product/money-movement.md#transactions, #idempotency,
// #purpose-and-reference): the happy path and its shape, the Idempotency-Key rules (400, 422, 409,
// replay, release after a refusal, 24 hours, per customer), ownership, quote and recipient checks,
// verification and limits, purpose and reference by destination, and the list with its filters.
import {
  Limits,
  MessageBody,
  STEP_UP_REQUIRED,
  stepUpEndpoints,
  Quote,
  Transaction,
  TransactionList,
  ValidationErrorBody,
  buildPath,
  limitsEndpoints,
  quotesEndpoints,
  recipientsEndpoints,
  transactionsEndpoints as e,
} from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_MISSING,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_KEY_RUNNING,
} from '../../src/modules/transfers/idempotency.ts';
import {
  QUOTE_EXPIRED,
  QUOTE_NOT_FOUND,
  QUOTE_USED,
  RECIPIENT_NOT_FOUND,
} from '../../src/modules/transfers/transfers.service.ts';
import { sql } from 'kysely';
import { idempotencyRepository } from '../../src/modules/transfers/idempotency.repository.ts';
import { Client, STRONG_PASSWORD, copiesOf, useTestApp } from '../helpers.ts';
import { lastMailTo } from '../security/helpers.ts';
import {
  DE_BANK,
  GCASH,
  GERMAN_IBAN,
  INDIAN_BANK,
  IN_BANK,
  KE_WALLET,
  M_PESA,
  PH_WALLET,
  confirm,
  confirmOnce,
  customer as newCustomer,
  everyoneMaySend,
  newKey,
  quote,
  recipient,
  tasks,
} from './helpers.ts';

const ctx = useTestApp();
const START = new Date('2030-01-01T09:00:00.000Z');

beforeEach(() => {
  ctx.clock.set(START);
  everyoneMaySend(ctx);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const customer = () => newCustomer(ctx);

async function created(res: { statusCode: number; body: string; json(): unknown }): Promise<Transaction> {
  expect(res.statusCode, res.body).toBe(201);
  return Transaction.parse(res.json());
}

function invalid(res: { statusCode: number; body: string; json(): unknown }): Record<string, string[]> {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json()).errors;
}

/** A Kenyan M-Pesa transfer of 100 GBP, ready to confirm. */
async function kenyan(client: Client, amount = '10000') {
  const q = await quote(client, { ...KE_WALLET, source_amount: amount });
  const r = await recipient(client, M_PESA);
  return { q, r, body: { quote_id: q.id, recipient_id: r.id, purpose: 'family_support', reference: 'School fees' } };
}

async function limitsOf(client: Client): Promise<Limits> {
  const res = await client.get(limitsEndpoints.getLimits.path);
  expect(res.statusCode, res.body).toBe(200);
  return Limits.parse(res.json());
}

describe('POST /client/v1/transactions', () => {
  it('confirms a transfer: 201 with the quote’s figures, the recipient as confirmed and a first timeline entry', async () => {
    const client = await customer();
    const { q, r, body } = await kenyan(client);
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    const t = await created(await confirm(client, { ...body, reference: '  School fees  ' }));
    expect(t).toMatchObject({
      status: 'awaiting_payment',
      quote_id: q.id,
      recipient_id: r.id,
      recipient: { id: r.id, name: 'Wanjiru Kamau', country: 'KE', currency: 'KES', payout_method: 'mobile_wallet' },
      source_currency: 'GBP',
      target_country: 'KE',
      target_currency: 'KES',
      payout_method: 'mobile_wallet',
      source_amount: q.source_amount,
      target_amount: q.target_amount,
      rate: q.rate,
      mid_market_rate: q.mid_market_rate,
      fee: q.fee,
      pay_in_method: q.pay_in_method,
      total_to_pay: q.total_to_pay,
      purpose: 'family_support',
      reference: 'School fees',
      delivery_estimate: q.delivery_estimate,
      created_at: START.toISOString(),
      updated_at: START.toISOString(),
      pay_by: '2030-01-02T09:00:00.000Z',
    });
    expect(t.recipient.summary).toBe(r.summary);
    expect(t.timeline).toEqual([
      {
        status: 'awaiting_payment',
        at: START.toISOString(),
        note: 'Transfer confirmed. Waiting for your payment of 101.24 GBP by 2030-01-02 09:00 UTC.',
        // The same as a code for the app to word (docs/product/money-movement.md#timeline-entries).
        code: 'confirmed',
        params: { amount: '10124', currency: 'GBP', pay_by: '2030-01-02T09:00:00.000Z' },
      },
    ]);
    // The quote is now used; the limits count the transfer; the customer's apps are told.
    const used = Quote.parse((await client.get(buildPath(quotesEndpoints.getQuote.path, { id: q.id }))).json());
    expect(used.status).toBe('used');
    expect((await limitsOf(client)).rolling_30_days).toMatchObject({ used: '10000', remaining: '2490000' });
    const customerId = (await ctx.db.selectFrom('transactions').select('customer_id').executeTakeFirstOrThrow())
      .customer_id;
    expect(notify).toHaveBeenCalledWith(
      customerId,
      'TransactionStatusChanged',
      { transaction_id: t.id, status: 'awaiting_payment' },
      {},
    );
    // And it reads back the same, never cached.
    const read = await client.get(buildPath(e.getTransaction.path, { id: t.id }));
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(Transaction.parse(read.json())).toEqual(t);
  });

  it('counts a transfer in another currency at the mid-market rate in GBP, and not once it is cancelled', async () => {
    const client = await customer();
    const q = await quote(client, {
      source_currency: 'EUR',
      target_country: 'DE',
      target_currency: 'EUR',
      payout_method: 'bank_account',
      source_amount: '50000',
    });
    const r = await recipient(client, GERMAN_IBAN);
    await created(await confirm(client, { quote_id: q.id, recipient_id: r.id }));
    const gbp = await ctx.app.services.limits.inLimitsCurrency({ amount: 50000n, currency: 'EUR' });
    expect((await limitsOf(client)).rolling_30_days.used).toBe(gbp.amount.toString());
    await ctx.db.updateTable('transactions').set({ status: 'cancelled' }).execute();
    expect((await limitsOf(client)).rolling_30_days.used).toBe('0');
  });
});

describe('Idempotency-Key', () => {
  it('is required (400) and must be 1 to 255 visible ASCII characters', async () => {
    const client = await customer();
    const { body } = await kenyan(client);
    const missing = await confirm(client, body, null);
    expect(missing.statusCode).toBe(400);
    expect(MessageBody.parse(missing.json())).toEqual({
      message: IDEMPOTENCY_KEY_MISSING,
      code: 'idempotency_key_required',
    });
    for (const bad of ['has space', 'x'.repeat(256), 'café']) {
      const res = await confirm(client, body, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(MessageBody.parse(res.json()).message).toBe(IDEMPOTENCY_KEY_INVALID);
    }
    expect(await ctx.db.selectFrom('transactions').select('id').execute()).toEqual([]);
    await created(await confirm(client, body, 'x'.repeat(255)));
  });

  it('a repeat answers the stored answer, byte for byte, marked as replayed; one transaction', async () => {
    const client = await customer();
    const { body } = await kenyan(client);
    const key = newKey();
    const first = await confirm(client, body, key);
    await created(first);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    ctx.clock.advance(60_000);
    const again = await confirm(client, { ...body }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    // The same JSON with its keys in another order is the same request.
    const reordered = await confirm(
      client,
      { reference: body.reference, purpose: body.purpose, recipient_id: body.recipient_id, quote_id: body.quote_id },
      key,
    );
    expect(reordered.statusCode).toBe(201);
    expect(reordered.body).toBe(first.body);
    expect(await ctx.db.selectFrom('transactions').select('id').execute()).toHaveLength(1);
  });

  it('the same key with another body is a 422', async () => {
    const client = await customer();
    const { body } = await kenyan(client);
    const key = newKey();
    await created(await confirm(client, body, key));
    const other = invalid(await confirm(client, { ...body, reference: 'Something else' }, key));
    expect(other).toEqual({ idempotency_key: [IDEMPOTENCY_KEY_REUSED] });
  });

  // Another session holding the key's lock needs a second connection: PostgreSQL (PGlite has one).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'while a request holds the key (on any instance), the key is a 409',
    async () => {
      const client = await customer();
      const { body } = await kenyan(client);
      const key = newKey();
      const customerId = (await ctx.db.selectFrom('customers').select('id').executeTakeFirstOrThrow()).id;
      await ctx.db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        expect(await idempotencyRepository.lock(conn, customerId, key)).toBe(true);
        const busy = await confirm(client, body, key);
        expect(busy.statusCode).toBe(409);
        expect(MessageBody.parse(busy.json()).message).toBe(IDEMPOTENCY_KEY_RUNNING);
        await sql`rollback`.execute(conn);
      });
      // Let go: the key is free, and nothing was stored for it.
      await created(await confirm(client, body, key));
    },
  );

  it('two confirms with one key at once: one transfer; the other a 409 or the stored answer', async () => {
    const client = await customer();
    const { body } = await kenyan(client);
    const key = newKey();
    const answers = await Promise.all([confirm(client, body, key), confirm(client, body, key)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const ids = answers.filter((a) => a.statusCode === 201).map((a) => (a.json() as { id: string }).id);
    const rows = await ctx.db.selectFrom('transactions').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(new Set(ids)).toEqual(new Set([rows[0]!.id]));
  });

  it('a claim left running by an earlier version whose process died does not hold its key', async () => {
    const client = await customer();
    const { body } = await kenyan(client);
    const key = newKey();
    const customerId = (await ctx.db.selectFrom('customers').select('id').executeTakeFirstOrThrow()).id;
    const { requestFingerprint } = await import('../../src/modules/transfers/idempotency.ts');
    await ctx.db
      .insertInto('idempotency_keys')
      .values({
        customer_id: customerId,
        key,
        request_hash: requestFingerprint(body),
        state: 'running',
        created_at: ctx.clock.now(),
        expires_at: new Date(ctx.clock.now().getTime() + 86_400_000),
      })
      .execute();
    await created(await confirm(client, body, key));
    expect(await ctx.db.selectFrom('transactions').select('id').execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('idempotency_keys').select(['state', 'response_status']).execute()).toEqual([
      { state: 'done', response_status: 201 },
    ]);
  });

  it('a refused request lets its key go: the corrected retry with the same key works', async () => {
    const client = await customer();
    const { body } = await kenyan(client);
    const key = newKey();
    expect(invalid(await confirm(client, { ...body, reference: 'Bad <ref>' }, key))).toHaveProperty('reference');
    expect(invalid(await confirm(client, { ...body, purpose: null }, key))).toHaveProperty('purpose');
    await created(await confirm(client, body, key));
    expect(await ctx.db.selectFrom('idempotency_keys').select(['state', 'response_status']).execute()).toEqual([
      { state: 'done', response_status: 201 },
    ]);
  });

  it('keys belong to one customer and live 24 hours (then used anew and swept)', async () => {
    const alice = await customer();
    const bob = await customer();
    const key = newKey();
    const a = await kenyan(alice);
    const b = await kenyan(bob);
    const ta = await created(await confirm(alice, a.body, key));
    const tb = await created(await confirm(bob, b.body, key));
    expect(tb.id).not.toBe(ta.id);

    // 24 hours on (the key's expiry moved back, the sessions stay alive): the key is free again.
    const expire = () =>
      ctx.db
        .updateTable('idempotency_keys')
        .set({ expires_at: new Date(START.getTime() - 1) })
        .execute();
    await expire();
    const next = await quote(alice, { ...KE_WALLET, source_amount: '20000' });
    const fresh = await created(await confirm(alice, { ...a.body, quote_id: next.id }, key));
    expect(fresh.id).not.toBe(ta.id);
    expect(await ctx.app.services.transfers.sweepIdempotencyKeys()).toBe(1); // bob's
    await expire();
    expect(await ctx.app.services.transfers.sweepIdempotencyKeys()).toBe(1); // alice's
    expect(await ctx.db.selectFrom('idempotency_keys').select('key').execute()).toEqual([]);
  });
});

describe('the quote, the recipient and who may send', () => {
  it('refuses another customer’s, an unknown and a malformed quote id with the same 422', async () => {
    const owner = await customer();
    const { body } = await kenyan(owner);
    const other = await customer();
    const r = await recipient(other, M_PESA);
    for (const quote_id of [body.quote_id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(invalid(await confirm(other, { ...body, quote_id, recipient_id: r.id }))).toEqual({
        quote_id: [QUOTE_NOT_FOUND],
      });
    }
  });

  it('refuses another customer’s, a deleted, an unknown and a malformed recipient id with the same 422', async () => {
    const owner = await customer();
    const { body } = await kenyan(owner);
    const other = await customer();
    const theirs = await recipient(other, M_PESA);
    const gone = await recipient(owner, { ...M_PESA, name: 'Otieno Ouma' });
    const del = await owner.request('DELETE', buildPath(recipientsEndpoints.deleteRecipient.path, { id: gone.id }));
    expect(del.statusCode).toBe(204);
    for (const recipient_id of [theirs.id, gone.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect(invalid(await confirm(owner, { ...body, recipient_id }))).toEqual({ recipient_id: [RECIPIENT_NOT_FOUND] });
    }
    await created(await confirm(owner, body));
  });

  it('refuses a recipient of another destination, saying what does not match', async () => {
    const client = await customer();
    const { body } = await kenyan(client);
    const german = await recipient(client, GERMAN_IBAN);
    expect(invalid(await confirm(client, { ...body, recipient_id: german.id }))).toEqual({
      recipient_id: [
        "This recipient doesn't match the quote: the quote sends to KE, the recipient is in DE; " +
          'the quote pays out KES, the recipient is paid in EUR; ' +
          'the quote pays to a mobile wallet, the recipient is paid to a bank account.',
      ],
    });
    const kenyanBank = await recipient(client, {
      name: 'Achieng Odhiambo',
      country: 'KE',
      currency: 'KES',
      payout_method: 'bank_account',
      details: { bank_code: '01', account_number: '1234567890' },
    });
    expect(invalid(await confirm(client, { ...body, recipient_id: kenyanBank.id }))).toEqual({
      recipient_id: [
        "This recipient doesn't match the quote: the quote pays to a mobile wallet, the recipient is paid to a bank account.",
      ],
    });
  });

  it('refuses an expired quote and a used one', async () => {
    const client = await customer();
    const { q, body } = await kenyan(client);
    ctx.clock.advance(30 * 60_000);
    await client.profile(); // the session stays alive
    expect(invalid(await confirm(client, body))).toEqual({ quote_id: [QUOTE_EXPIRED] });

    const fresh = await quote(client, { ...KE_WALLET, source_amount: '10000' });
    expect(fresh.id).not.toBe(q.id);
    await created(await confirm(client, { ...body, quote_id: fresh.id }));
    expect(invalid(await confirm(client, { ...body, quote_id: fresh.id }))).toEqual({ quote_id: [QUOTE_USED] });
    expect(await ctx.db.selectFrom('transactions').select('id').execute()).toHaveLength(1);
  });

  it('refuses a customer who may not send yet (403 verification_required, naming what to finish)', async () => {
    const client = await customer();
    const { q, body } = await kenyan(client);
    vi.spyOn(ctx.app.services.tasks, 'list').mockReturnValue(tasks((code) => code !== 'account_verification'));
    const res = await confirm(client, body);
    expect(res.statusCode).toBe(403);
    const answer = MessageBody.parse(res.json());
    expect(answer.code).toBe('verification_required');
    expect(answer.message).toBe(
      'Before you can send, finish: Verify your account: Upload the documents your country requires and have them approved.',
    );
    const quoteNow = Quote.parse((await client.get(buildPath(quotesEndpoints.getQuote.path, { id: q.id }))).json());
    expect(quoteNow.status).toBe('active');
  });

  it('refuses a quote with a blocked notice (below the corridor minimum) with its text', async () => {
    const client = await customer();
    const q = await quote(client, { ...KE_WALLET, source_amount: '50' });
    const notice = q.notices.find((n) => n.type === 'blocked')!;
    const r = await recipient(client, M_PESA);
    expect(invalid(await confirm(client, { quote_id: q.id, recipient_id: r.id, purpose: 'gift' }))).toEqual({
      quote_id: [notice.text],
    });
  });

  it('checks the 30-day limit again when confirming, counting the transfers made since the quote', async () => {
    const client = await customer();
    const r = await recipient(client, GERMAN_IBAN);
    // Three quotes of 9,000 GBP made before any transfer: none is blocked yet.
    const quotes = [];
    for (let i = 0; i < 3; i++) quotes.push(await quote(client, { ...DE_BANK, source_amount: '900000' }));
    expect(quotes.every((q) => q.notices.every((n) => n.type !== 'blocked'))).toBe(true);
    await created(await confirm(client, { quote_id: quotes[0]!.id, recipient_id: r.id }));
    await created(await confirm(client, { quote_id: quotes[1]!.id, recipient_id: r.id }));
    expect(invalid(await confirm(client, { quote_id: quotes[2]!.id, recipient_id: r.id }))).toEqual({
      quote_id: [
        'This is over your 30-day limit of 25000.00 GBP: 18000.00 GBP already counts against it (your transfers of the last 30 days, unpaid ones included).',
      ],
    });
    expect((await limitsOf(client)).rolling_30_days).toMatchObject({ used: '1800000', remaining: '700000' });
  });

  it('refuses over the per-transfer limit', async () => {
    const client = await customer();
    const q = await quote(client, {
      source_currency: 'EUR',
      target_country: 'DE',
      target_currency: 'EUR',
      payout_method: 'bank_account',
      source_amount: '1150000',
    });
    const r = await recipient(client, GERMAN_IBAN);
    const errors = invalid(await confirm(client, { quote_id: q.id, recipient_id: r.id }));
    expect(errors.quote_id?.[0]).toMatch(/^This is over your limit of 10000\.00 GBP per transfer/);
  });
});

describe('a step-up for large transfers and new recipients (docs/product/auth-and-sessions.md#step-up)', () => {
  const LARGE = '100000'; // 1,000 GBP: the default threshold
  /** The recipient was added more than 24 hours ago: no longer new. */
  const known = (id: string) =>
    ctx.db
      .updateTable('recipients')
      .set({ created_at: new Date(ctx.clock.now().getTime() - 25 * 3_600_000) })
      .where('id', '=', id)
      .execute();
  const stepUpAnswer = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(403);
    return MessageBody.parse(res.json());
  };

  it('from 1,000 GBP to a known recipient, more than 10 minutes after signing in: 403, then after a step-up 201 with the same key', async () => {
    const client = await customer();
    const { body, r } = await kenyan(client, LARGE);
    await known(r.id);
    const under = await quote(client, { ...KE_WALLET, source_amount: '99999' });
    ctx.clock.advance(11 * 60_000);
    const key = newKey();
    expect(stepUpAnswer(await confirmOnce(client, body, key))).toEqual({
      message: 'For your security, please confirm it is you to continue.',
      code: STEP_UP_REQUIRED,
      factors: ['password'],
    });
    // a password in the request is no step-up: the request is the same one (same key, same answer)
    expect((await confirmOnce(client, { ...body, password: STRONG_PASSWORD }, key)).statusCode).toBe(403);
    await client.stepUp();
    const ok = await created(await confirmOnce(client, body, key));
    expect((await confirmOnce(client, body, key)).statusCode).toBe(201);
    // Just under the threshold, to a known recipient, nothing is asked.
    ctx.clock.advance(11 * 60_000);
    await created(await confirmOnce(client, { ...body, quote_id: under.id }));
    expect(ok.recipient.id).toBe(r.id);
  });

  it('within 10 minutes of signing in, a large transfer to a known recipient needs nothing more', async () => {
    const client = await customer();
    const { body, r } = await kenyan(client, '120000');
    await known(r.id);
    await created(await confirmOnce(client, body));
  });

  it('any amount to a recipient added in the last 24 hours needs a recent step-up, and the customer is mailed', async () => {
    const client = await customer();
    const { body } = await kenyan(client, '5000');
    ctx.clock.advance(11 * 60_000);
    expect(stepUpAnswer(await confirmOnce(client, body)).scope).toBeUndefined();
    await client.stepUp();
    const t = await created(await confirmOnce(client, body));
    await ctx.app.services.jobs.runDue();
    const email = (await ctx.db.selectFrom('accounts').select('email').executeTakeFirstOrThrow()).email;
    const mail = await lastMailTo(ctx, email, `A new recipient was paid: ${t.recipient.name}`);
    expect(mail.text).toContain('added in the last 24 hours');
  });

  it('the first large transfer to a new recipient waits for a step-up made for it, even right after another one', async () => {
    const client = await customer();
    const { body, r } = await kenyan(client, LARGE);
    // Signed in a moment ago (recent), and stepped up for something else: still asked, with a scope.
    await client.stepUp();
    const asked = stepUpAnswer(await confirmOnce(client, body));
    expect(asked.scope).toBe(`transfer-to-new-recipient:${r.id}`);
    await client.stepUp('transfer-to-new-recipient:someone-else');
    expect(stepUpAnswer(await confirmOnce(client, body)).scope).toBe(asked.scope);
    await client.stepUp(asked.scope);
    await created(await confirmOnce(client, body));
    // Not the first any more: the next large one to them needs only a recent step-up.
    const again = await quote(client, { ...KE_WALLET, source_amount: LARGE });
    await client.stepUp();
    await created(await confirmOnce(client, { ...body, quote_id: again.id }));
  });

  it('a step-up counts for its own session only; a copied cookie cannot send or add a recipient later', async () => {
    const client = await customer();
    const { body, r } = await kenyan(client, LARGE);
    await known(r.id);
    const email = (await ctx.db.selectFrom('accounts').select('email').executeTakeFirstOrThrow()).email;
    const other = new Client(ctx.app);
    await other.signIn(email);
    ctx.clock.advance(11 * 60_000);
    expect((await other.profile()).statusCode).toBe(200);
    await other.stepUp();
    expect(stepUpAnswer(await confirmOnce(client, body)).code).toBe(STEP_UP_REQUIRED);

    // The first session's cookie, copied into another browser: it has no step-up and no password.
    const [thief] = copiesOf(ctx.app, client, 1);
    expect(stepUpAnswer(await confirmOnce(thief!, body)).code).toBe(STEP_UP_REQUIRED);
    expect(stepUpAnswer(await thief!.post(recipientsEndpoints.createRecipient.path, GERMAN_IBAN)).code).toBe(
      STEP_UP_REQUIRED,
    );
    expect((await thief!.post(stepUpEndpoints.stepUp.path, { password: 'a-guess' })).statusCode).toBe(422);
    expect(await ctx.db.selectFrom('transactions').select('id').execute()).toEqual([]);
  });
});

describe('purpose and reference', () => {
  it('needs a purpose for India and the Philippines, not for Germany', async () => {
    const client = await customer();
    const india = await quote(client, { ...IN_BANK, source_amount: '10000' });
    const priya = await recipient(client, INDIAN_BANK);
    expect(invalid(await confirm(client, { quote_id: india.id, recipient_id: priya.id }))).toEqual({
      purpose: ['Choose the purpose of this transfer: transfers to IN need one.'],
    });
    await created(await confirm(client, { quote_id: india.id, recipient_id: priya.id, purpose: 'education' }));

    const ph = await quote(client, { ...PH_WALLET, source_amount: '10000' });
    const maria = await recipient(client, GCASH);
    expect(invalid(await confirm(client, { quote_id: ph.id, recipient_id: maria.id, purpose: null }))).toHaveProperty(
      'purpose',
    );
    await created(await confirm(client, { quote_id: ph.id, recipient_id: maria.id, purpose: 'medical' }));

    const de = await quote(client, { ...DE_BANK, source_amount: '10000' });
    const jurgen = await recipient(client, GERMAN_IBAN);
    const t = await created(await confirm(client, { quote_id: de.id, recipient_id: jurgen.id }));
    expect(t).toMatchObject({ purpose: null, reference: '' });
  });

  it('refuses an unknown purpose', async () => {
    const client = await customer();
    const { body } = await kenyan(client);
    expect(invalid(await confirm(client, { ...body, purpose: 'bribes' }))).toHaveProperty('purpose');
  });

  it('keeps the reference within the destination’s length (trimmed) and characters', async () => {
    const client = await customer();
    const de = await quote(client, { ...DE_BANK, source_amount: '10000' });
    const jurgen = await recipient(client, GERMAN_IBAN);
    const body = { quote_id: de.id, recipient_id: jurgen.id };
    expect(invalid(await confirm(client, { ...body, reference: 'x'.repeat(36) }))).toEqual({
      reference: ['The reference can be at most 35 characters for transfers to DE.'],
    });
    for (const bad of ['Miete <Mai>', 'Loyer de décembre', 'a;b', 'tab\tinside']) {
      expect(invalid(await confirm(client, { ...body, reference: bad })), bad).toHaveProperty('reference');
    }
    const t = await created(await confirm(client, { ...body, reference: `  ${'R'.repeat(35)}  ` }));
    expect(t.reference).toBe('R'.repeat(35));

    const india = await quote(client, { ...IN_BANK, source_amount: '10000' });
    const priya = await recipient(client, INDIAN_BANK);
    const indian = { quote_id: india.id, recipient_id: priya.id, purpose: 'gift' };
    expect(invalid(await confirm(client, { ...indian, reference: 'y'.repeat(31) }))).toEqual({
      reference: ['The reference can be at most 30 characters for transfers to IN.'],
    });
    const allowed = await created(await confirm(client, { ...indian, reference: "Rent 03/30 (O'Neil)+?:.-," }));
    expect(allowed.reference).toBe("Rent 03/30 (O'Neil)+?:.-,");
  });
});

describe('GET /client/v1/transactions and /{id}', () => {
  it('reads only the owner’s transactions: another customer’s, an unknown and a malformed id are 404', async () => {
    const owner = await customer();
    const { body } = await kenyan(owner);
    const t = await created(await confirm(owner, body));
    const other = await customer();
    for (const id of [t.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await other.get(buildPath(e.getTransaction.path, { id }))).statusCode).toBe(404);
    }
    expect((await owner.get(buildPath(e.getTransaction.path, { id: 'not-a-uuid' }))).statusCode).toBe(404);
    const theirs = TransactionList.parse((await other.get(e.listTransactions.path)).json());
    expect(theirs).toEqual({ data: [], next_cursor: null });
  });

  it('lists newest first with cursor pages, search, status, recipient and date filters', async () => {
    const client = await customer();
    const wanjiru = await recipient(client, M_PESA);
    const jurgen = await recipient(client, GERMAN_IBAN);
    const made: Transaction[] = [];
    const plan = [
      { to: wanjiru, corridor: KE_WALLET, reference: 'School fees', purpose: 'education' },
      { to: jurgen, corridor: DE_BANK, reference: 'Miete Mai' },
      { to: wanjiru, corridor: KE_WALLET, reference: 'Birthday', purpose: 'gift' },
      { to: jurgen, corridor: DE_BANK, reference: '' },
    ];
    for (const p of plan) {
      const q = await quote(client, { ...p.corridor, source_amount: '10000' });
      made.push(
        await created(
          await confirm(client, {
            quote_id: q.id,
            recipient_id: p.to.id,
            reference: p.reference,
            ...(p.purpose ? { purpose: p.purpose } : {}),
          }),
        ),
      );
      ctx.clock.advance(60_000);
    }
    const list = async (query: string) => {
      const res = await client.get(`${e.listTransactions.path}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return TransactionList.parse(res.json());
    };
    const newestFirst = [...made].reverse().map((t) => t.id);
    const all = await list('');
    expect(all.data.map((t) => t.id)).toEqual(newestFirst);
    expect(all.next_cursor).toBeNull();
    // As made, but an unpaid transfer's arrival is the one if paid now (docs/product/expected-times.md#steps).
    expect({ ...all.data[0], expected_at: made[3]!.expected_at }).toEqual(made[3]);
    expect(Date.parse(all.data[0]!.expected_at)).toBeGreaterThanOrEqual(Date.parse(made[3]!.expected_at));

    const first = await list('?limit=3');
    expect(first.data.map((t) => t.id)).toEqual(newestFirst.slice(0, 3));
    const second = await list(`?limit=3&cursor=${first.next_cursor!}`);
    expect(second).toEqual({ data: [{ ...made[0], expected_at: second.data[0]!.expected_at }], next_cursor: null });

    // Search: the recipient's name ignoring case and accents, or the reference.
    expect((await list('?search=JURGEN')).data.map((t) => t.id)).toEqual([made[3]!.id, made[1]!.id]);
    expect((await list('?search=m%C3%BCll')).data).toHaveLength(2);
    expect((await list('?search=school')).data.map((t) => t.id)).toEqual([made[0]!.id]);
    // Only letters and digits count: no LIKE wildcard comes in.
    expect((await list('?search=%25school_')).data.map((t) => t.id)).toEqual([made[0]!.id]);
    expect((await list('?search=nobody')).data).toEqual([]);

    expect((await list(`?recipient_id=${wanjiru.id}`)).data.map((t) => t.id)).toEqual([made[2]!.id, made[0]!.id]);
    expect((await list('?status=awaiting_payment')).data).toHaveLength(4);
    expect((await list('?status=completed,cancelled')).data).toEqual([]);
    await ctx.db.updateTable('transactions').set({ status: 'cancelled' }).where('id', '=', made[1]!.id).execute();
    expect((await list('?status=completed, cancelled')).data.map((t) => t.id)).toEqual([made[1]!.id]);

    expect((await list('?from=2030-01-01&to=2030-01-01')).data).toHaveLength(4);
    expect((await list('?to=2029-12-31')).data).toEqual([]);
    expect((await list('?from=2030-01-02')).data).toEqual([]);

    const bad = async (query: string) => invalid(await client.get(`${e.listTransactions.path}${query}`));
    expect(await bad('?status=awaiting_payment,lost')).toEqual({ status: ['Unknown status: lost.'] });
    expect(await bad('?cursor=bm9wZQ')).toEqual({ cursor: ['The cursor is invalid.'] });
    expect(await bad('?recipient_id=x')).toHaveProperty('recipient_id');
    expect(await bad('?from=2030-01-02&to=2030-01-01')).toHaveProperty('to');
    expect(await bad('?limit=101')).toHaveProperty('limit');
    expect(await bad('?from=yesterday')).toHaveProperty('from');
  });

  it('keeps the recipient as confirmed after it is edited or deleted', async () => {
    const client = await customer();
    const { r, body } = await kenyan(client);
    const t = await created(await confirm(client, body));
    const del = await client.request('DELETE', buildPath(recipientsEndpoints.deleteRecipient.path, { id: r.id }));
    expect(del.statusCode).toBe(204);
    const read = Transaction.parse((await client.get(buildPath(e.getTransaction.path, { id: t.id }))).json());
    expect(read.recipient).toEqual(t.recipient);
  });
});
