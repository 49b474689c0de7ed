// Crashes between payment and payout and in the middle of payouts (docs/decisions/0008-durable-jobs.md,
// docs/product/money-movement.md#payout), on PostgreSQL only: the api runs as a child process against
// the test database; transfers are paid, the process is SIGKILLed while their payout.start jobs are
// queued or running, and again mid-payout; after restarts every transfer ends completed (or returned)
// exactly once, with one payout and one partner record each, and the ledger verifies.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

const APP_KEY = 'test-app-key-0123456789-abcdefghijklmnop';
const API_DIR = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;

// The in-process app makes and pays the transfers (real clock, no job runner: the child runs them).
const ctx = useTestApp({
  env: {
    APP_KEY,
    APP_URL: appUrl,
    PAYOUT_START_DELAY_SECONDS: '0',
    RATES_MAX_AGE_HOURS: '8760',
  },
  overrides: { now: () => new Date(), webhookSender: async () => {} },
});

let child: ChildProcess | undefined;

function startApi(): Promise<ChildProcess> {
  // One process (node with tsx's loader), so SIGKILL kills the server itself, not a wrapper.
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: appUrl,
      APP_KEY,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'remit-crash-')),
      WEB_DIST: path.join(tmpdir(), 'remit-no-web-dist'),
      LOG_LEVEL: 'error',
      PAYOUT_START_DELAY_SECONDS: '0',
      SANDBOX_PAYOUT_DELAY_SECONDS: '1',
      RATES_MAX_AGE_HOURS: '8760',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  proc.stderr?.on('data', () => {});
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      if (proc.exitCode !== null) return reject(new Error(`api exited with ${proc.exitCode}`));
      try {
        const res = await fetch(`${appUrl}/client/v1/password-policy`);
        if (res.ok) return resolve(proc);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error('api did not start'));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

async function kill(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
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
