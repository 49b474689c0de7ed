// The rig of the SIGKILL tests (kill-9.test.ts, PostgreSQL only): a real api process A (node with
// tsx's loader, one process, so SIGKILL kills the server itself) on the test database, and the
// test's in-process app B on the same database, whose clock can be moved ahead (a lease running out)
// and whose sandbox gateway and partner notices are captured instead of posted. Requests reach A as
// raw bytes on a socket: the test knows when they were written, and whether any answer came back.
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect } from 'vitest';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { type Client } from '../helpers.ts';
import { drainJobs, path as pathOf, usePaymentsApp, type PaymentsContext } from '../payments/helpers.ts';
import { killApiProcess, startApiProcess } from './api-process.ts';
import { freePort } from './throwaway-services.ts';

// One port for the file: B's APP_URL (webhook URLs, CSRF origin) names A's address.
const filePort = await freePort();

export interface Rig {
  /** B: the in-process app (its clock is real time plus `skew`). */
  ctx: PaymentsContext;
  port: number;
  /** Milliseconds B's clock is ahead of real time. */
  skew: { ms: number };
  /** Starts A (again) and waits until it answers. */
  startA(): Promise<void>;
  /** SIGKILLs A and waits for its exit. */
  killA(): Promise<void>;
}

/** Registers B (useTestApp hooks) and answers the rig; A is started by the test. */
export function useKillRig(): Rig {
  const port = filePort;
  const appUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'remit-kill-'));
  // A and B: the same APP_KEY (testEnv's), URL and data folder.
  const env = {
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    PAYOUT_START_DELAY_SECONDS: '0',
    SANDBOX_PAYOUT_DELAY_SECONDS: '1',
    SANDBOX_REVIEW_DELAY_MS: '600000',
    RATES_MAX_AGE_HOURS: '8760',
  };
  const skew = { ms: 0 };
  const ctx = usePaymentsApp({ env, overrides: { now: () => new Date(Date.now() + skew.ms) } });
  let child: ChildProcess | undefined;

  const rig: Rig = {
    ctx,
    port,
    skew,
    async startA() {
      const a = await startApiProcess({
        port,
        env: { ...env, DATABASE_URL: process.env.TEST_DATABASE_URL, REDIS_URL: '' },
      });
      child = a.child;
    },
    async killA() {
      const proc = child;
      child = undefined;
      if (proc) await killApiProcess(proc);
    },
  };
  afterAll(() => rig.killA());
  return rig;
}

/** A request to A as raw bytes: `written` when its last byte left, `answer` the status code, or null (cut off). */
export interface RawCall {
  written: Promise<void>;
  answer: Promise<number | null>;
}

export function rawRequest(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Buffer | string,
): RawCall {
  const payload = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const socket = connect(port, '127.0.0.1');
  let received = '';
  const answer = new Promise<number | null>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3}) [^]*?\r\n\r\n/.exec(received);
      if (m) {
        resolve(Number(m[1]));
        socket.destroy();
      }
    });
    socket.on('error', () => resolve(null));
    socket.on('close', () => resolve(null));
  });
  const head = [
    `${method} ${pathOf(url)} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    `Content-Length: ${payload.length}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  const written = new Promise<void>((resolve) => {
    socket.once('connect', () => socket.write(Buffer.concat([Buffer.from(head), payload]), () => resolve()));
    socket.once('error', () => resolve());
  });
  return { written, answer };
}

/** The headers a browser sends with the client's session (cookies, the XSRF token, its user agent). */
export function browserHeaders(client: Client, extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json', 'user-agent': client.userAgent, ...extra };
  if (client.cookies.size) h.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = client.cookies.get('XSRF-TOKEN');
  if (xsrf) h['x-xsrf-token'] = decodeURIComponent(xsrf);
  return h;
}

/**
 * The kill window: the calls start `spacingMs` apart (each a few milliseconds into the one before),
 * and A is SIGKILLed `afterMs` after the last one's bytes were written. Answers each call's status
 * (null: no answer, the caller does not know what happened).
 */
export async function fireAndKill(
  rig: Rig,
  calls: (() => RawCall)[],
  opts: { spacingMs: number; afterMs: number },
): Promise<(number | null)[]> {
  const started: RawCall[] = [];
  for (const [i, call] of calls.entries()) {
    if (i > 0) await new Promise((r) => setTimeout(r, opts.spacingMs));
    started.push(call());
  }
  await started.at(-1)!.written;
  await new Promise((r) => setTimeout(r, opts.afterMs));
  await rig.killA();
  const answers = await Promise.all(started.map((c) => c.answer));
  // The kill came while a request was in flight (the last one, at least, got no answer).
  expect(answers).toContain(null);
  return answers;
}

/**
 * After the retries: B's clock past every lease (the jobs' 5 minutes),
 * its due jobs run until none is left; then no job is `running`, no key is `running`, the ledger
 * verifies and no transfer of this test (the ledger outlives the truncates) has a posting twice.
 */
export async function expectNothingStuck(rig: Rig): Promise<void> {
  const { ctx } = rig;
  rig.skew.ms += 6 * 60_000;
  await drainJobs(ctx);
  const at = new Date(Date.now() + rig.skew.ms);
  const running = await ctx.db
    .selectFrom('jobs')
    .select(['name', 'locked_until'])
    .where('status', '=', 'running')
    .execute();
  expect(running.filter((j) => j.locked_until !== null && j.locked_until < at)).toEqual([]);
  expect(running).toEqual([]);
  const claims = await ctx.db.selectFrom('idempotency_keys').select('key').where('state', '=', 'running').execute();
  expect(claims).toEqual([]);
  expect((await verifyLedger(ctx.db)).violations).toEqual([]);
  const doubled = await sql<{ transaction_id: string; code: string; n: number }>`
    select transaction_id, code, count(*)::int as n from ledger_entries
    where transaction_id in (select id from transactions)
    group by transaction_id, code, kind, debit_account_id, credit_account_id, amount having count(*) > 1`.execute(
    ctx.db,
  );
  expect(doubled.rows).toEqual([]);
}
