#!/usr/bin/env node
// Runs every test of the repository and ends with one line: `N passed, M failed, K skipped`.
//
//   1. typecheck (tsc, every workspace), lint (eslint) and format (prettier --check): one check each;
//      typecheck runs while lint then format run (two lanes at once)
//   2. contract and pusher-server unit tests (Vitest)
//   3. api tests on PGlite (Vitest), then again on PostgreSQL when TEST_DATABASE_URL is set
//   4. web unit and component tests (Vitest + Testing Library + MSW)
//   5. web production build, its size budgets (bench/budgets.mjs, one check), then e2e tests in
//      Chromium against the real api (Playwright)
//   6. cluster: three api instances behind HAProxy (scripts/cluster-smoke.mjs, one check each), then
//      the rolling-restart journey (scripts/cluster-rolling.mjs: Playwright in Chromium while every
//      instance restarts in turn, then the database and ledger checks, one check each)
//
// The e2e suite needs Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). When it is
// missing the script installs it with apt-get where it may (root on Debian), as CI does; where it
// cannot, it runs everything else, counts the e2e suite as one skipped check and says in one line
// what to install (under CI=true a missing browser is a failure instead). The cluster runner needs
// HAProxy (installed the same way), PostgreSQL and Redis (local ones are started when installed);
// without them it counts one skipped check and says what is missing (under CI=true: a failure).
//
// Exits non-zero when anything failed or a runner crashed without a report.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const reports = join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const testStart = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
const only = process.env.TEST_ONLY ? process.env.TEST_ONLY.split(',') : null;
const wanted = (name) => !only || only.some((o) => name.startsWith(o));

function run(cmd, args, { cwd = root, env = {} } = {}) {
  const res = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  return res.status ?? 1;
}

// When the current runner began: its summary line ends with its wall time.
let runnerStart = Date.now();
function begin(name) {
  console.log(`\n=== ${name} ===`);
  runnerStart = Date.now();
}

function record(name, passed, failed, skipped, since = runnerStart) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  const seconds = Math.round((Date.now() - since) / 1000);
  summary.push(`${name}: ${passed} passed, ${failed} failed, ${skipped} skipped (${seconds} s)`);
}

function check(name, cmd, args, opts) {
  if (!wanted(name)) return;
  begin(name);
  const code = run(cmd, args, opts);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1, 0);
}

/**
 * Checks that need no runner of their own, in lanes that run at the same time (two cores: tsc in one
 * lane, eslint then prettier in the other). Each check's output is printed whole once it ends, so
 * lanes never interleave; each still counts as one check with its own seconds.
 */
async function checksInLanes(lanes) {
  const runLane = async (lane) => {
    for (const [name, cmd, args] of lane) {
      if (!wanted(name)) continue;
      const since = Date.now();
      const { code, output } = await new Promise((done) => {
        const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks = [];
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        child.once('error', (e) => chunks.push(Buffer.from(`${e.message}\n`)));
        child.once('close', (status) => done({ code: status ?? 1, output: Buffer.concat(chunks).toString() }));
      });
      console.log(`\n=== ${name} ===`);
      if (output) process.stdout.write(output);
      record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1, 0, since);
    }
  };
  await Promise.all(lanes.map(runLane));
}

function vitest(name, cwd, env = {}) {
  if (!wanted(name)) return;
  begin(name);
  const out = join(reports, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: join(root, cwd),
    env,
  });
  if (!existsSync(out)) {
    record(name, 0, 1, 0);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const failedSuites = (r.testResults ?? []).filter(
    (s) => s.status === 'failed' && s.assertionResults?.length === 0,
  ).length;
  const failed = r.numFailedTests + failedSuites + (code !== 0 && r.numFailedTests + failedSuites === 0 ? 1 : 0);
  record(name, r.numPassedTests, failed, r.numPendingTests + r.numTodoTests);
}

function playwright(name) {
  if (!wanted(name)) return;
  begin(name);
  const out = join(reports, 'e2e.json');
  const code = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: join(root, 'apps/web'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (!existsSync(out)) {
    record(name, 0, 1, 0);
    return;
  }
  const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
  const failed = (s.unexpected ?? 0) + (code !== 0 && !s.unexpected ? 1 : 0);
  record(name, (s.expected ?? 0) + (s.flaky ?? 0), failed, s.skipped ?? 0);
}

/** Chromium for the e2e suite: present, installed now (root + apt-get), or a reason why not. */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const executable = (p) => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (executable(path)) return { ok: true };
  const canInstall = path === '/usr/bin/chromium' && process.getuid?.() === 0 && executable('/usr/bin/apt-get');
  if (canInstall) {
    console.log("\nChromium is missing: installing Debian's chromium package (apt-get install -y chromium)");
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], { env }) === 0 &&
      run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) === 0
    ) {
      if (executable(path)) return { ok: true };
    }
  }
  return {
    ok: false,
    why: `e2e not run: no Chromium at ${path}. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
  };
}

function executable(p) {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function canConnect(port) {
  return new Promise((done) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000, () => (socket.destroy(), done(false)));
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

/** What the cluster runner needs: HAProxy (installed now where we may), PostgreSQL and Redis. */
async function clusterPrerequisites() {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  const findHaproxy = () =>
    process.env.HAPROXY ? executable(process.env.HAPROXY) : dirs.some((d) => executable(join(d, 'haproxy')));
  if (!findHaproxy() && !process.env.HAPROXY && process.getuid?.() === 0 && executable('/usr/bin/apt-get')) {
    console.log("\nHAProxy is missing: installing Debian's haproxy package (apt-get install -y haproxy)");
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update', '-qq'], { env }) === 0) {
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], { env });
    }
  }
  if (!findHaproxy()) {
    return 'cluster not run: no HAProxy. Install it (Debian: sudo apt-get install -y haproxy) or set HAPROXY.';
  }
  // scripts/cluster.mjs starts a local PostgreSQL or Redis that is installed but down.
  const postgres = (await canConnect(5432)) || existsSync('/etc/postgresql');
  const redis = (await canConnect(6379)) || spawnSync('which', ['redis-server']).status === 0;
  if (!postgres || !redis) {
    const missing = [!postgres && 'PostgreSQL on 127.0.0.1:5432', !redis && 'Redis on 127.0.0.1:6379'].filter(Boolean);
    return `cluster not run: no ${missing.join(' and ')}. Install or start it (Debian: sudo apt-get install -y postgresql redis-server).`;
  }
  return undefined;
}

/** A script that prints `ok`/`FAIL` lines and ends with `<name>: N passed, M failed`: its counts. */
function checks(script, env = {}) {
  return new Promise((done) => {
    const child = spawn('node', [script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let last = '';
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(line);
      if (line.trim()) last = line;
    });
    child.once('exit', (code) => {
      const m = /: (\d+) passed, (\d+) failed$/.exec(last);
      const [passed, failed] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
      done({ passed, failed: failed + (code !== 0 && failed === 0 ? 1 : 0) });
    });
  });
}

/** Cluster mode (issue #22): the smoke checks, then the rolling-restart journey in Chromium. */
async function cluster(name, findChromium) {
  if (!wanted(name)) return;
  begin(name);
  const why = await clusterPrerequisites();
  if (why) {
    console.log(why);
    record(name, 0, process.env.CI ? 1 : 0, process.env.CI ? 0 : 1);
    summary.push(why);
    return;
  }
  const smoke = await checks('scripts/cluster-smoke.mjs');
  const chromium = findChromium();
  if (!chromium.ok) {
    console.log(`rolling restart not run: ${chromium.why}`);
    record(name, smoke.passed, smoke.failed + (process.env.CI ? 1 : 0), process.env.CI ? 0 : 1);
    return;
  }
  const rolling = await checks('scripts/cluster-rolling.mjs', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e-cluster.json'),
  });
  record(name, smoke.passed + rolling.passed, smoke.failed + rolling.failed, 0);
}

await checksInLanes([
  [['typecheck', 'npm', ['run', 'typecheck', '--silent']]],
  [
    ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['format', 'npx', ['prettier', '--check', '--log-level=warn', '.']],
  ],
]);
vitest('contract', 'packages/contract');
vitest('pusher-server', 'packages/pusher-server');
vitest('api (PGlite)', 'apps/api', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('api (PostgreSQL)', 'apps/api', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the api suite runs on PGlite only.');
}
vitest('web', 'apps/web');
let chromium;
if (wanted('budgets') || wanted('e2e')) {
  chromium = wanted('e2e') ? ensureChromium() : { ok: true };
  begin('build web for budgets and e2e');
  const built = run('npm', ['run', 'build', '-w', 'apps/web']) === 0;
  summary.push(`web build: ${Math.round((Date.now() - runnerStart) / 1000)} s`);
  if (!built) record('web build', 0, 1, 0);
  // Size budgets of the build (issue 15): sign-in, each route, the whole app; one check.
  else check('budgets', 'node', ['bench/budgets.mjs']);
  if (built && wanted('e2e')) {
    if (chromium.ok) playwright('e2e (Chromium)');
    else {
      console.log(`\n${chromium.why}`);
      if (process.env.CI) record('e2e (Chromium)', 0, 1, 0);
      else record('e2e (Chromium)', 0, 0, 1);
      summary.push(chromium.why);
    }
  }
}

// After the e2e suite; Chromium as found (or installed) for it.
await cluster('cluster', () => (wanted('e2e') && chromium ? chromium : ensureChromium()));

console.log('\n' + summary.join('\n'));
console.log(`total: ${Math.round((Date.now() - testStart) / 1000)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
