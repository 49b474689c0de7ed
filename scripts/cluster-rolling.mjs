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
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  clusterSettings,
  dropDatabase,
  freePort,
  ROOT,
  sleep,
  spawnLogged,
  startCluster,
  withDatabase,
} from './cluster-kit.mjs';

const SETTINGS = clusterSettings('rolling');
const DATA_DIR = SETTINGS.dataDir;
const RESULT_FILE = path.join(DATA_DIR, 'journey.json');
const DONE_FILE = path.join(DATA_DIR, 'restarted');
/** Between one instance back in rotation and the SIGTERM to the next. */
const PAUSE_MS = 1000;

let passed = 0;
let failedChecks = 0;
function check(cond, what, detail = '') {
  if (cond) passed += 1;
  else failedChecks += 1;
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  return cond;
}

const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
let cluster;

async function run() {
  await dropDatabase(SETTINGS);
  rmSync(RESULT_FILE, { force: true });
  rmSync(DONE_FILE, { force: true });
  cluster = startCluster(SETTINGS, PORT, {
    APP_URL: BASE,
    LOG_LEVEL: 'warn',
    // Payouts start when the transfer is paid and the sandbox partner completes them 5 s later.
    PAYOUT_START_DELAY_SECONDS: '0',
    SANDBOX_PAYOUT_DELAY_SECONDS: '5',
  });
  await cluster.started();
  await cluster.waitUntil(
    'every instance UP in HAProxy',
    async () => Object.values(await cluster.haproxyStates()).every((st) => st === 'UP'),
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
  const count = cluster.state().instances.length;
  for (let n = 0; n < count || !journeyDone; n++) {
    const inst = cluster.state().instances[n % count];
    const t = Date.now();
    process.kill(inst.pid, 'SIGTERM');
    await cluster.waitUntil(
      `${inst.name} restarted and back in HAProxy's rotation`,
      async () => {
        const now = cluster.state()?.instances.find((i) => i.name === inst.name);
        return now?.pid && now.pid !== inst.pid && (await cluster.haproxyStates())[inst.name] === 'UP';
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
  const counts = await withDatabase(SETTINGS.databaseUrl, async (c) => {
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
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: SETTINGS.databaseUrl } },
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
await cluster?.stop();
await dropDatabase(SETTINGS);
if (failedChecks && crashed) {
  console.log('--- the last 30 lines of the cluster output ---');
  for (const line of (cluster?.lines ?? []).slice(-30)) console.log(line.slice(0, 400));
}
console.log(`cluster rolling: ${passed} passed, ${failedChecks} failed`);
process.exit(failedChecks ? 1 : 0);
