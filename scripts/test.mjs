#!/usr/bin/env node
// Runs every test of the repository and ends with one line: `N passed, M failed, K skipped`.
//
//   1. typecheck (tsc, every workspace), lint (eslint) and format (prettier --check): one check each
//   2. contract and pusher-server unit tests (Vitest)
//   3. api tests on PGlite (Vitest), then again on PostgreSQL when TEST_DATABASE_URL is set
//   4. web unit and component tests (Vitest + Testing Library + MSW)
//   5. web production build, its size budgets (bench/budgets.mjs, one check), then e2e tests in
//      Chromium against the real api (Playwright)
//
// The e2e suite needs Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). When it is
// missing the script installs it with apt-get where it may (root on Debian), as CI does; where it
// cannot, it runs everything else, counts the e2e suite as one skipped check and says in one line
// what to install (under CI=true a missing browser is a failure instead).
//
// Exits non-zero when anything failed or a runner crashed without a report.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const reports = join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
const only = process.env.TEST_ONLY ? process.env.TEST_ONLY.split(',') : null;
const wanted = (name) => !only || only.some((o) => name.startsWith(o));

function run(cmd, args, { cwd = root, env = {} } = {}) {
  const res = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  return res.status ?? 1;
}

function record(name, passed, failed, skipped) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.push(`${name}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

function check(name, cmd, args, opts) {
  if (!wanted(name)) return;
  console.log(`\n=== ${name} ===`);
  const code = run(cmd, args, opts);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1, 0);
}

function vitest(name, cwd, env = {}) {
  if (!wanted(name)) return;
  console.log(`\n=== ${name} ===`);
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
  console.log(`\n=== ${name} ===`);
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

check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
check('format', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
vitest('contract', 'packages/contract');
vitest('pusher-server', 'packages/pusher-server');
vitest('api (PGlite)', 'apps/api', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('api (PostgreSQL)', 'apps/api', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the api suite runs on PGlite only.');
}
vitest('web', 'apps/web');
if (wanted('budgets') || wanted('e2e')) {
  const chromium = wanted('e2e') ? ensureChromium() : { ok: true };
  console.log('\n=== build web for budgets and e2e ===');
  const built = run('npm', ['run', 'build', '-w', 'apps/web']) === 0;
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

console.log('\n' + summary.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
