// Crashes between payment and payout and in the middle of payouts (docs/decisions/0008-durable-jobs.md,
// docs/product/money-movement.md#payout), on PostgreSQL only: the api runs as a child process against
// the test database; transfers are paid, the process is SIGKILLed while their payout.start jobs are
// queued or running, and again mid-payout; after restarts every transfer ends completed (or returned)
// exactly once, with one payout and one partner record each, and the ledger verifies.
import { type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { useTestApp } from '../helpers.ts';
import {
  CARDS,
  payOnHostedPage,
  payableTransfer,
  paymentReturn,
  returnQuery,
  startPayment,
} from '../payments/helpers.ts';
import { customer, everyoneMaySend, recipient } from '../transfers/helpers.ts';
import { CLOSED_IBAN, GOOD_IBAN } from '../payouts/helpers.ts';
import { killApiProcess, startApiProcess } from '../faults/api-process.ts';
import { freePort } from '../faults/throwaway-services.ts';

const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;

// The in-process app makes and pays the transfers (real clock, no job runner: the child runs them).
const ctx = useTestApp({
  env: {
    APP_URL: appUrl,
    PAYOUT_START_DELAY_SECONDS: '0',
    RATES_MAX_AGE_HOURS: '8760',
  },
  overrides: { now: () => new Date(), webhookSender: async () => {} },
});

let child: ChildProcess | undefined;

/** The api as a process of its own on `port` (the in-process app's APP_KEY, testEnv's), a fresh data folder. */
async function startApi(): Promise<ChildProcess> {
  const { child: proc } = await startApiProcess({
    port,
    env: {
      APP_URL: appUrl,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      PAYOUT_START_DELAY_SECONDS: '0',
      SANDBOX_PAYOUT_DELAY_SECONDS: '1',
      RATES_MAX_AGE_HOURS: '8760',
    },
  });
  return proc;
}

async function kill(proc: ChildProcess): Promise<void> {
  await killApiProcess(proc);
  // The dead instance's leases: as if they had run out (the next instance claims the jobs again).
  await sql`update jobs set locked_until = now() - interval '1 second' where status = 'running'`.execute(ctx.db);
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return check();
}

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterAll(async () => {
  if (child) await kill(child);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('payouts survive crashes (PostgreSQL, child process)', () => {
  it('SIGKILL between payment and payout and mid-payout: every transfer ends once', { timeout: 180_000 }, async () => {
    const transfers: { id: string; closed: boolean }[] = [];
    const pay = async (i: number) => {
      const closed = i % 3 === 2;
      const c = await customer(ctx);
      await recipient(c, closed ? CLOSED_IBAN : GOOD_IBAN);
      const { tx } = await payableTransfer(ctx, c);
      const started = await startPayment(c, tx.id, 'card');
      const location = await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
      const res = await paymentReturn(c, tx.id, returnQuery(location));
      expect(res.statusCode, res.body).toBe(200);
      transfers.push({ id: tx.id, closed });
      return tx.id;
    };
    child = await startApi();
    for (let i = 0; i < 3; i++) await pay(i);
    // Crash 1: right after the payments, their payout.start jobs queued or running.
    await kill(child);
    // Paid while the api is down: between payment and payout, the jobs queued for certain.
    const waiting: string[] = [];
    for (let i = 3; i < 6; i++) waiting.push(await pay(i));
    const queued = await ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', 'payout.start')
      .where('status', '=', 'queued')
      .execute();
    for (const id of waiting) {
      expect(queued.some((j) => (j.payload as { transactionId: string }).transactionId === id)).toBe(true);
    }
    child = await startApi();
    // Crash 2: mid-payout (starts, notices and completions in flight).
    await new Promise((r) => setTimeout(r, 700));
    await kill(child);
    child = await startApi();

    const ids = transfers.map((t) => t.id);
    const settled = await waitFor(async () => {
      const rows = await ctx.db.selectFrom('transactions').select('status').where('id', 'in', ids).execute();
      return rows.every((r) => r.status === 'completed' || r.status === 'returned');
    }, 90_000);
    expect(settled).toBe(true);
    await kill(child);
    child = undefined;

    for (const t of transfers) {
      const row = await ctx.db
        .selectFrom('transactions')
        .select('status')
        .where('id', '=', t.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(t.closed ? 'returned' : 'completed');
      const events = await ctx.db
        .selectFrom('transaction_events')
        .select('status')
        .where('transaction_id', '=', t.id)
        .execute();
      expect(events.filter((e) => e.status === row.status)).toHaveLength(1);
      expect(events.filter((e) => e.status === 'processing')).toHaveLength(1);
      const payouts = await ctx.db.selectFrom('payouts').select('status').where('transaction_id', '=', t.id).execute();
      expect(payouts).toEqual([{ status: row.status }]);
      const partner = await ctx.db
        .selectFrom('sandbox_payouts')
        .select('status')
        .where('transaction_id', '=', t.id)
        .execute();
      expect(partner).toEqual([{ status: row.status }]);
    }
    expect((await verifyLedger(ctx.db)).violations).toEqual([]);
  });
});
