#!/usr/bin/env node
// Money calls under load (issue #23 item 2): one api instance on PostgreSQL with Redis, each call at
// a fixed rate (BENCH_RATE, 200 requests a second) for BENCH_SECONDS (30); p50/p95/p99 from every
// response's own time, errors, the rate reached and the CPU the api and PostgreSQL used. A call
// whose p95 is over 50 ms is run again at lower rates (BENCH_SECONDS / 3 each) to find the highest
// that holds it. Prints Markdown for docs/benchmarks.md.
//
//   node --import tsx bench/money-load.mjs
//
// The calls: POST /client/v1/quotes; POST /client/v1/transactions, each with a fresh Idempotency-Key
// and a quote of its own (made beforehand; 40 customers who may send, as many customers confirm at
// once, not one); GET /client/v1/transactions?search= over a customer with 2,000 transfers; GET
// /client/v1/recipient-requirements. The database remit_money_load (dropped first), Redis db 13.
//
// BENCH_ONLY (a regular expression) runs only the calls whose name matches; BENCH_PORT the first of
// the two ports the instances use (else free ones); BENCH_CPU_PROF a directory: the measured instance
// runs with V8's CPU profiler and each row's window is written beside its profile
// (bench/profile-top.mjs reads them); BENCH_SQL_CAPTURE a file: the measured instance records every
// statement (bench/sql-capture.mjs) and each row has the statements a request sent.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dropDatabase, freePort, withDatabase } from '../scripts/cluster-kit.mjs';
import {
  GBP_TO_EUR_BANK,
  germanRecipient,
  headersOf,
  letThemSend,
  post,
  quoteWhenRatesAreIn,
  signUpInGb,
  SANDBOX_SIGN_UPS,
} from './customers.mjs';
import { cookieHeader, startApi, waitFor } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const rate = Number(process.env.BENCH_RATE ?? 200);
const SENDERS = 40;
const SEARCHED_TRANSFERS = Number(process.env.BENCH_SEARCHED_TRANSFERS ?? 2000);
const P95_TARGET_MS = 50;
const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/remit_money_load',
  ownDatabase: !process.env.BENCH_DATABASE_URL,
};
const env = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: settings.databaseUrl,
  REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13',
  ...SANDBOX_SIGN_UPS,
  APP_KEY: randomBytes(32).toString('base64'),
};
const QUOTE = { ...GBP_TO_EUR_BANK, source_amount: '1000' };
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const profileDir = process.env.BENCH_CPU_PROF;
const sqlFile = process.env.BENCH_SQL_CAPTURE;
const firstPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
/** Lines in the statement capture so far (0 without one). */
const statements = () => {
  try {
    return sqlFile ? readFileSync(sqlFile, 'utf8').split('\n').length - 1 : 0;
  } catch {
    return 0;
  }
};
const NAMES = ['Hans Weber', 'Greta Schmidt', 'Anna Müller', 'Jonas Becker'];

/** Runs `work` over `items`, `width` at a time. */
async function inParallel(items, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** CPU time (ms) of the api process, and of each PostgreSQL server process, as /proc has them. */
function cpuMs(pid) {
  const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  const ms = (p) => {
    const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * tick;
  };
  const postgres = new Map();
  for (const p of execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n')) {
    try {
      postgres.set(p, ms(p));
    } catch {
      /* gone meanwhile */
    }
  }
  return { api: ms(pid), postgres };
}

/** PostgreSQL's CPU between two readings: processes alive at both (a connection closed meanwhile is not counted). */
function postgresMs(before, after) {
  let sum = 0;
  for (const [p, at] of after.postgres) sum += at - (before.postgres.get(p) ?? at);
  return sum;
}

/**
 * One call at `perSecond` for `duration` s, open loop: request n starts n/perSecond s after the
 * first, whatever the answers before it (autocannon's `overallRate` sends each connection's share
 * of a second at once, which measures bursts, not a rate). Percentiles of every response's time
 * (fetch to the end of the body), and the CPU used.
 */
async function measure(apiPid, perSecond, duration, request) {
  const times = [];
  const statuses = {};
  let failures = 0;
  const total = Math.round(perSecond * duration);
  const before = cpuMs(apiPid);
  const sqlBefore = statements();
  const from = process.hrtime.bigint();
  const start = performance.now();
  const running = [];
  for (let n = 0; n < total; n++) {
    const wait = start + (n * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running.push(
      (async () => {
        const { url, init } = request();
        const sent = performance.now();
        try {
          const res = await fetch(url, init);
          await res.arrayBuffer();
          times.push(performance.now() - sent);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        } catch {
          failures++;
        }
      })(),
    );
  }
  await Promise.all(running);
  const elapsed = (performance.now() - start) / 1000;
  const to = process.hrtime.bigint();
  const after = cpuMs(apiPid);
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return {
    perSecond,
    reached: total / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors: failures + Object.entries(statuses).reduce((sum, [code, count]) => sum + (code >= 400 ? count : 0), 0),
    statuses: Object.entries(statuses)
      .map(([code, count]) => `${code}×${count}`)
      .join(' '),
    apiCpu: (after.api - before.api) / (elapsed * 10),
    postgresCpu: postgresMs(before, after) / (elapsed * 10),
    apiMsPerRequest: (after.api - before.api) / total,
    postgresMsPerRequest: postgresMs(before, after) / total,
    statementsPerRequest: sqlFile ? (statements() - sqlBefore) / total : null,
    // V8's profile clock is the monotonic clock in µs, as process.hrtime's.
    window: { fromUs: Number(from / 1000n), toUs: Number(to / 1000n), requests: total },
  };
}

await dropDatabase(settings);
const adminUrl = new URL(settings.databaseUrl);
const database = adminUrl.pathname.slice(1);
adminUrl.pathname = '/postgres';
if (settings.ownDatabase) await withDatabase(adminUrl.toString(), (c) => c.query(`create database "${database}"`));

// The customers, on an instance stopped before the measured one reads their sessions.
let senders = [];
let searcher;
{
  const port = firstPort ?? (await freePort());
  const api = startApi(port, env);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/health/ready`, 120_000);
    for (let i = 0; i < SENDERS; i++) senders.push(await signUpInGb(base));
    searcher = await signUpInGb(base);
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
}
await letThemSend(settings.databaseUrl, [...senders, searcher]);

const port = firstPort ? firstPort + 1 : await freePort();
const api = startApi(port, { ...env, ...(sqlFile ? { SQL_CAPTURE_FILE: sqlFile } : {}) }, [
  ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-interval', '200'] : []),
  ...(sqlFile ? ['--import', './bench/sql-capture.mjs'] : []),
]);
const base = `http://127.0.0.1:${port}`;
const rows = [];
try {
  await waitFor(`${base}/health/ready`, 120_000);
  console.log(`preparing: ${SEARCHED_TRANSFERS} transfers of one customer, quotes for the confirms`);
  const first = await quoteWhenRatesAreIn(base, searcher.jar, QUOTE);
  const mine = [];
  for (const name of NAMES) mine.push(await germanRecipient(base, searcher.jar, name));
  let made = 0;
  await inParallel(
    Array.from({ length: SEARCHED_TRANSFERS }, (_, i) => i),
    8,
    async (i) => {
      const q = i === 0 ? first : await post(base, searcher.jar, '/client/v1/quotes', QUOTE);
      const body = { quote_id: q.id, recipient_id: mine[i % mine.length].id, purpose: null, reference: `Rent ${i}` };
      await post(base, searcher.jar, '/client/v1/transactions', body, { 'idempotency-key': randomUUID() });
      made++;
    },
  );
  console.log(`  ${made} transfers made`);

  // Confirms: a recipient per sender and enough quotes for every run (the target rate, then lower).
  const recipients = new Map();
  for (const s of senders) recipients.set(s.id, (await germanRecipient(base, s.jar)).id);
  const wanted = Math.ceil(rate * seconds * 1.2 + rate * seconds);
  const confirms = [];
  await inParallel(
    Array.from({ length: wanted }, (_, i) => senders[i % senders.length]),
    8,
    async (s) => {
      const q = await post(base, s.jar, '/client/v1/quotes', QUOTE);
      confirms.push({ headers: headersOf(s.jar), body: { quote_id: q.id, recipient_id: recipients.get(s.id) } });
    },
  );
  console.log(`  ${confirms.length} quotes ready for the confirms`);

  let nextSender = 0;
  const get = (path, jar) => () => ({
    url: `${base}${path}`,
    init: { headers: { cookie: cookieHeader(jar), accept: 'application/json' } },
  });
  const calls = [
    {
      name: 'POST /client/v1/quotes',
      request: () => ({
        url: `${base}/client/v1/quotes`,
        init: {
          method: 'POST',
          headers: headersOf(senders[nextSender++ % senders.length].jar),
          body: JSON.stringify(QUOTE),
        },
      }),
    },
    {
      name: 'POST /client/v1/transactions (fresh key and quote)',
      request: () => {
        const c = confirms.pop();
        if (!c) throw new Error('out of quotes for the confirms');
        return {
          url: `${base}/client/v1/transactions`,
          init: {
            method: 'POST',
            headers: { ...c.headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ ...c.body, purpose: null, reference: 'Rent' }),
          },
        };
      },
    },
    {
      name: `GET /client/v1/transactions?search= (${SEARCHED_TRANSFERS} transfers)`,
      request: get('/client/v1/transactions?search=Hans', searcher.jar),
    },
    {
      name: 'GET /client/v1/recipient-requirements',
      request: get(
        '/client/v1/recipient-requirements?country=DE&currency=EUR&payout_method=bank_account',
        senders[0].jar,
      ),
    },
  ];
  for (const call of calls.filter((c) => !only || only.test(c.name))) {
    const at = await measure(api.pid, rate, seconds, call.request);
    rows.push({ name: call.name, ...at });
    // Over the target: the highest lower rate that holds it.
    for (const lower of [Math.round(rate * 0.75), Math.round(rate / 2), Math.round(rate / 4)]) {
      if (rows.at(-1).p95 <= P95_TARGET_MS && rows.at(-1).errors === 0) break;
      rows.push({ name: call.name, ...(await measure(api.pid, lower, Math.max(5, seconds / 3), call.request)) });
    }
  }
} finally {
  api.kill('SIGTERM');
  await new Promise((r) => (api.exitCode === null ? api.once('exit', r) : r()));
}
await dropDatabase(settings);
if (profileDir) {
  const rowsWindows = rows.map((r) => ({ name: r.name, perSecond: r.perSecond, ...r.window }));
  writeFileSync(join(profileDir, 'windows.json'), JSON.stringify(rowsWindows, null, 2));
}

const ms = (v) => `${v.toFixed(1)} ms`;
console.log(
  `\nOne instance, PostgreSQL + Redis, open loop (requests started evenly, whatever the answers), ${seconds} s at the target rate; ${new Date().toISOString()}\n`,
);
const perRequest = (v) => `${v.toFixed(2)} ms`;
console.log(
  `| call | asked req/s | reached | p50 | p95 | p99 | errors | api CPU | PostgreSQL CPU | api CPU/req | PostgreSQL CPU/req |${sqlFile ? ' statements/req |' : ''} p95 ≤ 50 ms |`,
);
console.log(
  `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${sqlFile ? ' ---: |' : ''} --- |`,
);
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.perSecond} | ${Math.round(r.reached)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors}${r.errors ? ` (${r.statuses})` : ''} | ${Math.round(r.apiCpu)}% | ${Math.round(r.postgresCpu)}% | ${perRequest(r.apiMsPerRequest)} | ${perRequest(r.postgresMsPerRequest)} |${sqlFile ? ` ${r.statementsPerRequest.toFixed(1)} |` : ''} ${r.p95 <= P95_TARGET_MS && r.errors === 0 ? 'yes' : 'no'} |`,
  );
