#!/usr/bin/env node
// Smoke test of cluster mode (`npm run test:cluster`; issue #22 item 1): starts scripts/cluster.mjs as a
// child on a free port with its own database (remit_cluster_smoke, dropped before and after), Redis db
// 11 and data folder (data/cluster-smoke), then through HAProxy only: readiness; a customer signs up;
// 30 signed-in profile requests, served by all three instances (HAProxy's access log names the instance
// of each); X-Forwarded-For from a client is replaced by HAProxy and the instances log the client's own
// address; the built-in Pusher server answers a WebSocket upgrade at /app/<key>; one instance hangs
// (SIGSTOP) and HAProxy's readiness checks take it out, signed-in GETs and POSTs then all succeed on
// the others, and after SIGCONT it is back; one instance gets SIGTERM and every GET and POST meanwhile
// still succeeds, HAProxy takes it out, the cluster starts it again and it serves again; SIGTERM to the
// cluster stops every process. Exits non-zero on the first failed check.
//
// CLUSTER_SMOKE_DATABASE_URL / CLUSTER_SMOKE_REDIS_URL override the database (then neither dropped nor
// created by this script) and Redis.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireApi = createRequire(path.join(ROOT, 'apps/api/package.json'));
const WebSocket = requireApi('ws');
const pg = requireApi('pg');

const OWN_DATABASE = !process.env.CLUSTER_SMOKE_DATABASE_URL;
const DATABASE_URL = process.env.CLUSTER_SMOKE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/remit_cluster_smoke';
const REDIS_URL = process.env.CLUSTER_SMOKE_REDIS_URL || 'redis://127.0.0.1:6379/11';
const DATA_DIR = path.join(ROOT, 'data/cluster-smoke');
const STATE_FILE = path.join(DATA_DIR, 'cluster.json');
const PASSWORD = 'Correct-Horse-42-battery';
const PUSHER_KEY = 'remit-local';
/** A quote: a POST that changes nothing but adds a quote, so it is safe to send while instances fail. */
const QUOTE = {
  source_currency: 'GBP',
  target_country: 'DE',
  target_currency: 'EUR',
  payout_method: 'bank_account',
  source_amount: '25000',
}; // apps/api/src/adapters/realtime/credentials.ts BUILTIN_KEY
const START_TIMEOUT_MS = 300_000; // the first run may install HAProxy and build the web app

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let passed = 0;
function ok(what, detail = '') {
  passed += 1;
  console.log(`ok   ${what}${detail ? `: ${detail}` : ''}`);
}
class CheckFailed extends Error {}
function check(cond, what, detail = '') {
  if (!cond) throw new CheckFailed(`${what}${detail ? `: ${detail}` : ''}`);
  ok(what, detail);
}

// ---------------------------------------------------------------------------------------------------
// The database of this test

async function dropDatabase() {
  if (!OWN_DATABASE) return;
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
  } catch {
    // PostgreSQL down: the cluster starts it, and creates the database
  } finally {
    await client.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------------
// The cluster, as a child

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

const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const output = []; // every line of the cluster's output
let cluster;
let clusterExit; // resolves with { code, signal }

function startCluster() {
  rmSync(STATE_FILE, { force: true });
  cluster = spawn(process.execPath, [path.join(ROOT, 'scripts/cluster.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      CLUSTER_DATA_DIR: DATA_DIR,
      DATABASE_URL,
      REDIS_URL,
      LOG_LEVEL: 'info',
      // Signs up from 127.0.0.1 on every run; the per-address limit is tested in the api.
      SIGNUP_MAX_PER_IP: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  clusterExit = new Promise((resolve) => cluster.once('exit', (code, signal) => resolve({ code, signal })));
  for (const stream of [cluster.stdout, cluster.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      if (!/^api-\d+ \| /.test(line)) console.log(`     ${line}`);
    });
  }
}

const state = () => (existsSync(STATE_FILE) ? JSON.parse(readFileSync(STATE_FILE, 'utf8')) : undefined);

async function waitUntil(what, cond, timeoutMs, everyMs = 250) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (cluster.exitCode !== null || cluster.signalCode !== null) throw new CheckFailed(`${what}: the cluster exited`);
    const value = await cond();
    if (value) return value;
    await sleep(everyMs);
  }
  throw new CheckFailed(`${what}: not within ${timeoutMs / 1000} s`);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// A client through HAProxy: cookies kept, the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN on writes

class Client {
  cookies = new Map();
  constructor(base) {
    this.base = base;
  }
  async request(method, url, body, headers = {}) {
    const h = { accept: 'application/json', 'user-agent': 'remit-cluster-smoke', ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') h['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(this.base + url, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i).trim(), pair.slice(i + 1).trim()];
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  }
}

// ---------------------------------------------------------------------------------------------------
// HAProxy's access log: which instance served what

function accessLog() {
  return state().haproxy.access_log;
}
const logSize = () => readFileSync(accessLog()).length;
/** The requests logged since `from` (a byte offset): path, status, and the instance that answered. */
function loggedSince(from) {
  return readFileSync(accessLog())
    .subarray(from)
    .toString('utf8')
    .split('\n')
    .map((line) => /"(\S+) (\S+) [^"]*" (\d+) server=(\S+) retries=(\+?)(\d+)/.exec(line))
    .filter(Boolean)
    .map((m) => ({
      method: m[1],
      path: m[2],
      status: Number(m[3]),
      instance: m[4],
      retried: m[5] === '+' || Number(m[6]) > 0,
    }));
}
function countBy(entries) {
  const counts = {};
  for (const e of entries) counts[e.instance] = (counts[e.instance] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort());
}

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

// ---------------------------------------------------------------------------------------------------
// Pusher over WebSocket through HAProxy

function pusherHandshake(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no message within 10 s'));
    }, 10_000);
    ws.once('message', (raw) => {
      clearTimeout(timer);
      const message = JSON.parse(String(raw));
      ws.close(1000);
      ws.once('close', () => resolve(message));
    });
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.once('unexpected-response', (_req, res) => {
      clearTimeout(timer);
      reject(new Error(`HTTP ${res.statusCode} instead of an upgrade`));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The checks

async function run() {
  await dropDatabase();
  console.log(
    `cluster smoke: starting the cluster on port ${PORT} (database ${new URL(DATABASE_URL).pathname.slice(1)})`,
  );
  startCluster();
  const started = Date.now();
  await waitUntil('the cluster starts', () => state()?.haproxy, START_TIMEOUT_MS);
  const ready = await waitUntil(
    'GET /health/ready through HAProxy',
    async () => {
      const res = await fetch(`${BASE}/health/ready`).catch(() => undefined);
      return res?.status === 200 ? res.json() : undefined;
    },
    30_000,
  );
  const s = state();
  check(
    true,
    'GET /health/ready through HAProxy answers 200',
    `${JSON.stringify(ready.checks)} after ${((Date.now() - started) / 1000).toFixed(1)} s; instances ${s.instances
      .map((i) => `${i.name} pid ${i.pid} :${i.port}`)
      .join(', ')}`,
  );

  // Sign-up, then signed-in requests spread over every instance.
  const client = new Client(BASE);
  const csrf = await client.request('GET', '/sanctum/csrf-cookie');
  check(
    csrf.status === 204 && client.cookies.has('XSRF-TOKEN'),
    'GET /sanctum/csrf-cookie sets XSRF-TOKEN',
    `${csrf.status}`,
  );
  const email = `cluster-smoke.${randomBytes(4).toString('hex')}@example.com`;
  const signUp = await client.request('POST', '/client/v1/signup', {
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
  check(
    signUp.status === 201 && signUp.json?.account?.email === email,
    'POST /client/v1/signup creates and signs in',
    `${signUp.status} ${email}`,
  );

  let from = logSize();
  const statuses = [];
  for (let i = 0; i < 30; i++) {
    const res = await client.request('GET', '/client/v1/profile');
    statuses.push(res.status === 200 && res.json?.account?.email === email ? 200 : res.status);
  }
  await sleep(200); // HAProxy logs a request once its connection is done with it
  const served = loggedSince(from).filter((e) => e.path === '/client/v1/profile');
  const byInstance = countBy(served);
  check(
    statuses.every((st) => st === 200),
    '30 signed-in GET /client/v1/profile answer 200 with the customer',
    `${statuses.filter((st) => st === 200).length}/30`,
  );
  check(
    Object.keys(byInstance).length === s.instances.length && served.length === 30,
    'the session is served by every instance (round robin)',
    JSON.stringify(byInstance),
  );

  // X-Forwarded-For: HAProxy replaces what the client sent with the address it saw; the instances trust it.
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  const clientAddress = external ?? '127.0.0.1';
  const requestId = `cluster-smoke-${randomBytes(6).toString('hex')}`;
  const spoofed = '203.0.113.9';
  const xff = await fetch(`http://${clientAddress}:${PORT}/client/v1/password-policy`, {
    headers: { 'x-forwarded-for': spoofed, 'x-request-id': requestId },
  });
  const logged = await waitUntil(
    'the instance logs the request',
    () =>
      output
        .filter((l) => l.includes(requestId) && l.includes('incoming request'))
        .map((l) => JSON.parse(l.replace(/^api-\d+ \| /, '')))[0],
    5000,
  );
  check(
    xff.status === 200 && logged.req?.remoteAddress === clientAddress,
    'the instance sees the client address HAProxy saw, not a forged X-Forwarded-For',
    `client ${clientAddress}${external ? '' : ' (no other interface: loopback only)'} sent X-Forwarded-For ${spoofed}; logged remoteAddress ${logged.req?.remoteAddress}`,
  );

  // WebSocket upgrades at /app/<key> through HAProxy.
  from = logSize();
  const sockets = [];
  for (let i = 0; i < 3; i++) {
    sockets.push(
      await pusherHandshake(`ws://127.0.0.1:${PORT}/app/${PUSHER_KEY}?protocol=7&client=js&version=8.4.0&flash=false`),
    );
  }
  const established = sockets.filter((m) => m.event === 'pusher:connection_established');
  const socketIds = established.map((m) => JSON.parse(m.data).socket_id);
  await sleep(300); // HAProxy logs an upgraded connection when it closes
  const upgrades = loggedSince(from).filter((e) => e.path?.startsWith('/app/') && e.status === 101);
  check(
    established.length === 3,
    `WebSocket /app/${PUSHER_KEY} through HAProxy answers pusher:connection_established`,
    `socket ids ${socketIds.join(', ')}; 101 by ${JSON.stringify(countBy(upgrades))}`,
  );

  // A stream of signed-in requests, GETs and POSTs (quotes) in turn: the statuses, and which instance
  // answered each.
  let sent = 0;
  async function stream(n, failures) {
    for (let i = 0; i < n; i++) {
      const post = sent++ % 3 === 2;
      const res = post
        ? await client.request('POST', '/client/v1/quotes', QUOTE)
        : await client.request('GET', '/client/v1/profile');
      const good = post ? res.status === 201 && res.json?.id : res.status === 200 && res.json?.account?.email === email;
      if (!good) failures.push(`${post ? 'POST /client/v1/quotes' : 'GET /client/v1/profile'} ${res.status}`);
    }
  }
  const streamed = (entries) =>
    entries.filter((e) => e.path === '/client/v1/profile' || (e.method === 'POST' && e.path === '/client/v1/quotes'));
  const summary = (ok, total, entries) =>
    `${ok}/${total} succeeded (${entries.filter((e) => e.method === 'POST').length} POST); served by ` +
    `${JSON.stringify(countBy(entries))}; ${entries.filter((e) => e.retried).length} retried on another instance`;

  // A hung instance (SIGSTOP: its port still accepts connections, nothing answers): HAProxy's
  // readiness checks take it out; the requests sent afterwards all succeed; after SIGCONT it is back.
  const hung = s.instances[2];
  process.kill(hung.pid, 'SIGSTOP');
  let t0 = Date.now();
  let states = await waitUntil(
    `HAProxy takes the hung ${hung.name} out`,
    async () => {
      const now = await haproxyStates();
      return now[hung.name]?.startsWith('DOWN') ? now : undefined;
    },
    20_000,
    200,
  );
  check(
    true,
    `HAProxy takes ${hung.name} out once it hangs (SIGSTOP)`,
    `DOWN ${((Date.now() - t0) / 1000).toFixed(1)} s after the SIGSTOP; ${JSON.stringify(states)}`,
  );
  from = logSize();
  let failures = [];
  await stream(45, failures);
  await sleep(200);
  let entries = streamed(loggedSince(from));
  check(
    failures.length === 0 && !countBy(entries)[hung.name],
    `while ${hung.name} hangs every signed-in GET and POST succeeds on the others`,
    failures.length ? failures.join(', ') : summary(45, 45, entries),
  );
  process.kill(hung.pid, 'SIGCONT');
  t0 = Date.now();
  states = await waitUntil(
    `${hung.name} back in rotation after SIGCONT`,
    async () => {
      const now = await haproxyStates();
      return now[hung.name] === 'UP' ? now : undefined;
    },
    20_000,
    200,
  );
  from = logSize();
  failures = [];
  await stream(12, failures);
  await sleep(200);
  entries = streamed(loggedSince(from));
  check(
    failures.length === 0 && countBy(entries)[hung.name] > 0,
    `after SIGCONT ${hung.name} is back in rotation`,
    `UP ${((Date.now() - t0) / 1000).toFixed(1)} s after the SIGCONT; ${failures.length ? failures.join(', ') : summary(12, 12, entries)}`,
  );

  // One instance gets SIGTERM (it drains: readiness 503, then its port closes): GETs and POSTs keep
  // succeeding; HAProxy takes it out; the cluster starts it again and it is back in rotation.
  const victim = s.instances[1];
  from = logSize();
  process.kill(victim.pid, 'SIGTERM');
  t0 = Date.now();
  let total = 0;
  failures = [];
  let back;
  let seenDown = false;
  while (Date.now() - t0 < 90_000) {
    await stream(1, failures);
    total += 1;
    if (!seenDown) seenDown = (await haproxyStates())[victim.name]?.startsWith('DOWN') ?? false;
    const now = state()?.instances.find((i) => i.name === victim.name);
    if (!back && now?.pid && now.pid !== victim.pid) {
      const res2 = await fetch(`http://127.0.0.1:${now.port}/health/ready`).catch(() => undefined);
      if (res2?.status === 200) back = { ...now, after: Date.now() - t0 };
    }
    if (back && total >= 30 && Date.now() - t0 > back.after + 1000) break;
    await sleep(50);
  }
  await sleep(200);
  const during = streamed(loggedSince(from));
  check(
    failures.length === 0 && total >= 30,
    `after SIGTERM to ${victim.name} (pid ${victim.pid}) every GET and POST still succeeds`,
    `${failures.length ? failures.join(', ') : summary(total, total, during)} over ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  check(
    Boolean(back) && !alive(victim.pid) && seenDown,
    `HAProxy took the draining ${victim.name} out and the cluster started it again`,
    back
      ? `new pid ${back.pid} ready ${(back.after / 1000).toFixed(1)} s after the SIGTERM (restarts: ${back.restarts})`
      : 'no',
  );
  const rejoined = await waitUntil(
    `${victim.name} serves through HAProxy again`,
    async () => {
      const at = logSize();
      for (let i = 0; i < 6; i++) await client.request('GET', '/client/v1/profile');
      await sleep(200);
      const counts = countBy(loggedSince(at).filter((e) => e.path === '/client/v1/profile'));
      return counts[victim.name] ? counts : undefined;
    },
    30_000,
    1000,
  );
  ok(`${victim.name} serves through HAProxy again`, JSON.stringify(rejoined));

  // SIGTERM to the cluster stops everything.
  const pids = [...state().instances.map((i) => i.pid), state().haproxy.pid];
  cluster.kill('SIGTERM');
  const exit = await Promise.race([clusterExit, sleep(30_000).then(() => undefined)]);
  check(exit?.code === 0, 'SIGTERM to the cluster: it exits 0', JSON.stringify(exit));
  const left = pids.filter(alive);
  const portFree = await new Promise((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(PORT, '0.0.0.0', () => server.close(() => resolve(true)));
  });
  check(
    left.length === 0 && portFree,
    'no instance or HAProxy process is left, the port is free',
    `pids ${pids.join(', ')}`,
  );
}

let failed;
try {
  await run();
} catch (err) {
  failed = err;
}
if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
  cluster.kill('SIGTERM');
  await Promise.race([clusterExit, sleep(30_000)]);
}
await dropDatabase();
if (failed) {
  console.log(`FAIL ${failed instanceof CheckFailed ? failed.message : (failed.stack ?? failed)}`);
  console.log('--- the last 40 lines of the cluster output ---');
  for (const line of output.slice(-40)) console.log(line.slice(0, 400));
  console.log(`cluster smoke: ${passed} passed, 1 failed`);
  process.exit(1);
}
console.log(`cluster smoke: ${passed} passed, 0 failed`);
