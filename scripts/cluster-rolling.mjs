#!/usr/bin/env node
// Rolling restart under a customer (issue #22 item 5; part of `npm test`, runner "cluster"): starts
// scripts/cluster.mjs on a free port with its own database (remit_cluster_rolling, dropped before and
// after), Redis db 11 and data folder (data/cluster-rolling), payouts that start at once and complete
// after 5 s; runs the Playwright journey apps/web/e2e-cluster (playwright.cluster.config.ts) through
// HAProxy and meanwhile restarts the instances one after another with SIGTERM, each time waiting
// until the restarted one is back in HAProxy's rotation before the next: one round at least (the
// journey keeps browsing until the round is done), more while the journey runs.
// Then checks in the database that the transfer has exactly one payment and one payout, and runs
// `npm run ledger:verify` on the cluster's database. One line per check (`ok`/`FAIL`), then
// `cluster rolling: N passed, M failed`; Playwright's JSON report goes to PLAYWRIGHT_JSON_OUTPUT_NAME
// (data/cluster-rolling/playwright.json by default). Needs HAProxy (scripts/cluster.mjs installs it
// as root) and Chromium (CHROMIUM_PATH).
//
// CLUSTER_ROLLING_DATABASE_URL / CLUSTER_ROLLING_REDIS_URL override the database (then neither
// dropped nor created here) and Redis.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pg = createRequire(path.join(ROOT, 'apps/api/package.json'))('pg');

const OWN_DATABASE = !process.env.CLUSTER_ROLLING_DATABASE_URL;
const DATABASE_URL =
  process.env.CLUSTER_ROLLING_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/remit_cluster_rolling';
const REDIS_URL = process.env.CLUSTER_ROLLING_REDIS_URL || 'redis://127.0.0.1:6379/11';
const DATA_DIR = path.join(ROOT, 'data/cluster-rolling');
const STATE_FILE = path.join(DATA_DIR, 'cluster.json');
const RESULT_FILE = path.join(DATA_DIR, 'journey.json');
const DONE_FILE = path.join(DATA_DIR, 'restarted');
const START_TIMEOUT_MS = 300_000; // the first run may install HAProxy and build the web app
/** Between one instance back in rotation and the SIGTERM to the next. */
const PAUSE_MS = 1000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let passed = 0;
let failedChecks = 0;
function check(cond, what, detail = '') {
  if (cond) passed += 1;
  else failedChecks += 1;
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  return cond;
}

async function withDatabase(url, work) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function dropDatabase() {
  if (!OWN_DATABASE) return;
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  await withDatabase(url.toString(), (c) => c.query(`drop database if exists "${name}" with (force)`)).catch(() => {
    // PostgreSQL down: the cluster starts it, and creates the database
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const state = () => (existsSync(STATE_FILE) ? JSON.parse(readFileSync(STATE_FILE, 'utf8')) : undefined);

/** Each instance's state as HAProxy sees it ('UP', 'DOWN', 'UP 1/2' …), from its stats socket. */
function haproxyStates() {
  return new Promise((resolve) => {
    const socket = net.connect(state().haproxy.stats_socket);
    let text = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('connect', () => socket.write('show stat\n'));
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => resolve({}));
    socket.on('close', () => {
      const [head, ...rows] = text.replace(/^# /, '').trim().split('\n');
      const cols = head?.split(',') ?? [];
      const [px, sv, st] = ['pxname', 'svname', 'status'].map((c) => cols.indexOf(c));
      const states = {};
      for (const row of rows.map((r) => r.split(','))) {
        if (row[px] === 'remit_api' && /^api-\d+$/.test(row[sv])) states[row[sv]] = row[st];
      }
      resolve(states);
    });
  });
}

async function waitUntil(what, cond, timeoutMs, everyMs = 250) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (cluster.exitCode !== null || cluster.signalCode !== null) throw new Error(`${what}: the cluster exited`);
    const value = await cond();
    if (value) return value;
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

function spawnLogged(cmd, args, opts, prefix, quiet = () => false) {
  const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      if (!quiet(line)) console.log(`${prefix}${line}`);
    });
  }
  return { child, exit, lines };
}

const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
let cluster;
let clusterExit;
let clusterLines = [];

async function run() {
  await dropDatabase();
  rmSync(STATE_FILE, { force: true });
  rmSync(RESULT_FILE, { force: true });
  rmSync(DONE_FILE, { force: true });
  console.log(
    `cluster rolling: starting the cluster on port ${PORT} (database ${new URL(DATABASE_URL).pathname.slice(1)})`,
  );
  const started = spawnLogged(
    process.execPath,
    [path.join(ROOT, 'scripts/cluster.mjs')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(PORT),
        APP_URL: BASE,
        CLUSTER_DATA_DIR: DATA_DIR,
        DATABASE_URL,
        REDIS_URL,
        LOG_LEVEL: 'warn',
        // The journey signs up from 127.0.0.1 on every run; the per-address limit is tested in the api.
        SIGNUP_MAX_PER_IP: '1000',
        // Payouts start when the transfer is paid and the sandbox partner completes them 5 s later.
        PAYOUT_START_DELAY_SECONDS: '0',
        SANDBOX_PAYOUT_DELAY_SECONDS: '5',
      },
    },
    '     ',
    (line) => /^api-\d+ \| /.test(line),
  );
  cluster = started.child;
  clusterExit = started.exit;
  clusterLines = started.lines;
  await waitUntil('the cluster starts', () => state()?.haproxy, START_TIMEOUT_MS);
  await waitUntil(
    'every instance UP in HAProxy',
    async () => Object.values(await haproxyStates()).every((st) => st === 'UP'),
    30_000,
  );

  // The journey in Chromium, through HAProxy.
  const t0 = Date.now();
  const playwright = spawnLogged(
    'npx',
    ['playwright', 'test', '-c', 'playwright.cluster.config.ts', '--reporter=list,json'],
    {
      cwd: path.join(ROOT, 'apps/web'),
      env: {
        ...process.env,
        CLUSTER_URL: BASE,
        CLUSTER_ROLLING_RESULT: RESULT_FILE,
        CLUSTER_ROLLING_DONE: DONE_FILE,
        PLAYWRIGHT_JSON_OUTPUT_NAME: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || path.join(DATA_DIR, 'playwright.json'),
      },
    },
    'e2e | ',
  );
  let journeyDone = false;
  void playwright.exit.then(() => (journeyDone = true));

  // Meanwhile: each instance in turn gets SIGTERM; the next waits until it is back in rotation. After
  // the first round the journey may end (DONE_FILE); while it runs the restarts go on.
  const restarts = [];
  await sleep(3000); // Chromium starts
  const count = state().instances.length;
  for (let n = 0; n < count || !journeyDone; n++) {
    const inst = state().instances[n % count];
    const t = Date.now();
    process.kill(inst.pid, 'SIGTERM');
    await waitUntil(
      `${inst.name} restarted and back in HAProxy's rotation`,
      async () => {
        const now = state()?.instances.find((i) => i.name === inst.name);
        return now?.pid && now.pid !== inst.pid && (await haproxyStates())[inst.name] === 'UP';
      },
      60_000,
    );
    const took = `${((Date.now() - t) / 1000).toFixed(1)} s`;
    restarts.push(`${inst.name} ${took}${journeyDone ? ' (after the journey)' : ''}`);
    console.log(`     rolling | ${inst.name} (pid ${inst.pid}) restarted, back in rotation after ${took}`);
    if (n + 1 === count) writeFileSync(DONE_FILE, `${new Date().toISOString()}\n`);
    if (n + 1 >= count && journeyDone) break;
    await sleep(PAUSE_MS);
  }
  const { code } = await playwright.exit;
  const journey = existsSync(RESULT_FILE) ? JSON.parse(readFileSync(RESULT_FILE, 'utf8')) : undefined;
  check(
    code === 0 && Boolean(journey),
    'the customer journey (Playwright) passes while the instances restart in turn',
    `${((Date.now() - t0) / 1000).toFixed(1)} s, ${restarts.length} restarts (${restarts.join(', ')})` +
      (journey ? `; ${journey.responses} responses seen by the browser, ${journey.sockets} WebSocket(s)` : ''),
  );
  const during = restarts.filter((r) => !r.includes('after the journey')).length;
  check(
    during >= count,
    'every instance was restarted at least once during the journey',
    `${during} of ${restarts.length}`,
  );
  if (!journey) return;

  // In the database: one payment and one payout for the transfer.
  const counts = await withDatabase(DATABASE_URL, async (c) => {
    const one = async (table) =>
      Number(
        (await c.query(`select count(*) as n from ${table} where transaction_id = $1`, [journey.transfer])).rows[0].n,
      );
    return { payments: await one('payments'), payouts: await one('payouts') };
  });
  check(
    counts.payments === 1 && counts.payouts === 1,
    'the transfer has exactly one payment and one payout',
    `${journey.transfer}: ${JSON.stringify(counts)}`,
  );
  const ledger = spawnLogged(
    'npm',
    ['run', '--silent', 'ledger:verify'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL } },
    '     ledger | ',
  );
  const { code: ledgerCode } = await ledger.exit;
  check(
    ledgerCode === 0,
    'npm run ledger:verify on the cluster database: every invariant holds',
    ledger.lines.join('; '),
  );
}

let crashed;
try {
  await run();
} catch (err) {
  crashed = err;
  failedChecks += 1;
  console.log(`FAIL ${err.message}`);
}
if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
  cluster.kill('SIGTERM');
  await Promise.race([clusterExit, sleep(30_000)]);
}
await dropDatabase();
if (failedChecks && crashed) {
  console.log('--- the last 30 lines of the cluster output ---');
  for (const line of clusterLines.slice(-30)) console.log(line.slice(0, 400));
}
console.log(`cluster rolling: ${passed} passed, ${failedChecks} failed`);
process.exit(failedChecks ? 1 : 0);
