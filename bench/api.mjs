#!/usr/bin/env node
// Api throughput and latency: autocannon against GET /client/v1/profile (signed in; with the session
// cache as shipped, and again with it off) and GET /client/v1/password-policy, beside a bare Fastify
// route answering the same profile JSON (and a second one sending the api's response headers too),
// in the same run, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local `test` server).
// Servers run as separate processes on loopback; prints a Markdown table. BENCH_ROUNDS=n (default 1)
// measures the four rows of each database n times, interleaved, and keeps each row's median round:
// on a shared machine a burst of load then hits every row alike. Each row also gives its server's
// CPU time per request (Linux /proc; user + system, 10 ms ticks), steadier than req/s when the
// machine is busy.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cookieHeader, root, signUp, startApi, waitFor } from './support.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/remit_bench';
/** First of the 15 ports the run uses (api, bare routes, cache-off api per database). */
const port0 = Number(process.env.BENCH_PORT ?? 8301);

function start(cmd, args, env) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/** CPU time (user + system) of a process so far, µs; undefined off Linux. */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

/** One autocannon run against the server of process `pid`, with that process's CPU µs per request. */
async function measured(pid, url, headers) {
  const cpu0 = cpuMicros(pid);
  const r = await cannon(url, headers);
  const cpu = cpuMicros(pid);
  return { r, cpuUs: cpu0 === undefined || cpu === undefined ? undefined : (cpu - cpu0) / r.requests.total };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function cannon(url, headers = {}) {
  return new Promise((ok, fail) => {
    autocannon({ url, connections, duration, headers }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

/** The same profile call with the session cache off: every request reads the database. */
async function uncachedProfile(mode, env, port) {
  const api = startApi(port, { ...env, SESSION_CACHE_SECONDS: '0' });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/client/v1/password-policy`);
    const cookie = cookieHeader(await signUp(base));
    const { r, cpuUs } = await measured(api.pid, `${base}/client/v1/profile`, { cookie, accept: 'application/json' });
    return {
      cpuUs,
      mode,
      name: 'GET /client/v1/profile, session cache off',
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx + r.errors,
    };
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function benchMode(mode, env, port) {
  const api = startApi(port, env);
  const barePort = port + 1;
  let bare;
  let bareWithHeaders;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/client/v1/password-policy`);
    const cookie = cookieHeader(await signUp(base));
    const profile = await fetch(`${base}/client/v1/profile`, { headers: { cookie, accept: 'application/json' } });
    if (profile.status !== 200) throw new Error(`profile: ${profile.status}`);
    const dir = mkdtempSync(join(tmpdir(), 'remit-bench-'));
    const bodyFile = join(dir, 'profile.json');
    writeFileSync(bodyFile, await profile.text());
    // The api's answer headers but those Node or Fastify set by themselves.
    const headersFile = join(dir, 'headers.json');
    const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'transfer-encoding']);
    writeFileSync(headersFile, JSON.stringify(Object.fromEntries([...profile.headers].filter(([k]) => !own.has(k)))));
    bare = start('node', ['bench/bare-server.mjs'], { PORT: String(barePort), BARE_BODY_FILE: bodyFile });
    bareWithHeaders = start('node', ['bench/bare-server.mjs'], {
      PORT: String(barePort + 1),
      BARE_BODY_FILE: bodyFile,
      BARE_HEADERS_FILE: headersFile,
    });
    await waitFor(`http://127.0.0.1:${barePort}/bare`);
    await waitFor(`http://127.0.0.1:${barePort + 1}/bare`);

    const rows = [
      ['bare Fastify route (same JSON)', bare.pid, `http://127.0.0.1:${barePort}/bare`, {}],
      [
        'bare Fastify route (same JSON and response headers)',
        bareWithHeaders.pid,
        `http://127.0.0.1:${barePort + 1}/bare`,
        {},
      ],
      [
        'GET /client/v1/profile (signed in)',
        api.pid,
        `${base}/client/v1/profile`,
        { cookie, accept: 'application/json' },
      ],
      ['GET /client/v1/password-policy', api.pid, `${base}/client/v1/password-policy`, { accept: 'application/json' }],
    ];
    const runs = rows.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, [, pid, url, headers]] of rows.entries()) runs[i].push(await measured(pid, url, headers));
    }
    const results = rows.map(([name], i) => {
      const rps = runs[i].map(({ r }) => r.requests.average);
      const { r } = runs[i][rps.indexOf(median(rps))];
      const cpu = runs[i].map(({ cpuUs }) => cpuUs);
      const non2xx = runs[i].reduce((n, { r }) => n + r.non2xx + r.errors, 0);
      const cpuUs = cpu.includes(undefined) ? undefined : median(cpu);
      return { mode, name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx, cpuUs, all: rps };
    });
    return results;
  } finally {
    api.kill('SIGTERM');
    bare?.kill('SIGTERM');
    bareWithHeaders?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

const all = [];
const pgliteEnv = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'remit-bench-data-')) });
const pgEnv = () => ({ DATABASE_URL: pgUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'remit-bench-data-')) });
all.push(...(await benchMode('PGlite', pgliteEnv(), port0)));
all.push(await uncachedProfile('PGlite', pgliteEnv(), port0 + 3));
all.push(...(await benchMode('PostgreSQL', pgEnv(), port0 + 10)));
all.push(await uncachedProfile('PostgreSQL', pgEnv(), port0 + 13));

const fmtCpu = (us) => (us === undefined ? '–' : us.toFixed(1));
console.log(
  `autocannon: ${connections} connections, ${duration} s per row${rounds > 1 ? ` and round, median of ${rounds} interleaved rounds` : ''}, ` +
    `loopback, ${new Date().toISOString()}\n`,
);
console.log(
  '| database | route | req/s | p50 ms | p99 ms | non-2xx | server CPU µs/request |\n|---|---|---|---|---|---|---|',
);
for (const r of all)
  console.log(
    `| ${r.mode} | ${r.name} | ${Math.round(r.rps)}${r.all && r.all.length > 1 ? ` (${r.all.map(Math.round).join(', ')})` : ''} | ` +
      `${r.p50} | ${r.p99} | ${r.non2xx} | ${fmtCpu(r.cpuUs)} |`,
  );
for (const mode of ['PGlite', 'PostgreSQL']) {
  const rows = all.filter((r) => r.mode === mode);
  const ratio = rows[2].rps / rows[0].rps;
  const withHeaders = rows[2].rps / rows[1].rps;
  const cpuRatio = rows[0].cpuUs !== undefined && rows[2].cpuUs ? rows[0].cpuUs / rows[2].cpuUs : undefined;
  console.log(
    `\n${mode}: profile reaches ${(ratio * 100).toFixed(0)}% of the bare route's throughput (target >= 70%: ` +
      `${ratio >= 0.7 ? 'met' : 'NOT met'}); ${(withHeaders * 100).toFixed(0)}% of the bare route sending the same ` +
      `headers, which itself reaches ${((rows[1].rps / rows[0].rps) * 100).toFixed(0)}% of the bare route.` +
      (cpuRatio === undefined
        ? ''
        : ` In CPU time per request, the bare route's is ${(cpuRatio * 100).toFixed(0)}% of the profile's.`),
  );
}
