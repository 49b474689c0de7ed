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
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import {
  CheckFailed,
  clusterSettings,
  dropDatabase,
  freePort,
  requireApi,
  sleep,
  startCluster,
} from './cluster-kit.mjs';

const WebSocket = requireApi('ws');

const SETTINGS = clusterSettings('smoke');
const PASSWORD = 'Correct-Horse-42-battery';
const PUSHER_KEY = 'remit-local'; // apps/api/src/adapters/realtime/credentials.ts BUILTIN_KEY
/** A quote: a POST that changes nothing but adds a quote, so it is safe to send while instances fail. */
const QUOTE = {
  source_currency: 'GBP',
  target_country: 'DE',
  target_currency: 'EUR',
  payout_method: 'bank_account',
  source_amount: '25000',
};

let passed = 0;
function ok(what, detail = '') {
  passed += 1;
  console.log(`ok   ${what}${detail ? `: ${detail}` : ''}`);
}
function check(cond, what, detail = '') {
  if (!cond) throw new CheckFailed(`${what}${detail ? `: ${detail}` : ''}`);
  ok(what, detail);
}

// ---------------------------------------------------------------------------------------------------
// The cluster, as a child

const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
let cluster;

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
  return cluster.state().haproxy.access_log;
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
  await dropDatabase(SETTINGS);
  cluster = startCluster(SETTINGS, PORT, { LOG_LEVEL: 'info' });
  const started = Date.now();
  await cluster.started();
  const ready = await cluster.waitUntil(
    'GET /health/ready through HAProxy',
    async () => {
      const res = await fetch(`${BASE}/health/ready`).catch(() => undefined);
      return res?.status === 200 ? res.json() : undefined;
    },
    30_000,
  );
  const s = cluster.state();
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
  const logged = await cluster.waitUntil(
    'the instance logs the request',
    () =>
      cluster.lines
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
  let states = await cluster.waitUntil(
    `HAProxy takes the hung ${hung.name} out`,
    async () => {
      const now = await cluster.haproxyStates();
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
  states = await cluster.waitUntil(
    `${hung.name} back in rotation after SIGCONT`,
    async () => {
      const now = await cluster.haproxyStates();
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
    if (!seenDown) seenDown = (await cluster.haproxyStates())[victim.name]?.startsWith('DOWN') ?? false;
    const now = cluster.state()?.instances.find((i) => i.name === victim.name);
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
  const rejoined = await cluster.waitUntil(
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
  const pids = [...cluster.state().instances.map((i) => i.pid), cluster.state().haproxy.pid];
  cluster.child.kill('SIGTERM');
  const exit = await Promise.race([cluster.exit, sleep(30_000).then(() => undefined)]);
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
await cluster?.stop();
await dropDatabase(SETTINGS);
if (failed) {
  console.log(`FAIL ${failed instanceof CheckFailed ? failed.message : (failed.stack ?? failed)}`);
  console.log('--- the last 40 lines of the cluster output ---');
  for (const line of (cluster?.lines ?? []).slice(-40)) console.log(line.slice(0, 400));
  console.log(`cluster smoke: ${passed} passed, 1 failed`);
  process.exit(1);
}
console.log(`cluster smoke: ${passed} passed, 0 failed`);
