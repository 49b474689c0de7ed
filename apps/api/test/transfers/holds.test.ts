// Holds solved in the app (docs/product/holds.md): a single transfer above 5,000 GBP is held for its
// source of funds once paid; its payout waits; the customer answers in the app (a question and a
// document through the documents pipeline) and the payout completes; unanswered at the deadline a
// durable job cancels and refunds it, once, through the cancel path's postings.
import {
  buildPath,
  holdsEndpoints,
  quotesEndpoints,
  Transaction,
  ValidationErrorBody,
  type TransactionHold,
} from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, mailbox, uniqueEmail } from '../helpers.ts';
import { jpegWithGps, page, postMultipart, uploadPath } from '../documents/helpers.ts';
import {
  CARDS,
  deliverAll,
  entryCodes,
  expectBalancedLedger,
  getTransaction,
  payOnHostedPage,
  startPayment,
  type PaymentsContext,
} from '../payments/helpers.ts';
import { GOOD_IBAN, settlePayouts, usePayoutsApp } from '../payouts/helpers.ts';
import { confirm, customer, DE_BANK, everyoneMaySend, KE_WALLET, M_PESA, newKey, recipient } from './helpers.ts';

const ctx: PaymentsContext = usePayoutsApp({ HOLD_ANSWER_HOURS: '48' });

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const holdPath = (id: string) => buildPath(holdsEndpoints.answerHold.path, { id });

/** A customer's transfer of `sourceAmount` (GBP minor units) to a German IBAN (or `to`), paid. */
async function paidTransfer(
  sourceAmount: string,
  client?: Client,
  to: object = GOOD_IBAN,
  corridor: object = DE_BANK,
  purpose: string | null = null,
) {
  const c = client ?? (await customer(ctx));
  const r = await recipient(c, to);
  const q = await c.post(quotesEndpoints.createQuote.path, { ...corridor, source_amount: sourceAmount });
  expect(q.statusCode, q.body).toBe(201);
  const res = await confirm(c, { quote_id: q.json().id, recipient_id: r.id, purpose, reference: 'Flat' }, newKey());
  expect(res.statusCode, res.body).toBe(201);
  const tx = Transaction.parse(res.json());
  if (BigInt(sourceAmount) > 200_000n) {
    // Cards pay up to 2,000 GBP: a large transfer is paid by bank transfer (the sandbox's delay).
    await startPayment(c, tx.id, 'bank_transfer');
    await deliverAll(ctx);
    ctx.clock.advance(ctx.config.payments.sandboxBankTransferDelayMs);
  } else {
    const started = await startPayment(c, tx.id, 'card');
    await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
  }
  await deliverAll(ctx);
  return { client: c, tx: await getTransaction(c, tx.id) };
}

/** A source-of-funds document uploaded through the documents pipeline (one JPEG page). */
async function uploadSourceOfFunds(c: Client): Promise<string> {
  const res = await postMultipart(c, uploadPath('source_of_funds', 'source_of_funds_evidence'), [
    page(await jpegWithGps(), 'payslip.jpg'),
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const fieldErrors = (body: string) => ValidationErrorBody.parse(JSON.parse(body)).errors;

describe('a transfer above 5,000 GBP', () => {
  it('is held for its source of funds once paid: the payout waits, a mail and a push tell the customer', async () => {
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    const { client, tx } = await paidTransfer('600000');
    expect(tx.status).toBe('paid');
    const hold = tx.hold as TransactionHold;
    expect(hold).toMatchObject({
      code: 'source_of_funds',
      text: expect.stringContaining('where the money comes from'),
    });
    expect(hold.needs).toEqual([
      { kind: 'answer', field: 'source_of_funds', options: expect.arrayContaining(['salary', 'savings']) },
      expect.objectContaining({ kind: 'document', document_type: 'source_of_funds' }),
    ]);
    expect(Date.parse(hold.deadline) - ctx.clock.now().getTime()).toBe(48 * 3_600_000);
    expect(tx.timeline.at(-1)).toMatchObject({ status: 'paid', code: 'hold_placed' });
    expect(notify).toHaveBeenCalledWith(
      expect.any(String),
      'TransactionStatusChanged',
      { transaction_id: tx.id, status: 'paid' },
      {},
    );
    const mails = (await mailbox(ctx.app)).messages.filter((m) => m.subject.startsWith('We need something from you'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/transaction/${tx.id}`);
    expect(mails[0]!.text).toContain('where the money comes from');

    // However long it waits, the payout does not start while the hold is open.
    await settlePayouts(ctx);
    const waiting = await getTransaction(client, tx.id);
    expect(waiting.status).toBe('paid');
    expect(waiting.hold?.code).toBe('source_of_funds');
    expect(await ctx.db.selectFrom('payouts').select('id').where('transaction_id', '=', tx.id).execute()).toEqual([]);
  });

  it('answered with a document: the hold is cleared and the payout completes', async () => {
    const { client, tx } = await paidTransfer('600000');
    const documentId = await uploadSourceOfFunds(client);
    const res = await client.post(holdPath(tx.id), {
      answers: { source_of_funds: 'sale_of_property' },
      document_ids: [documentId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answered = Transaction.parse(res.json());
    expect(answered.hold).toBeNull();
    expect(answered.timeline.at(-1)).toMatchObject({ status: 'paid', code: 'hold_cleared' });
    await deliverAll(ctx); // payout.start
    expect((await getTransaction(client, tx.id)).status).toBe('processing');
    await settlePayouts(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.hold).toBeNull();
    const stored = await ctx.db
      .selectFrom('transfer_holds')
      .select(['status', 'answers', 'document_ids'])
      .where('transaction_id', '=', tx.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      status: 'cleared',
      answers: { source_of_funds: 'sale_of_property' },
      document_ids: [documentId],
    });
    await expectBalancedLedger(ctx);
    // Answered once: again is a 409.
    const again = await client.post(holdPath(tx.id), {
      answers: { source_of_funds: 'salary' },
      document_ids: [documentId],
    });
    expect(again.statusCode).toBe(409);
  });

  it('an incomplete or wrong answer is a 422 per field and leaves the hold open', async () => {
    const { client, tx } = await paidTransfer('600000');
    const empty = await client.post(holdPath(tx.id), {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(empty.body)).sort()).toEqual(['answers.source_of_funds', 'document_ids']);

    const bad = await client.post(holdPath(tx.id), {
      answers: { source_of_funds: 'lottery', purpose_details: 'x' },
      document_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad.body)).toEqual({
      'answers.purpose_details': ['This transfer does not ask for this.'],
      'answers.source_of_funds': ['Choose one of the options.'],
      document_ids: ['Document not found.'],
    });

    // Another customer's document is not found either.
    const other = await customer(ctx);
    const theirs = await uploadSourceOfFunds(other);
    const foreignDoc = await client.post(holdPath(tx.id), {
      answers: { source_of_funds: 'salary' },
      document_ids: [theirs],
    });
    expect(fieldErrors(foreignDoc.body)).toEqual({ document_ids: ['Document not found.'] });

    expect((await getTransaction(client, tx.id)).hold?.code).toBe('source_of_funds');
  });

  it("another customer's transfer is a 404; a transfer not on hold a 409", async () => {
    const { tx } = await paidTransfer('600000');
    const stranger = await customer(ctx);
    const res = await stranger.post(holdPath(tx.id), { answers: { source_of_funds: 'salary' } });
    expect(res.statusCode).toBe(404);
    expect((await stranger.post(holdPath('not-a-uuid'), {})).statusCode).toBe(404);

    const small = await paidTransfer('10000');
    expect(small.tx.hold).toBeNull();
    const notHeld = await small.client.post(holdPath(small.tx.id), { answers: { source_of_funds: 'salary' } });
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().message).toBe('This transfer is not on hold: there is nothing to answer.');
  });

  it('unanswered at the deadline: cancelled and refunded once, with a mail and a push', async () => {
    const email = uniqueEmail();
    const signedUp = new Client(ctx.app);
    await signedUp.signUp(email);
    const { client, tx } = await paidTransfer('600000', signedUp);
    const deadline = Date.parse(tx.hold!.deadline);
    // Not before the deadline.
    ctx.clock.advance(deadline - ctx.clock.now().getTime() - 1000);
    await deliverAll(ctx);
    await client.signIn(email); // days later: a new session
    expect((await getTransaction(client, tx.id)).status).toBe('paid');

    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    ctx.clock.advance(2000);
    await deliverAll(ctx);
    const refunded = await getTransaction(client, tx.id);
    expect(refunded.status).toBe('refunded');
    expect(refunded.hold).toBeNull();
    expect(refunded.timeline.map((e) => e.code)).toEqual([
      'confirmed',
      'payment_received',
      'hold_placed',
      'hold_expired',
      'refund_sent',
    ]);
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received', 'refund_owed', 'refund_sent']);
    expect(notify).toHaveBeenCalledWith(
      expect.any(String),
      'TransactionStatusChanged',
      { transaction_id: tx.id, status: 'cancelled' },
      {},
    );
    const mails = (await mailbox(ctx.app)).messages.filter((m) => m.subject.includes('was cancelled'));
    expect(mails).toHaveLength(1);
    await expectBalancedLedger(ctx);

    // The job again (a retry, another instance): nothing more.
    await ctx.app.services.transferHolds.expire(tx.id);
    await deliverAll(ctx);
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received', 'refund_owed', 'refund_sent']);
    const answer = await client.post(holdPath(tx.id), { answers: { source_of_funds: 'salary' } });
    expect(answer.statusCode).toBe(409);
  });
});

describe('the sandbox name check', () => {
  it('an account ending in 555 asks for the account holder’s name, and a text answer clears it', async () => {
    const { client, tx } = await paidTransfer('10000', undefined, {
      ...GOOD_IBAN,
      details: { iban: 'DE71 1203 0000 0000 2025 55', bic: 'BYLADEM1001' },
    });
    expect(tx.hold).toMatchObject({ code: 'name_mismatch', needs: [{ kind: 'answer', field: 'account_holder_name' }] });
    const withDoc = await client.post(holdPath(tx.id), {
      answers: { account_holder_name: 'Greta Schmidt' },
      document_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(fieldErrors(withDoc.body)).toEqual({ document_ids: ['This transfer does not ask for a document.'] });
    const res = await client.post(holdPath(tx.id), { answers: { account_holder_name: 'Greta Schmidt' } });
    expect(res.statusCode, res.body).toBe(200);
    await deliverAll(ctx);
    await settlePayouts(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('completed');
  });
});

describe('a purpose the destination requires', () => {
  it('"other" to Kenya asks what the money is for; a few words clear it', async () => {
    const { client, tx } = await paidTransfer('10000', undefined, M_PESA, KE_WALLET, 'other');
    expect(tx.hold).toMatchObject({ code: 'purpose_unclear', needs: [{ kind: 'answer', field: 'purpose_details' }] });
    const short = await client.post(holdPath(tx.id), { answers: { purpose_details: 'fee' } });
    expect(fieldErrors(short.body)).toEqual({
      'answers.purpose_details': ['Tell us in a few words (at least 5 characters).'],
    });
    const res = await client.post(holdPath(tx.id), { answers: { purpose_details: 'School fees for my niece' } });
    expect(res.statusCode, res.body).toBe(200);
    await deliverAll(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('processing');
  });
});
