// Property (issue #20; docs/product/money-movement.md#limits): limits are a promise about money paid.
// Random interleavings of one customer's confirms, card payments approved or declined (and tried
// again), bank transfers, cancels, bounced payouts refunded and a moving clock, each batch sent in
// parallel, never let the money paid in and kept exceed the per-transfer or the rolling 30-day
// limit; `GET /client/v1/limits` never shows more used than the limit, and nothing answers 5xx.
// On PostgreSQL (TEST_DATABASE_URL) the parallel requests really run at once.
import { SEND_LIMITS } from '../../src/modules/quotes/limits.service.ts';
import { Limits, buildPath, paymentsEndpoints, type Transaction } from '@remit/contract';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, type Client } from '../helpers.ts';
import { CLOSED_IBAN, GOOD_IBAN, refundTransfer, usePayoutsApp } from '../payouts/helpers.ts';
import { DE_BANK, confirm, customer, everyoneMaySend, quote, recipient } from '../transfers/helpers.ts';
import { CARDS, cancelTransfer, expectNo5xx, payCardTolerant, settleNotices, type PaymentsContext } from './helpers.ts';

const ctx: PaymentsContext = usePayoutsApp({
  PAYOUT_START_DELAY_SECONDS: '60',
  SESSION_IDLE_MINUTES: String(60 * 24 * 30),
  SESSION_ABSOLUTE_HOURS: String(24 * 365),
  RATES_MAX_AGE_HOURS: String(24 * 365),
});

beforeEach(() => {
  everyoneMaySend(ctx);
});

const MINUTE = 60_000;
/** GBP minor units: card-sized (cards pay up to 2,000 GBP) and bank-transfer-sized amounts. */
const AMOUNTS = ['150000', '190000', '450000', '900000'] as const;
const CARD_MAX = 200_000n;

type Action =
  | { kind: 'confirm'; amount: (typeof AMOUNTS)[number]; bounce: boolean }
  | { kind: 'pay'; t: number; approve: boolean }
  | { kind: 'payAll' }
  | { kind: 'cancel'; t: number }
  | { kind: 'refund'; t: number }
  | { kind: 'advance'; ms: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('confirm' as const),
      amount: fc.constantFrom(...AMOUNTS, '150000', '190000'),
      bounce: fc.boolean(),
    }),
  },
  {
    weight: 5,
    // Declines more often than approvals: a declined transfer that can still be paid is the trap.
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      t: fc.nat(),
      approve: fc.constantFrom(false, false, true),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payAll' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), t: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), t: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.constantFrom(3 * MINUTE, 11 * MINUTE, 25 * 60 * MINUTE),
    }),
  },
);

/** Batches of actions; the actions of one batch are sent at once. */
const scenario = fc.array(fc.array(action, { minLength: 1, maxLength: 5 }), { minLength: 2, maxLength: 4 });

interface World {
  client: Client;
  customerId: string;
  good: string;
  closed: string;
  transfers: Transaction[];
}

/** Runs the due jobs and delivers the notices they sent: none may answer a 5xx. */
const settle = () => settleNotices(ctx, (res) => expectNo5xx(res, 'notice'));

async function apply(a: Action, w: World): Promise<void> {
  const { client } = w;
  const pick = (t: number) => w.transfers[t % Math.max(w.transfers.length, 1)];
  switch (a.kind) {
    case 'confirm': {
      const q = await quote(client, { ...DE_BANK, source_amount: a.amount });
      const res = await confirm(client, {
        quote_id: q.id,
        recipient_id: a.bounce ? w.closed : w.good,
        purpose: null,
        reference: 'Rent',
        // Transfers from 1,000 GBP ask for the password again once the sign-in is 10 minutes old.
        password: STRONG_PASSWORD,
      });
      expectNo5xx(res, 'confirm');
      expect([201, 422], res.body).toContain(res.statusCode);
      if (res.statusCode === 201) w.transfers.push(res.json() as Transaction);
      return;
    }
    case 'payAll':
      // Everything still payable, approved, at once.
      await Promise.all(w.transfers.map((_, t) => apply({ kind: 'pay', t, approve: true }, w)));
      return;
    case 'pay': {
      const tx = pick(a.t);
      if (!tx) return;
      const byCard = BigInt(tx.source_amount) <= CARD_MAX;
      const res = await client.post(buildPath(paymentsEndpoints.startPayment.path, { id: tx.id }), {
        method: byCard ? 'card' : 'bank_transfer',
      });
      expectNo5xx(res, 'start payment');
      if (res.statusCode === 201 && byCard) {
        const redirectUrl = (res.json() as { redirect_url: string }).redirect_url;
        await payCardTolerant(ctx, redirectUrl, a.approve ? CARDS.approve : CARDS.decline);
      }
      return;
    }
    case 'cancel': {
      const tx = pick(a.t);
      if (tx) expectNo5xx(await cancelTransfer(client, tx.id), 'cancel');
      return;
    }
    case 'refund': {
      const tx = pick(a.t);
      if (tx) expectNo5xx(await refundTransfer(client, tx.id), 'refund');
      return;
    }
    case 'advance':
      ctx.clock.advance(a.ms);
      return;
  }
}

/**
 * Money paid in and kept, by transfer, GBP minor units: a succeeded payment of a transfer that is not
 * cancelled, expired or refunded (the money of those is owed back and refunded).
 */
async function kept(customerId: string): Promise<bigint[]> {
  const rows = await ctx.db
    .selectFrom('transactions')
    .select(['id', 'limits_amount', 'status'])
    .where('customer_id', '=', customerId)
    .where('status', 'not in', ['cancelled', 'expired', 'refunded'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payments')
          .select('payments.id')
          .whereRef('payments.transaction_id', '=', 'transactions.id')
          .where('payments.status', '=', 'succeeded'),
      ),
    )
    .execute();
  return rows.map((r) => BigInt(r.limits_amount));
}

async function expectWithinLimits(w: World, why: string): Promise<void> {
  const amounts = await kept(w.customerId);
  for (const a of amounts) expect(a, why).toBeLessThanOrEqual(SEND_LIMITS.perTransfer);
  const total = amounts.reduce((s, a) => s + a, 0n);
  expect(total, why).toBeLessThanOrEqual(SEND_LIMITS.rolling30Days);
  const res = await w.client.get('/client/v1/limits');
  expect(res.statusCode).toBe(200);
  const limits = Limits.parse(res.json());
  expect(BigInt(limits.rolling_30_days.used), why).toBeLessThanOrEqual(SEND_LIMITS.rolling30Days);
  expect(BigInt(limits.rolling_30_days.used), why).toBeGreaterThanOrEqual(total);
}

describe('limits hold through any interleaving of confirms, declines, retries, cancels and refunds', () => {
  it('never lets the money paid in exceed the per-transfer or the 30-day limit', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (batches) => {
        ctx.webhooks.length = 0;
        const client = await customer(ctx);
        const profile = await client.get('/client/v1/profile');
        const w: World = {
          client,
          customerId: (profile.json() as { id: string }).id,
          good: (await recipient(client, GOOD_IBAN)).id,
          closed: (await recipient(client, CLOSED_IBAN)).id,
          transfers: [],
        };
        // Close to the limit before the random part starts: 23,700 of 25,000 GBP, three card-sized.
        for (const amount of ['900000', '900000', '190000', '190000', '190000'] as const) {
          await apply({ kind: 'confirm', amount, bounce: false }, w);
        }
        for (const [i, batch] of batches.entries()) {
          await Promise.all(batch.map((a) => apply(a, w)));
          await settle();
          await expectWithinLimits(w, `batch ${i}: ${JSON.stringify(batch)}`);
        }
        ctx.clock.advance(30 * MINUTE);
        await settle();
        await expectWithinLimits(w, 'settled');
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 8),
        // The interleaving found from outside (issue #20), always tried first: a card transfer
        // declined, another confirmed in the room the decline seemed to free, then everything paid.
        examples: [
          [
            [
              [{ kind: 'pay', t: 2, approve: false }],
              [{ kind: 'confirm', amount: '190000', bounce: false }],
              [{ kind: 'payAll' }, { kind: 'advance', ms: 3 * MINUTE }],
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
