#!/usr/bin/env node
// Cluster mode (README "Cluster mode", docs/product/system.md#several-instances; issue #22): three api
// instances on free loopback ports behind HAProxy on one port, sharing one PostgreSQL, one Redis and one
// APP_KEY. HAProxy, not nginx: it checks each instance's GET /health/ready every second and takes a
// hung or draining instance out (docs/decisions/0010-haproxy.md). Makes sure PostgreSQL and Redis are
// up (starting local ones as .ci/run does), creates the database when missing, installs HAProxy when
// missing and we are root, builds the web app when apps/web/dist is missing. Ctrl-C (SIGINT) or
// SIGTERM stops everything; an instance that exits on its own is started again.
//
// Environment: PORT (8080, the balancer's port), DATABASE_URL (postgres://postgres@127.0.0.1:5432/
// $CLUSTER_DATABASE), CLUSTER_DATABASE (remit_cluster), REDIS_URL (redis://127.0.0.1:6379/10),
// CLUSTER_DATA_DIR (data/cluster: APP_KEY, documents, HAProxy config, log and stats socket,
// cluster.json), CLUSTER_INSTANCES (3), APP_URL (http://localhost:$PORT), APP_KEY (else
// DATA_DIR/app-key, made once), NODE_ENV (development: the dev mailbox stays on so sign-up codes can be
// read), HAPROXY (the binary).
// Every other variable of the README's table is passed through to the instances.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_DIR = path.join(ROOT, 'apps/api');
const requireApi = createRequire(path.join(API_DIR, 'package.json'));

const env = process.env;
const PORT = Number(env.PORT || 8080);
const COUNT = Number(env.CLUSTER_INSTANCES || 3);
const DATA_DIR = path.resolve(ROOT, env.CLUSTER_DATA_DIR || 'data/cluster');
const HAPROXY_DIR = path.join(DATA_DIR, 'haproxy');
const STATE_FILE = path.join(DATA_DIR, 'cluster.json');
const DATABASE_URL =
  env.DATABASE_URL || `postgres://postgres@127.0.0.1:5432/${env.CLUSTER_DATABASE || 'remit_cluster'}`;
const REDIS_URL = env.REDIS_URL || 'redis://127.0.0.1:6379/10';
const APP_URL = env.APP_URL || `http://localhost:${PORT}`;
/** After a crash the instance is started again after 1, 2, 4 … 30 s; a run of 30 s resets the delay. */
const RESTART = { firstMs: 1000, maxMs: 30_000, stableMs: 30_000 };
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
/**
 * Active health: HAProxy asks each instance GET /health/ready every second (every half second while
 * its state is changing); 2 failures in a row (no 200 within 2 s: a 503, a refused connection or no
 * answer at all) take it out, 2 successes bring it back.
 */
const CHECK = { inter: '1s', fastinter: '500ms', downinter: '1s', fall: 2, rise: 2, timeout: '2s' };

const say = (line) => console.log(`cluster | ${line}`);
function die(line) {
  console.error(`cluster | ${line}`);
  process.exit(1);
}

if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65535) die(`PORT must be a port number (got "${env.PORT}")`);
if (!Number.isInteger(COUNT) || COUNT < 1 || COUNT > 32) die('CLUSTER_INSTANCES must be between 1 and 32');

// ---------------------------------------------------------------------------------------------------
// Prerequisites

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findHaproxy() {
  if (env.HAPROXY) return isExecutable(env.HAPROXY) ? env.HAPROXY : undefined;
  const dirs = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  return dirs.map((d) => path.join(d, 'haproxy')).find(isExecutable);
}

/** HAProxy, installed with apt-get when missing and we are root; else one line saying what to install. */
function ensureHaproxy() {
  let haproxy = findHaproxy();
  if (haproxy) return haproxy;
  const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find(isExecutable);
  if (process.getuid?.() === 0 && aptGet && !env.HAPROXY) {
    say("HAProxy is missing: installing Debian's haproxy package");
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } };
    spawnSync(aptGet, ['update', '-qq'], quiet);
    spawnSync(aptGet, ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], quiet);
    haproxy = findHaproxy();
    if (haproxy) return haproxy;
  }
  die(
    'cluster mode needs HAProxy: install it (Debian/Ubuntu: `sudo apt-get install haproxy`, macOS: `brew install haproxy`) or set HAPROXY to its path, then run `npm run cluster` again',
  );
}

function canConnect(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitFor(check, timeoutMs, everyMs = 300) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '']);

function endpoint(url, defaultPort) {
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(u.port || defaultPort), url: u };
}

/** PostgreSQL reachable; a local one that is down is started as .ci/run does. */
async function ensurePostgres() {
  const { host, port } = endpoint(DATABASE_URL, 5432);
  if (await canConnect(host, port)) return;
  if (!LOCAL_HOSTS.has(host) || !existsSync('/etc/postgresql') || !isExecutable('/usr/bin/pg_ctlcluster')) {
    die(`PostgreSQL does not answer at ${host}:${port}: start it or set DATABASE_URL`);
  }
  say('Starting PostgreSQL');
  const [version = ''] = readdirSync('/etc/postgresql').sort();
  spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
  if (!(await waitFor(() => canConnect(host, port), 30_000, 1000))) die('PostgreSQL did not come up within 30 s');
}

/** Redis reachable; a local one that is down is started as .ci/run does. */
async function ensureRedis() {
  const { host, port } = endpoint(REDIS_URL, 6379);
  if (await canConnect(host, port)) return;
  if (!LOCAL_HOSTS.has(host) || spawnSync('which', ['redis-server']).status !== 0) {
    die(`Redis does not answer at ${host}:${port}: start it or set REDIS_URL`);
  }
  say('Starting Redis');
  mkdirSync('/var/lib/redis', { recursive: true });
  mkdirSync('/var/log/redis', { recursive: true });
  spawnSync(
    'redis-server',
    [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '-::1',
      '--port',
      String(port),
      '--save',
      '',
      '--appendonly',
      'no',
    ].concat(['--dir', '/var/lib/redis', '--logfile', '/var/log/redis/cluster.log']),
    { stdio: 'inherit' },
  );
  if (!(await waitFor(() => canConnect(host, port), 30_000, 1000))) die('Redis did not come up within 30 s');
}

/** The database DATABASE_URL names, created when missing (through the server's `postgres` database). */
async function ensureDatabase() {
  const { Client } = requireApi('pg');
  const { url } = endpoint(DATABASE_URL, 5432);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) die('DATABASE_URL must name a database');
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      say(`Creating database ${name}`);
      await client.query(`create database "${name.replaceAll('"', '""')}"`).catch((err) => {
        if (err.code !== '42P04') throw err; // created meanwhile
      });
    }
  } catch (err) {
    die(`cannot create the database ${name}: ${err.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

function ensureWebBuild() {
  if (existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) return;
  say('apps/web/dist is missing: npm run build');
  const { status } = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) die('npm run build failed');
}

/** One APP_KEY for every instance: APP_KEY, else DATA_DIR/app-key (32 random bytes, base64), made once. */
function appKey() {
  if (env.APP_KEY?.trim()) return env.APP_KEY.trim();
  const file = path.join(DATA_DIR, 'app-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  say(`APP_KEY generated into ${path.relative(ROOT, file)}`);
  return key;
}

function listenable(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen({ port, host, exclusive: true }, () => {
      const address = server.address();
      server.close(() => resolve(address.port));
    });
  });
}

async function freePorts(n) {
  const ports = [];
  while (ports.length < n) {
    const port = await listenable(0, '127.0.0.1');
    if (port && port !== PORT && !ports.includes(port)) ports.push(port);
  }
  return ports;
}

// ---------------------------------------------------------------------------------------------------
// HAProxy

/** What HAProxy may send again to another instance: a request that never reached one (the connection
 * failed), or one of these methods, which change nothing, when an instance closed without answering. */
const SAFE_METHODS = 'GET HEAD OPTIONS';

function haproxyConfig(ports, ipv6) {
  const d = (p) => JSON.stringify(path.join(HAPROXY_DIR, p));
  const c = CHECK;
  return `# Written by scripts/cluster.mjs on each start; edits are lost.
global
  maxconn 4096
  pidfile ${d('haproxy.pid')}
  # show stat, show servers state, set server remit_api/api-2 state drain ... (socat or nc -U)
  stats socket ${d('admin.sock')} mode 600 level admin
  # A graceful stop (SIGUSR1) waits this long at most for open requests and WebSockets.
  hard-stop-after 10s

defaults
  mode http
  # One line per request into access.log (file descriptor 3, opened by scripts/cluster.mjs), naming
  # the instance that answered (server=api-2) and the retries (+ when sent to another instance).
  log fd@3 len 8192 format raw local0 info
  log-format "%ci [%tr] \\"%HM %HU %HV\\" %ST server=%s retries=%rc term=%tsc time=%Ta"
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 30s
  timeout http-keep-alive 10s
  timeout client-fin 5s
  timeout check ${c.timeout}
  # WebSockets (the built-in Pusher-protocol server at /app/): an hour of silence at most (clients
  # ping every 2 minutes).
  timeout tunnel 1h

frontend remit
  bind 0.0.0.0:${PORT}${ipv6 ? `\n  bind :::${PORT} v6only` : ''}
  # The client's address as HAProxy saw it, replacing (not appending to) whatever the client sent:
  # the instances trust X-Forwarded-* from loopback only (TRUST_PROXY=127.0.0.1).
  http-request set-header X-Forwarded-For %[src]
  http-request set-header X-Real-IP %[src]
  http-request set-header X-Forwarded-Proto http
  default_backend remit_api

backend remit_api
  # Round robin, no stickiness: any instance serves any session.
  balance roundrobin
  # Active health: the readiness check of every instance (docs/product/system.md#health-and-metrics);
  # a hung instance (no answer) or a draining one (503 "instance: draining") is taken out.
  option httpchk GET /health/ready
  http-check expect status 200
  default-server check inter ${c.inter} fastinter ${c.fastinter} downinter ${c.downinter} fall ${c.fall} rise ${c.rise}
  # Each request on its own connection to the instance: none is sent down a kept-alive connection
  # that a draining instance is closing; a closed port refuses it, and it goes to another instance.
  option http-server-close
  # Retries, on another instance each time: a failed connection (the request never reached an
  # instance) for every method; a connection closed with no answer only for ${SAFE_METHODS}, so a
  # POST whose bytes reached an instance is never sent twice.
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response
  http-request disable-l7-retry unless { method ${SAFE_METHODS} }
${ports.map((p, n) => `  server api-${n + 1} 127.0.0.1:${p}`).join('\n')}
`;
}

// ---------------------------------------------------------------------------------------------------
// Children

let stopping = false;
const instances = [];
let haproxy;

function writeState() {
  const state = {
    url: APP_URL,
    pid: process.pid,
    haproxy: haproxy?.child
      ? {
          pid: haproxy.child.pid,
          dir: HAPROXY_DIR,
          access_log: path.join(HAPROXY_DIR, 'access.log'),
          stats_socket: path.join(HAPROXY_DIR, 'admin.sock'),
        }
      : null,
    instances: instances.map((i) => ({ name: i.name, port: i.port, pid: i.child?.pid ?? null, restarts: i.restarts })),
  };
  const tmp = `${STATE_FILE}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(tmp, STATE_FILE);
}

/** Each line of a child's output, prefixed with its name. */
function relay(child, name) {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`${name} | ${line}\n`));
  }
}

function instanceEnv(port, key) {
  return {
    ...env,
    NODE_ENV: env.NODE_ENV || 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL,
    APP_KEY: key,
    DATA_DIR,
    DATABASE_URL,
    REDIS_URL,
    TRUST_PROXY: '127.0.0.1',
    // On SIGTERM readiness fails at once and the port stays open this long: HAProxy's checks
    // (every second, two failures) take the instance out before any connection is refused.
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS || '3000',
    // On whatever NODE_ENV: the journey needs a gateway, a payout partner and fresh rates.
    PAYMENTS_PROVIDER: env.PAYMENTS_PROVIDER || 'sandbox',
    PAYOUTS_PROVIDER: env.PAYOUTS_PROVIDER || 'sandbox',
    RATES_PROVIDER: env.RATES_PROVIDER || 'sandbox',
  };
}

function startInstance(inst) {
  inst.timer = undefined;
  inst.startedAt = Date.now();
  // As `npm start -w apps/api` (tsx src/server.ts), from apps/api so tsx reads its tsconfig.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: inst.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: a Ctrl-C reaches it through us, once
  });
  inst.child = child;
  relay(child, inst.name);
  child.once('exit', (code, signal) => onInstanceExit(inst, child, code, signal));
  writeState();
  return child;
}

function onInstanceExit(inst, child, code, signal) {
  if (inst.child === child) inst.child = undefined;
  if (stopping) return;
  const how = signal ?? `code ${code}`;
  if (!inst.everReady) {
    shutdown('SIGTERM', 1, `${inst.name} exited (${how}) before it was ready`);
    return;
  }
  inst.restarts += 1;
  inst.failures = Date.now() - inst.startedAt > RESTART.stableMs ? 1 : inst.failures + 1;
  const delay = Math.min(RESTART.maxMs, RESTART.firstMs * 2 ** (inst.failures - 1));
  say(`${inst.name} (pid ${child.pid}) exited (${how}); starting it again in ${delay / 1000} s`);
  writeState();
  inst.timer = setTimeout(() => {
    if (stopping) return;
    const next = startInstance(inst);
    void waitReady(inst, next).then((ok) => {
      if (ok) say(`${inst.name} is back (pid ${next.pid}, 127.0.0.1:${inst.port})`);
    });
  }, delay);
}

async function ready(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(3000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** True once the instance answers /health/ready with 200; false when it exits or times out first. */
async function waitReady(inst, child) {
  const ok = await waitFor(
    async () => child.exitCode !== null || child.signalCode !== null || (await ready(inst.port)),
    READY_TIMEOUT_MS,
  );
  const alive = child.exitCode === null && child.signalCode === null;
  if (ok && alive) inst.everReady = true;
  return ok && alive;
}

function startHaproxy(binary) {
  const config = path.join(HAPROXY_DIR, 'haproxy.cfg');
  const test = spawnSync(binary, ['-c', '-q', '-f', config], { encoding: 'utf8' });
  if (test.status !== 0) {
    shutdown('SIGTERM', 1, `HAProxy refuses its configuration: ${(test.stderr || test.stdout).trim()}`);
    return undefined;
  }
  // In the foreground (-db); its access log on file descriptor 3 (log fd@3), its warnings (an
  // instance DOWN or UP) on stderr.
  // HAProxy makes the descriptor non-blocking, which drops O_APPEND: the log starts empty on each
  // start (the last run's is kept as access.log.1) and HAProxy writes it from the start.
  const accessLog = path.join(HAPROXY_DIR, 'access.log');
  if (existsSync(accessLog)) renameSync(accessLog, `${accessLog}.1`);
  const log = openSync(accessLog, 'w');
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe', log], detached: true });
  closeSync(log);
  relay(child, 'haproxy');
  child.once('exit', (code, signal) => {
    if (!stopping) shutdown('SIGTERM', 1, `HAProxy exited (${signal ?? `code ${code}`}); stopping the cluster`);
  });
  return child;
}

let exitCode = 0;
/** Forward the signal to every instance (HAProxy gets SIGUSR1: a graceful stop), wait, exit. */
async function shutdown(signal, code = 0, why = undefined) {
  if (why) console.error(`cluster | ${why}`);
  exitCode = Math.max(exitCode, code);
  if (stopping) return;
  stopping = true;
  say(`stopping (${signal}): ${instances.filter((i) => i.child).length} instance(s) and HAProxy`);
  const children = [];
  for (const inst of instances) {
    clearTimeout(inst.timer);
    if (inst.child) {
      children.push(inst.child);
      inst.child.kill(signal);
    }
  }
  if (haproxy?.child) {
    children.push(haproxy.child);
    haproxy.child.kill('SIGUSR1');
  }
  const exited = (c) => c.exitCode !== null || c.signalCode !== null;
  if (!(await waitFor(async () => children.every(exited), STOP_TIMEOUT_MS, 100))) {
    for (const c of children.filter((c) => !exited(c))) {
      console.error(`cluster | pid ${c.pid} did not stop within ${STOP_TIMEOUT_MS / 1000} s: SIGKILL`);
      c.kill('SIGKILL');
    }
  }
  rmSync(STATE_FILE, { force: true });
  say(exitCode === 0 ? 'stopped' : `stopped (exit ${exitCode})`);
  process.exit(exitCode);
}

// Whatever ends this process, no child is left behind.
process.on('exit', () => {
  for (const c of [...instances.map((i) => i.child), haproxy?.child]) {
    if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// ---------------------------------------------------------------------------------------------------
// Start

const haproxyBinary = ensureHaproxy();
if (!(await listenable(PORT, '0.0.0.0'))) die(`port ${PORT} is in use: stop what listens there or set PORT`);
await ensurePostgres();
await ensureRedis();
await ensureDatabase();
ensureWebBuild();
mkdirSync(HAPROXY_DIR, { recursive: true });
const key = appKey();
const ports = await freePorts(COUNT);
for (const [n, port] of ports.entries()) {
  instances.push({
    name: `api-${n + 1}`,
    port,
    env: instanceEnv(port, key),
    restarts: 0,
    failures: 0,
    everReady: false,
  });
}

// The first instance alone runs the migrations and the seeds; then the others start together.
const [first, ...rest] = instances;
say(`starting ${first.name} (migrations, seeds) on 127.0.0.1:${first.port}`);
if ((await waitReady(first, startInstance(first))) && !stopping) {
  say(`starting ${rest.map((i) => `${i.name} on 127.0.0.1:${i.port}`).join(', ')}`);
  const ok = await Promise.all(rest.map((i) => waitReady(i, startInstance(i))));
  if (ok.every(Boolean) && !stopping) {
    writeFileSync(path.join(HAPROXY_DIR, 'haproxy.cfg'), haproxyConfig(ports, await listenable(0, '::1')));
    haproxy = { child: startHaproxy(haproxyBinary) };
    if (haproxy.child && (await waitFor(() => canConnect('127.0.0.1', PORT), 10_000, 100)) && !stopping) {
      writeState();
      say(
        `Remit cluster on ${APP_URL}: HAProxy (round robin, readiness checked every ${CHECK.inter}) -> ${instances.map((i) => `${i.name} 127.0.0.1:${i.port}`).join(', ')}`,
      );
      say(
        `HAProxy config, access log and stats socket in ${path.relative(ROOT, HAPROXY_DIR)}/; Ctrl-C stops everything`,
      );
    } else if (!stopping) {
      void shutdown('SIGTERM', 1, `HAProxy did not listen on port ${PORT} (see its output above)`);
    }
  } else if (!stopping) {
    void shutdown('SIGTERM', 1, 'an instance did not become ready');
  }
} else if (!stopping) {
  void shutdown('SIGTERM', 1, `${first.name} did not become ready within ${READY_TIMEOUT_MS / 1000} s`);
}
