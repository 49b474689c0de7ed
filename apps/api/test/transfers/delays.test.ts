// Expected times and delays (docs/product/expected-times.md): every transaction answer carries
// `expected_at`; a step that overran is marked delayed by the job once (one mail, one push); the
// sandbox partner holds a payout to an account ending in 777 for a bank holiday with a new date;
// the tracking page shows the expected arrival and the delay.
import {
  buildPath,
  Tracking,
  TrackingLink,
  Transaction,
  TransactionList,
  trackingEndpoints,
  transactionsEndpoints as e,
} from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldUntil } from '../../src/adapters/payout-partner/index.ts';
import { OVERRUN_GRACE_MS } from '../../src/modules/transfers/transfer-delays.ts';
import { addWorkingHours, isWorkingDay } from '../../src/modules/transfers/expected-times.ts';
import { mailbox, type Client } from '../helpers.ts';
import {
  deliverAll,
  drainJobs,
  expectBalancedLedger,
  getTransaction,
  payableTransfer,
  startPayment,
} from '../payments/helpers.ts';
import { GOOD_IBAN, paidTransfer, settlePayouts, usePayoutsApp } from '../payouts/helpers.ts';
import { customer, everyoneMaySend, recipient } from './helpers.ts';

const ctx = usePayoutsApp();

/** A German IBAN ending in 777: the sandbox partner holds its payouts for a bank holiday. */
const HOLIDAY_IBAN = {
  name: 'Hanna Feiertag',
  country: 'DE',
  currency: 'EUR',
  payout_method: 'bank_account',
  details: { iban: 'DE91 1203 0000 0000 2027 77', bic: 'BYLADEM1001' },
};

const MINUTE_MS = 60_000;

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(async () => {
  await expectBalancedLedger(ctx);
});

const lateMails = async (recipientName: string) =>
  (await mailbox(ctx.app)).messages.filter((m) => m.subject === `Your transfer to ${recipientName} is late`);

async function track(client: Client, id: string): Promise<Tracking> {
  const made = await client.post(buildPath(trackingEndpoints.createTrackingLink.path, { id }), {});
  expect(made.statusCode, made.body).toBe(201);
  const { token } = TrackingLink.parse(made.json());
  const res = await ctx.app.inject({ method: 'GET', url: buildPath(trackingEndpoints.getTracking.path, { token }) });
  expect(res.statusCode, res.body).toBe(200);
  return Tracking.parse(res.json());
}

describe('expected times on every answer', () => {
  it('create, get and list carry expected_at (on a working day), step_expected_at and delay', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const created = Transaction.parse(tx);
    expect(created.delay).toBeNull();
    expect(created.step_expected_at).toBeNull(); // unpaid: the step is the customer's
    // Unpaid, the arrival if paid now: a card-free bank transfer (2 h), the payout start, a working day in Germany.
    const arrival = new Date(created.expected_at);
    expect(arrival.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    expect(isWorkingDay(arrival, 'DE')).toBe(true);
    // The test clock starts on 1 January 2030, a holiday in Germany: nothing arrives that day.
    expect(created.expected_at.slice(0, 10)).not.toBe('2030-01-01');

    const read = Transaction.parse((await client.get(buildPath(e.getTransaction.path, { id: tx.id }))).json());
    expect(read.expected_at).toBe(created.expected_at);
    const list = TransactionList.parse((await client.get(e.listTransactions.path)).json());
    expect(list.data.map((t) => [t.id, t.expected_at, t.delay])).toEqual([[tx.id, created.expected_at, null]]);

    // Still unpaid a day later: the arrival is the one if paid now, not a date already past.
    ctx.clock.advance(25 * 3_600_000);
    const later = await ctx.app.services.transfers.get(
      {
        customerId: (await ctx.db.selectFrom('transactions').select('customer_id').executeTakeFirstOrThrow())
          .customer_id,
      } as never,
      tx.id,
    );
    expect(new Date(later.expected_at).getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    expect(isWorkingDay(new Date(later.expected_at), 'DE')).toBe(true);
  });

  it('a payment and the payout start move the step’s expected time; delivered, expected_at is when it arrived', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    expect(tx.status).toBe('processing');
    // The payout: "Within 1 business day" (24 h) counted on German working days from its start.
    const started = new Date(tx.timeline.at(-1)!.at);
    expect(tx.step_expected_at).toBe(addWorkingHours(started, 24, 'DE').toISOString());
    expect(tx.expected_at).toBe(tx.step_expected_at);
    await settlePayouts(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.step_expected_at).toBeNull();
    expect(done.expected_at).toBe(done.timeline.at(-1)!.at);
  });
});

describe('the overrun job', () => {
  it('marks a late payment delayed once: one mail, one push, a revised arrival', async () => {
    const { client, tx } = await payableTransfer(ctx);
    await startPayment(client, tx.id, 'card');
    const paying = await getTransaction(client, tx.id);
    expect(paying.status).toBe('payment_processing');
    const stepEnd = new Date(paying.step_expected_at!);
    expect(stepEnd.getTime()).toBe(ctx.clock.now().getTime() + 15 * MINUTE_MS);

    // Not late yet: at the expected time, and within the grace after it.
    ctx.clock.set(new Date(stepEnd.getTime() + OVERRUN_GRACE_MS - 1));
    expect(await ctx.app.services.delays.markOverdue()).toBe(0);

    ctx.clock.set(new Date(stepEnd.getTime() + OVERRUN_GRACE_MS));
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    expect(await ctx.app.services.delays.markOverdue()).toBe(1);
    expect(await ctx.app.services.delays.markOverdue()).toBe(0);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(
      expect.any(String),
      'TransactionStatusChanged',
      { transaction_id: tx.id, status: 'payment_processing' },
      {},
    );

    const late = await getTransaction(client, tx.id);
    expect(late.status).toBe('payment_processing');
    expect(late.delay).toMatchObject({ code: 'payment_not_received' });
    expect(late.delay!.text).toMatch(/^Your payment has not reached us yet\. It should now arrive by /);
    expect(late.expected_at).toBe(late.delay!.revised_expected_at);
    expect(new Date(late.expected_at).getTime()).toBeGreaterThanOrEqual(new Date(paying.expected_at).getTime());

    await drainJobs(ctx);
    expect(await ctx.app.services.delays.markOverdue()).toBe(0);
    await drainJobs(ctx);
    const mails = await lateMails('Jürgen Müller');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('your payment has not reached us yet');
    expect(mails[0]!.text).toContain('It should now arrive by');
  });

  it('never marks an unpaid transfer with no payment started; a bank transfer started is expected within 2 hours', async () => {
    const delayOf = async (id: string) =>
      await ctx.db
        .selectFrom('transactions')
        .select(['delay_code', 'step_expected_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const { tx } = await payableTransfer(ctx);
    const other = await payableTransfer(ctx);
    await startPayment(other.client, other.tx.id, 'bank_transfer');
    const started = ctx.clock.now().getTime();
    expect((await delayOf(other.tx.id)).step_expected_at?.getTime()).toBe(started + 120 * MINUTE_MS);
    ctx.clock.advance(120 * MINUTE_MS + OVERRUN_GRACE_MS);
    expect(await ctx.app.services.delays.markOverdue()).toBe(1);
    expect(await delayOf(tx.id)).toEqual({ delay_code: null, step_expected_at: null });
    expect((await delayOf(other.tx.id)).delay_code).toBe('payment_not_received');
  });
});

describe('the sandbox partner’s bank holiday (an account ending in 777)', () => {
  it('holds the payout with a new date: delayed with that arrival, one mail, on the tracking page; then it completes', async () => {
    const client = await customer(ctx);
    await recipient(client, HOLIDAY_IBAN);
    const heldAt = ctx.clock.now();
    const paid = await paidTransfer(ctx, HOLIDAY_IBAN, client);
    // The partner's notices: processing, and held with its new date.
    await deliverAll(ctx);
    const tx = await getTransaction(client, paid.tx.id);
    expect(tx.status).toBe('processing');
    const revised = heldUntil(heldAt).toISOString();
    expect(tx.delay).toEqual({
      code: 'payout_partner_holiday',
      text: `The recipient’s bank is closed for a public holiday. It should now arrive by ${revised.slice(0, 16).replace('T', ' ')} UTC.`,
      revised_expected_at: revised,
    });
    expect(tx.expected_at).toBe(revised);
    await drainJobs(ctx);
    const mails = await lateMails('Hanna Feiertag');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('the recipient’s bank is closed for a public holiday');

    // The tracking page shows the arrival and the delay, still nothing about the sender.
    const tracked = await track(client, tx.id);
    expect(tracked.expected_at).toBe(revised);
    expect(tracked.delay).toEqual(tx.delay);

    // The partner pays it out later (four times its usual delay): delivered, the delay gone.
    await settlePayouts(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('processing');
    for (let i = 0; i < 3; i++) await settlePayouts(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.delay).toBeNull();
    expect((await track(client, tx.id)).delay).toBeNull();
    await deliverAll(ctx);
    expect(await lateMails('Hanna Feiertag')).toHaveLength(1);
  });
});
