// Property (issue #14): random interleavings of pay (card approved or declined, bank transfer and its
// arrival), cancel, replayed notices, the durable jobs on a moving clock (payout start, sandbox
// settle or return, refunds, expiry after 24 h), refund and resend of a returned transfer keep every
// ledger invariant (docs/product/ledger.md#invariants) and end each transfer in a legal status whose
// timeline is a path of TRANSITIONS. An action the state does not allow is refused cleanly (a 4xx
// or nothing at all, never a 5xx). fast-check prints the seed and the shrunk sequence on failure.
import { buildPath, canTransition, paymentsEndpoints, TransactionStatus, type Transaction } from '@remit/contract';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import type { Client } from '../helpers.ts';
import {
  CARDS,
  cancelTransfer,
  deliver,
  drainJobs,
  expectNo5xx,
  getTransaction,
  payableTransfer,
  payCardTolerant,
  paymentReturn,
  returnQuery,
  settleNotices,
  type CapturedWebhook,
  type PaymentsContext,
} from '../payments/helpers.ts';
import { customer, everyoneMaySend, recipient } from '../transfers/helpers.ts';
import { CLOSED_IBAN, GOOD_IBAN, refundTransfer, resendTransfer, usePayoutsApp } from './helpers.ts';

// A paid transfer waits a minute before its payout starts (so a cancel can still catch it); sessions
// and rates outlive the days the clock moves on.
const ctx = usePayoutsApp({
  PAYOUT_START_DELAY_SECONDS: '60',
  SESSION_IDLE_MINUTES: String(60 * 24 * 30),
  SESSION_ABSOLUTE_HOURS: String(24 * 365),
  RATES_MAX_AGE_HOURS: String(24 * 365),
});

beforeEach(() => {
  everyoneMaySend(ctx);
});

type Single = 'cancel' | 'refund' | 'resend';

type Action =
  | { kind: 'card'; t: number; card: 'approve' | 'decline'; viaReturn: boolean }
  | { kind: 'bank'; t: number }
  | { kind: 'cancel'; t: number }
  | { kind: 'cancelRacingNotices'; t: number }
  | { kind: 'race'; t: number; pair: [Single, Single] }
  | { kind: 'noticeTwiceAtOnce'; pick: number }
  | { kind: 'refund'; t: number }
  | { kind: 'resend'; t: number; corrected: boolean }
  | { kind: 'deliver' }
  | { kind: 'replay'; pick: number }
  | { kind: 'advance'; ms: number; deliver: boolean };

const MINUTE = 60_000;
// 23 h 59 min: a bank transfer started then arrives after pay_by, once the transfer has expired.
const ADVANCES = [1_000, 20_000, 61_000, 2 * MINUTE, 6 * MINUTE, 11 * MINUTE, (24 * 60 - 1) * MINUTE, 25 * 60 * MINUTE];

const action = (transfers: number): fc.Arbitrary<Action> => {
  const t = fc.nat({ max: transfers - 1 });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('card' as const),
        t,
        card: fc.constantFrom('approve' as const, 'decline' as const),
        viaReturn: fc.boolean(),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('bank' as const), t }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), t }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelRacingNotices' as const), t }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), t }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('race' as const),
        t,
        pair: fc.tuple(
          fc.constantFrom<Single>('cancel', 'refund', 'resend'),
          fc.constantFrom<Single>('cancel', 'refund', 'resend'),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('noticeTwiceAtOnce' as const), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('resend' as const), t, corrected: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('deliver' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('advance' as const),
        ms: fc.constantFrom(...ADVANCES),
        deliver: fc.boolean(),
      }),
    },
  );
};

const scenario = fc
  .array(fc.boolean(), { minLength: 1, maxLength: 3 }) // per transfer: does its recipient bounce?
  .chain((bounces) =>
    fc.record({
      bounces: fc.constant(bounces),
      // Phases, each followed by everything under way settling: a bounced payout is then refunded or
      // sent again (and bounces again, or races a cancel) in the next one.
      phases: fc.array(fc.array(action(bounces.length), { minLength: 3, maxLength: 12 }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  );

interface Live {
  client: Client;
  tx: Transaction;
  /** The recipient confirmed (bounces when its account ends in 000) and a corrected one. */
  original: string;
  corrected: string;
}

const startPath = (id: string) => buildPath(paymentsEndpoints.startPayment.path, { id });

/** Signed more than 5 minutes ago (the signature's `t=`, in seconds). */
function stale(c: PaymentsContext, w: CapturedWebhook): boolean {
  const signature = Object.values(w.headers).find((v) => /(^|,)t=\d+/.test(v)) ?? '';
  const t = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1] ?? '0');
  return c.clock.now().getTime() - t * 1000 > 5 * MINUTE;
}

/** Runs the due jobs, then delivers the notices they sent (fresh, so within the 5-minute tolerance). */
const deliverPending = (c: PaymentsContext): Promise<void> =>
  // A notice held back past the 5-minute tolerance is refused (lost, as if never sent).
  settleNotices(c, (res, w) => expect(res.statusCode, res.body).toBe(stale(c, w) ? 400 : 200));

async function apply(a: Action, live: Live[]): Promise<void> {
  switch (a.kind) {
    case 'card': {
      const { client, tx } = live[a.t]!;
      const res = await client.post(startPath(tx.id), { method: 'card' });
      expectNo5xx(res, 'start card');
      if (res.statusCode !== 201) return;
      const location = await payCardTolerant(ctx, (res.json() as { redirect_url: string }).redirect_url, CARDS[a.card]);
      if (location && a.viaReturn && location.includes('sig=')) {
        expectNo5xx(await paymentReturn(client, tx.id, returnQuery(location)), 'payment return');
      }
      return;
    }
    case 'bank': {
      const { client, tx } = live[a.t]!;
      const res = await client.post(startPath(tx.id), { method: 'bank_transfer' });
      expectNo5xx(res, 'start bank transfer');
      return;
    }
    case 'cancel': {
      const { client, tx } = live[a.t]!;
      const res = await cancelTransfer(client, tx.id);
      expectNo5xx(res, 'cancel');
      expect([200, 409], res.body).toContain(res.statusCode);
      return;
    }
    case 'cancelRacingNotices': {
      // The cancel and the due jobs with their notices at once: the row lock decides.
      const { client, tx } = live[a.t]!;
      const [res] = await Promise.all([cancelTransfer(client, tx.id), deliverPending(ctx)]);
      expect([200, 409], res.body).toContain(res.statusCode);
      return;
    }
    case 'race': {
      // Two of the customer's calls at once on one transfer: the row lock lets one through.
      const { client, tx, corrected } = live[a.t]!;
      const call = (what: Single) =>
        what === 'cancel'
          ? cancelTransfer(client, tx.id)
          : what === 'refund'
            ? refundTransfer(client, tx.id)
            : resendTransfer(client, tx.id, corrected);
      for (const res of await Promise.all(a.pair.map(call))) {
        expect([200, 409], res.body).toContain(res.statusCode);
      }
      return;
    }
    case 'noticeTwiceAtOnce': {
      // The same notice delivered twice at once (a partner retrying while the first is in flight).
      await drainJobs(ctx);
      const pending = ctx.webhooks.filter((w) => !w.delivered);
      const w = pending[a.pick % Math.max(pending.length, 1)];
      if (!w) return;
      const expected = stale(ctx, w) ? 400 : 200;
      for (const res of await Promise.all([deliver(ctx, w), deliver(ctx, w)])) {
        expect(res.statusCode, res.body).toBe(expected);
      }
      return;
    }
    case 'refund': {
      const { client, tx } = live[a.t]!;
      const res = await refundTransfer(client, tx.id);
      expectNo5xx(res, 'refund');
      expect([200, 409], res.body).toContain(res.statusCode);
      return;
    }
    case 'resend': {
      const { client, tx, original, corrected } = live[a.t]!;
      const res = await resendTransfer(client, tx.id, a.corrected ? corrected : original);
      expectNo5xx(res, 'resend');
      expect([200, 409], res.body).toContain(res.statusCode);
      return;
    }
    case 'deliver':
      await deliverPending(ctx);
      return;
    case 'replay': {
      const delivered = ctx.webhooks.filter((w) => w.delivered);
      if (delivered.length === 0) return;
      // A replay answers 200 and changes nothing; one older than 5 minutes is refused (400).
      expectNo5xx(await deliver(ctx, delivered[a.pick % delivered.length]!), 'replayed notice');
      return;
    }
    case 'advance':
      ctx.clock.advance(a.ms);
      if (a.deliver) await deliverPending(ctx);
      else await drainJobs(ctx);
      return;
  }
}

/** Posted net (credits − debits) of one ledger account for one transfer's entries. */
async function netFor(transactionId: string, account: string): Promise<bigint> {
  const rows = await ctx.db
    .selectFrom('ledger_entries')
    .select(['debit_account_id', 'credit_account_id', 'amount', 'kind'])
    .where('transaction_id', '=', transactionId)
    .execute();
  let net = 0n;
  for (const r of rows) {
    if (r.kind === 'pending' || r.kind === 'void_pending') continue;
    if (r.credit_account_id === account) net += BigInt(r.amount);
    if (r.debit_account_id === account) net -= BigInt(r.amount);
  }
  return net;
}

/** With `quiet`, nothing is under way any more: a refund owed has been sent back. */
async function expectInvariants(live: Live[], quiet: boolean): Promise<void> {
  const report = await verifyLedger(ctx.db);
  expect(report.violations).toEqual([]);
  for (const { client, tx } of live) {
    const now = await getTransaction(client, tx.id);
    expect(TransactionStatus.options).toContain(now.status);
    const steps = now.timeline.map((e) => e.status);
    expect(steps[0]).toBe('awaiting_payment');
    for (let i = 1; i < steps.length; i++) {
      expect(canTransition(steps[i - 1]!, steps[i]!), `${tx.id}: ${steps.join(' → ')}`).toBe(true);
    }
    expect(steps.at(-1), steps.join(' → ')).toBe(now.status);
    const payments = await ctx.db
      .selectFrom('payments')
      .select(['status', 'refunded_at'])
      .where('transaction_id', '=', tx.id)
      .execute();
    expect(payments.filter((p) => p.status === 'succeeded').length, steps.join(' → ')).toBeLessThanOrEqual(1);
    const payouts = await ctx.db.selectFrom('payouts').select('status').where('transaction_id', '=', tx.id).execute();
    expect(payouts.filter((p) => p.status === 'completed').length).toBeLessThanOrEqual(1);
    expect(payouts.filter((p) => p.status === 'processing').length).toBeLessThanOrEqual(1);
    const settled = await netFor(tx.id, `payout_settlement:${tx.target_currency}`);
    if (now.status === 'completed') {
      expect(settled, steps.join(' → ')).toBe(BigInt(now.target_amount));
      expect(await netFor(tx.id, `customer_funds:${tx.source_currency}`)).toBe(0n);
    } else {
      expect(settled, steps.join(' → ')).toBe(0n);
    }
    const paidIn = payments.some((p) => p.status === 'succeeded');
    if (!paidIn) {
      // No money in, none moved.
      const entries = await ctx.db
        .selectFrom('ledger_entries')
        .select('code')
        .where('transaction_id', '=', tx.id)
        .execute();
      expect(entries, steps.join(' → ')).toEqual([]);
    }
    if (quiet && paidIn) {
      // Money in for a transfer cancelled (or expired) is sent back: cancelled becomes refunded.
      expect(now.status, steps.join(' → ')).not.toBe('cancelled');
      expect(['awaiting_payment', 'payment_processing', 'payment_failed'], steps.join(' → ')).not.toContain(now.status);
    }
    if (quiet && (now.status === 'refunded' || (now.status === 'expired' && paidIn))) {
      const why = `${now.status}: ${steps.join(' → ')}`;
      expect(await netFor(tx.id, `refunds_payable:${tx.source_currency}`), why).toBe(0n);
      expect(await netFor(tx.id, `customer_funds:${tx.source_currency}`), why).toBe(0n);
      expect(await netFor(tx.id, `payin_clearing:${tx.source_currency}`), why).toBe(0n);
      expect(await netFor(tx.id, `fee_revenue:${tx.source_currency}`), why).toBe(0n);
      expect(
        payments.filter((p) => p.status === 'succeeded' && p.refunded_at !== null),
        why,
      ).toHaveLength(1);
    }
  }
  const broken = await ctx.db
    .selectFrom('jobs')
    .select(['name', 'status', 'last_error'])
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb('last_error', 'is not', null)]))
    .execute();
  expect(broken).toEqual([]);
}

describe('interleavings of pay, cancel, payout, bounce, refund and resend', () => {
  it('keep every ledger invariant and end in a legal status by a legal path', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ bounces, phases }) => {
        ctx.webhooks.length = 0;
        const live: Live[] = [];
        for (const bounce of bounces) {
          const client = await customer(ctx);
          const original = await recipient(client, bounce ? CLOSED_IBAN : GOOD_IBAN);
          const { tx } = await payableTransfer(ctx, client);
          expect(tx.recipient_id).toBe(original.id);
          const corrected = bounce ? (await recipient(client, GOOD_IBAN)).id : original.id;
          live.push({ client, tx, original: original.id, corrected });
        }
        for (const actions of phases) {
          for (const a of actions) await apply(a, live);
          await expectInvariants(live, false);
          // Let everything under way finish (payouts settle, refunds are sent), then look again.
          for (let i = 0; i < 3; i++) {
            ctx.clock.advance(11 * MINUTE);
            await deliverPending(ctx);
          }
          await expectInvariants(live, true);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 20) },
    );
  }, 120_000);
});
