// A returned transfer (docs/product/money-movement.md#returned): refund in full (fees included) or
// send again to corrected details with a new payout and no new payment; owner only, 409 otherwise.
import { Transaction } from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { M_PESA, customer, everyoneMaySend, recipient } from '../transfers/helpers.ts';
import { drainJobs, entryCodes, expectBalancedLedger, getTransaction } from '../payments/helpers.ts';
import {
  CLOSED_IBAN,
  GOOD_IBAN,
  ledgerSnapshot,
  paidTransfer,
  payoutsOf,
  settlePayouts,
  usePayoutsApp,
  refundTransfer,
  resendTransfer,
} from './helpers.ts';

const ctx = usePayoutsApp();
let delta: (account: string) => Promise<bigint>;

beforeEach(async () => {
  everyoneMaySend(ctx);
  delta = await ledgerSnapshot(ctx);
});
afterEach(async () => {
  await expectBalancedLedger(ctx);
});

async function returnedTransfer() {
  const paid = await paidTransfer(ctx, CLOSED_IBAN);
  await settlePayouts(ctx);
  expect((await getTransaction(paid.client, paid.tx.id)).status).toBe('returned');
  return paid;
}

describe('refund a returned transfer', () => {
  it('refunds in full, fees included: fee reversed, money owed back then sent back', async () => {
    const { client, tx } = await returnedTransfer();
    const res = await refundTransfer(client, tx.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = Transaction.parse(res.json());
    expect(body.status).toBe('refunded');
    expect(body.timeline.at(-1)!.note).toContain('in full');
    await drainJobs(ctx);
    expect(await delta('fee_revenue:GBP')).toBe(0n);
    expect(await delta('customer_funds:GBP')).toBe(0n);
    expect(await delta('refunds_payable:GBP')).toBe(0n);
    expect(await delta('payin_clearing:GBP')).toBe(0n);
    const payment = await ctx.db
      .selectFrom('payments')
      .select('refunded_at')
      .where('transaction_id', '=', tx.id)
      .executeTakeFirstOrThrow();
    expect(payment.refunded_at).not.toBeNull();
    expect(await entryCodes(ctx, tx.id)).toEqual([
      'payment_received',
      'fee',
      'fx_in',
      'payout',
      'void',
      'fx_reversed',
      'fee_reversed',
      'refund_owed',
      'refund_sent',
    ]);
    // A repeat answers the transfer again and moves nothing.
    const again = await refundTransfer(client, tx.id);
    expect(again.statusCode).toBe(200);
    await drainJobs(ctx);
    expect((await entryCodes(ctx, tx.id)).filter((c) => c === 'refund_owed')).toHaveLength(1);
  });

  it('409 unless returned; 404 for another customer, an unknown or a malformed id', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    const early = await refundTransfer(client, tx.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      "This transfer can't be refunded: its payout has started. Only a returned transfer can be refunded; cancel a paid one instead.",
    );
    const other = await customer(ctx);
    expect((await refundTransfer(other, tx.id)).statusCode).toBe(404);
    expect((await refundTransfer(client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await refundTransfer(client, 'nope')).statusCode).toBe(404);
    expect((await resendTransfer(other, tx.id, tx.recipient_id)).statusCode).toBe(404);
    const wrong = await resendTransfer(client, tx.id, tx.recipient_id);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/^This transfer can't be sent again: its payout is under way\./);
    await settlePayouts(ctx);
  });
});

describe('send a returned transfer again', () => {
  it('a new payout to the corrected recipient, no new payment, the money converted again', async () => {
    const { client, tx } = await returnedTransfer();
    const corrected = await recipient(client, GOOD_IBAN);
    const res = await resendTransfer(client, tx.id, corrected.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = Transaction.parse(res.json());
    expect(body.status).toBe('processing');
    expect(body.recipient_id).toBe(corrected.id);
    expect(body.recipient.name).toBe('Greta Schmidt');
    await drainJobs(ctx);
    const payouts = await payoutsOf(ctx, tx.id);
    expect(payouts.map((p) => p.status)).toEqual(['returned', 'processing']);
    expect(payouts[1]!.partner_reference).toMatch(/^po_/);
    expect(await ctx.db.selectFrom('payments').select('id').where('transaction_id', '=', tx.id).execute()).toHaveLength(
      1,
    );
    await settlePayouts(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.timeline.map((e) => e.status)).toEqual([
      'awaiting_payment',
      'payment_processing',
      'paid',
      'processing',
      'returned',
      'processing',
      'completed',
    ]);
    const fee = BigInt(tx.total_to_pay) - BigInt(tx.source_amount);
    expect(await delta('fee_revenue:GBP')).toBe(fee);
    expect(await delta('customer_funds:GBP')).toBe(0n);
    expect(await delta('payout_settlement:EUR')).toBe(BigInt(tx.target_amount));
    expect(await delta('payouts_in_flight:EUR')).toBe(0n);
  });

  it('422 for a recipient not found or not matching the destination', async () => {
    const { client, tx } = await returnedTransfer();
    const other = await customer(ctx);
    const theirs = await recipient(other, GOOD_IBAN);
    const notFound = await resendTransfer(client, tx.id, theirs.id);
    expect(notFound.statusCode).toBe(422);
    expect(notFound.json().errors.recipient_id).toEqual(['Recipient not found.']);
    const kenyan = await recipient(client, M_PESA);
    const mismatch = await resendTransfer(client, tx.id, kenyan.id);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.recipient_id[0]).toMatch(/doesn't match the transfer/);
    expect((await getTransaction(client, tx.id)).status).toBe('returned');
  });
});
