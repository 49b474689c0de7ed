#!/usr/bin/env node
// The per-request budget of a signed-in GET (issue #23): GET /client/v1/profile under autocannon,
// the api as shipped (production, warn-level logs, session cache on) run with V8's CPU profiler,
// beside the bare Fastify route answering the same JSON, profiled the same way. Every profile sample
// taken while the load ran is charged to the innermost frame of its stack that belongs to a line of
// the budget (cookie parse, token hash, cache lookup, security headers, hooks, serialization, Node's
// header checks, the socket write...); a line's cost per request is its CPU time over the requests
// answered, scaled so that the lines add up to the CPU time the kernel counted for the process
// (Linux). Prints a Markdown table: a new hook or a slower step shows up as its own line or as
// "other". PostgreSQL by default (BENCH_DATABASE_URL); BENCH_DB=pglite for PGlite.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cookieHeader, root, signUp, startApi, waitFor } from './support.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/remit_bench';
const pglite = process.env.BENCH_DB === 'pglite';
/** Sampling interval of the profiler, µs. */
const INTERVAL_US = 100;
const port = Number(process.env.BENCH_PORT ?? 8321);

/**
 * The budget's lines: a sample goes to the first line matching a frame of its stack, leaf first.
 * Matched against `function url` of each frame.
 */
const LINES = [
  ['cookie parse (@fastify/cookie)', /fastifyCookieHandler|parseCookie/],
  ['session token hash (sha256)', /sha256Hex/],
  ['session cache lookup', /authenticateNow|SessionCache|session-cache\.ts|auth\/session\.service\.ts/],
  ['session guard (preHandler)', /plugins\/session\.ts/],
  ['CSRF check (onRequest)', /plugins\/csrf\.ts/],
  ['security headers, x-request-id (onRequest, onSend)', /plugins\/helmet\.ts/],
  ['request id (genReqId)', /randomUUID|genReqId|src\/app\.ts/],
  ['compression hooks (small answer: not compressed)', /@fastify\/compress|plugins\/compress\.ts/],
  ['cookie onSend (@fastify/cookie)', /fastifyCookieOnSendHandler/],
  ['request logger (per-request child, log lines)', /ChildLogger|request-logger\.ts|validateLogger|\/pino\/|@pinojs/],
  ['metrics (onResponse)', /plugins\/metrics\.ts|prom-client/],
  ['handler and serialization', /contract-route\.ts|auth\.routes\.ts|bare-server\.mjs/],
  ["Node: response headers (writeHead's checks)", /writeHead/],
  ['Node: socket write (writev syscall)', /writePayload|writevGeneric|_writeGeneric/],
  ['Fastify: routing, hook runner, reply', /fastify\/lib\/|fastify\/fastify\.js|find-my-way/],
  ['Node: request parse, socket read', /parserOnHeadersComplete|parserOnIncoming|parserOnBody|onStreamRead/],
  ['garbage collection', /\(garbage collector\)/],
];
const OTHER = 'other (V8, event loop, promises)';
/** Helpers charged to their caller: the reply's header setters, called by the hooks that set headers. */
const TRANSPARENT = /^Reply\.(header|headers|getHeader|hasHeader|removeHeader|type) /;

const label = (f) => `${f.functionName || '(anonymous)'} ${f.url}`;

/** µs of CPU per line over the samples taken between `fromUs` and `toUs` (the profile's clock). */
function budget(profile, fromUs, toUs) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const lineOf = new Map();
  const lineOfNode = (id) => {
    if (lineOf.has(id)) return lineOf.get(id);
    const name = label(byId.get(id).callFrame);
    let line = TRANSPARENT.test(name) ? undefined : LINES.find(([, re]) => re.test(name))?.[0];
    if (line === undefined) line = parent.has(id) ? lineOfNode(parent.get(id)) : OTHER;
    lineOf.set(id, line);
    return line;
  };
  const us = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = profile.timeDeltas[i + 1] ?? INTERVAL_US;
    if (t < fromUs || t > toUs) continue;
    const id = profile.samples[i];
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    const line = lineOfNode(id);
    us.set(line, (us.get(line) ?? 0) + next);
  }
  return us;
}

/** Runs `load` against a process started by `startProfiled(dir)`; answers its budget per request. */
async function profiled(name, startProfiled, url, headers) {
  const dir = mkdtempSync(join(tmpdir(), 'remit-budget-'));
  const child = startProfiled(dir);
  try {
    await waitFor(url.replace(/\/client\/v1\/profile$/, '/client/v1/password-policy'));
    const h = await headers();
    const first = await fetch(url, { headers: h });
    if (first.status !== 200) throw new Error(`${name}: ${first.status}`);
    const body = await first.text();
    await cannon(url, h, 2); // warm-up: the JIT, the session cache
    const cpu0 = cpuMicros(child.pid);
    const from = process.hrtime.bigint();
    const r = await cannon(url, h, duration);
    const to = process.hrtime.bigint();
    const cpu = cpuMicros(child.pid) - cpu0;
    if (r.non2xx + r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    child.kill('SIGTERM');
    await new Promise((ok) => child.on('exit', ok));
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile') && f.includes('.0.'));
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    // V8's profile clock is the monotonic clock in µs, as process.hrtime's.
    const sampled = budget(profile, Number(from / 1000n), Number(to / 1000n));
    // The profiler samples wall time: on a busy machine a line is also charged the time the process
    // waited for a core. Scaled to the CPU time the kernel counted for the process in the window.
    const scale = cpu / [...sampled.values()].reduce((a, b) => a + b, 0);
    const us = new Map([...sampled].map(([line, t]) => [line, t * scale]));
    return { name, requests: r.requests.total, rps: r.requests.average, us, body };
  } finally {
    child.kill('SIGTERM');
  }
}

/** CPU time (user + system) of a process so far, µs (Linux: /proc, clock ticks of 10 ms). */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function cannon(url, headers, seconds) {
  return new Promise((ok, fail) => {
    autocannon({ url, connections, duration: seconds, headers }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

const profilerArgs = (dir) => ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', String(INTERVAL_US)];
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'remit-budget-data-'));
const api = await profiled(
  'api',
  (dir) =>
    startApi(
      port,
      { DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '0', ...(pglite ? {} : { DATABASE_URL: pgUrl }) },
      profilerArgs(dir),
    ),
  `${base}/client/v1/profile`,
  async () => ({ cookie: cookieHeader(await signUp(base)), accept: 'application/json' }),
);
const bodyFile = join(mkdtempSync(join(tmpdir(), 'remit-budget-')), 'profile.json');
writeFileSync(bodyFile, api.body);
const barePort = port + 1;
const bare = await profiled(
  'bare',
  (dir) =>
    spawn('node', [...profilerArgs(dir), 'bench/bare-server.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: String(barePort), BARE_BODY_FILE: bodyFile },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  `http://127.0.0.1:${barePort}/bare`,
  async () => ({}),
);

const perRequest = (run, line) => (run.us.get(line) ?? 0) / run.requests;
const total = (run) => [...run.us.values()].reduce((a, b) => a + b, 0) / run.requests;
const fmt = (n) => (n < 0.05 ? '–' : n.toFixed(1));
console.log(
  `Signed-in GET /client/v1/profile, ${pglite ? 'PGlite' : 'PostgreSQL'}, session cache on; autocannon ${connections} ` +
    `connections, ${duration} s profiled per server (V8 CPU profiler every ${INTERVAL_US} µs), ` +
    `${new Date().toISOString()}: api ${Math.round(api.rps)} req/s, bare route ${Math.round(bare.rps)} req/s.\n`,
);
console.log('| per-request work | api µs/request | bare route µs/request |\n|---|---:|---:|');
for (const [line] of [...LINES, [OTHER]]) {
  const a = perRequest(api, line);
  const b = perRequest(bare, line);
  if (a >= 0.05 || b >= 0.05) console.log(`| ${line} | ${fmt(a)} | ${fmt(b)} |`);
}
console.log(`| **total CPU per request** | **${total(api).toFixed(1)}** | **${total(bare).toFixed(1)}** |`);
process.exit(0);
