#!/usr/bin/env node
// Cluster mode (README "Cluster mode", docs/product/system.md#several-instances; issue #22): three api
// instances on free loopback ports behind nginx on one port, sharing one PostgreSQL, one Redis and one
// APP_KEY. Makes sure PostgreSQL and Redis are up (starting local ones as .ci/run does), creates the
// database when missing, installs nginx when missing and we are root, builds the web app when
// apps/web/dist is missing. Ctrl-C (SIGINT) or SIGTERM stops everything; an instance that exits on
// its own is started again.
//
// Environment: PORT (8080, the balancer's port), DATABASE_URL (postgres://postgres@127.0.0.1:5432/
// $CLUSTER_DATABASE), CLUSTER_DATABASE (remit_cluster), REDIS_URL (redis://127.0.0.1:6379/10),
// CLUSTER_DATA_DIR (data/cluster: APP_KEY, documents, nginx config and logs, cluster.json),
// CLUSTER_INSTANCES (3), APP_URL (http://localhost:$PORT), APP_KEY (else DATA_DIR/app-key, made once),
// NODE_ENV (development: the dev mailbox stays on so sign-up codes can be read), NGINX (the binary).
// Every other variable of the README's table is passed through to the instances.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
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
const NGINX_DIR = path.join(DATA_DIR, 'nginx');
const STATE_FILE = path.join(DATA_DIR, 'cluster.json');
const DATABASE_URL =
  env.DATABASE_URL || `postgres://postgres@127.0.0.1:5432/${env.CLUSTER_DATABASE || 'remit_cluster'}`;
const REDIS_URL = env.REDIS_URL || 'redis://127.0.0.1:6379/10';
const APP_URL = env.APP_URL || `http://localhost:${PORT}`;
/** After a crash the instance is started again after 1, 2, 4 … 30 s; a run of 30 s resets the delay. */
const RESTART = { firstMs: 1000, maxMs: 30_000, stableMs: 30_000 };
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
/** Passive health: this many failures within FAIL_TIMEOUT take an instance out for FAIL_TIMEOUT. */
const MAX_FAILS = 2;
const FAIL_TIMEOUT = '10s';

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

function findNginx() {
  if (env.NGINX) return isExecutable(env.NGINX) ? env.NGINX : undefined;
  const dirs = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  return dirs.map((d) => path.join(d, 'nginx')).find(isExecutable);
}

/** nginx, installed with apt-get when missing and we are root; else one line saying what to install. */
function ensureNginx() {
  let nginx = findNginx();
  if (nginx) return nginx;
  const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find(isExecutable);
  if (process.getuid?.() === 0 && aptGet && !env.NGINX) {
    say("nginx is missing: installing Debian's nginx package");
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } };
    spawnSync(aptGet, ['update', '-qq'], quiet);
    spawnSync(aptGet, ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], quiet);
    nginx = findNginx();
    if (nginx) return nginx;
  }
  die(
    'cluster mode needs nginx: install it (Debian/Ubuntu: `sudo apt-get install nginx`, macOS: `brew install nginx`) or set NGINX to its path, then run `npm run cluster` again',
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
// nginx

function nginxConfig(ports, ipv6) {
  const d = (p) => JSON.stringify(path.join(NGINX_DIR, p));
  // Repeated in each location: a location with its own proxy_set_header inherits none from above.
  const forwarded = [
    'proxy_set_header Host $http_host;',
    // The client's address as nginx saw it, replacing (not appending to) whatever the client sent:
    // the instances trust X-Forwarded-* from loopback only (TRUST_PROXY=127.0.0.1).
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Real-IP $remote_addr;',
  ].join('\n      ');
  return `# Written by scripts/cluster.mjs on each start; edits are lost.
worker_processes auto;
pid ${d('nginx.pid')};
error_log ${d('error.log')} warn;
worker_shutdown_timeout 10s;

events {
  worker_connections 4096;
}

http {
  log_format cluster '$remote_addr [$time_iso8601] "$request" $status upstream=$upstream_addr '
                     'upstream_status=$upstream_status time=$request_time';
  access_log ${d('access.log')} cluster;
  client_body_temp_path ${d('tmp/body')};
  proxy_temp_path ${d('tmp/proxy')};
  fastcgi_temp_path ${d('tmp/fastcgi')};
  uwsgi_temp_path ${d('tmp/uwsgi')};
  scgi_temp_path ${d('tmp/scgi')};
  server_tokens off;
  # Document uploads: up to 10 pages of 10 MB each.
  client_max_body_size 110m;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }

  # Round robin, no stickiness; passive health: ${MAX_FAILS} failures within ${FAIL_TIMEOUT} take an
  # instance out for ${FAIL_TIMEOUT}. The zone shares that state between the worker processes.
  upstream remit_api {
    zone remit_api 64k;
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=${MAX_FAILS} fail_timeout=${FAIL_TIMEOUT};`).join('\n')}
    keepalive 32;
  }

  server {
    listen 0.0.0.0:${PORT};${ipv6 ? `\n    listen [::]:${PORT} ipv6only=on;` : ''}

    proxy_http_version 1.1;
    proxy_connect_timeout 2s;
    # Another instance is tried on a refused connection, a timeout, a 502 or a 503 (a draining
    # instance) - for idempotent requests only: non_idempotent is deliberately absent, so a POST that
    # reached an instance is never sent twice.
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    proxy_next_upstream_timeout 10s;

    # The built-in Pusher-protocol server: WebSocket upgrades, kept open for an hour of silence
    # (clients ping every 2 minutes).
    location /app/ {
      proxy_pass http://remit_api;
      ${forwarded}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }

    location / {
      proxy_pass http://remit_api;
      ${forwarded}
      proxy_set_header Connection "";
    }
  }
}
`;
}

// ---------------------------------------------------------------------------------------------------
// Children

let stopping = false;
const instances = [];
let nginx;

function writeState() {
  const state = {
    url: APP_URL,
    pid: process.pid,
    nginx: nginx?.child
      ? { pid: nginx.child.pid, dir: NGINX_DIR, access_log: path.join(NGINX_DIR, 'access.log') }
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

function startNginx(binary) {
  const args = ['-p', NGINX_DIR, '-e', path.join(NGINX_DIR, 'error.log'), '-c', path.join(NGINX_DIR, 'nginx.conf')];
  const test = spawnSync(binary, [...args, '-t', '-q'], { encoding: 'utf8' });
  if (test.status !== 0) {
    shutdown('SIGTERM', 1, `nginx refuses its configuration: ${(test.stderr || test.stdout).trim()}`);
    return undefined;
  }
  const child = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  relay(child, 'nginx');
  child.once('exit', (code, signal) => {
    if (!stopping) shutdown('SIGTERM', 1, `nginx exited (${signal ?? `code ${code}`}); stopping the cluster`);
  });
  return child;
}

let exitCode = 0;
/** Forward the signal to every instance (nginx gets SIGQUIT: a graceful stop), wait, exit. */
async function shutdown(signal, code = 0, why = undefined) {
  if (why) console.error(`cluster | ${why}`);
  exitCode = Math.max(exitCode, code);
  if (stopping) return;
  stopping = true;
  say(`stopping (${signal}): ${instances.filter((i) => i.child).length} instance(s) and nginx`);
  const children = [];
  for (const inst of instances) {
    clearTimeout(inst.timer);
    if (inst.child) {
      children.push(inst.child);
      inst.child.kill(signal);
    }
  }
  if (nginx?.child) {
    children.push(nginx.child);
    nginx.child.kill('SIGQUIT');
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
  for (const c of [...instances.map((i) => i.child), nginx?.child]) {
    if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// ---------------------------------------------------------------------------------------------------
// Start

const nginxBinary = ensureNginx();
if (!(await listenable(PORT, '0.0.0.0'))) die(`port ${PORT} is in use: stop what listens there or set PORT`);
await ensurePostgres();
await ensureRedis();
await ensureDatabase();
ensureWebBuild();
mkdirSync(path.join(NGINX_DIR, 'tmp'), { recursive: true });
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
    writeFileSync(path.join(NGINX_DIR, 'nginx.conf'), nginxConfig(ports, await listenable(0, '::1')));
    nginx = { child: startNginx(nginxBinary) };
    if (nginx.child && (await waitFor(() => canConnect('127.0.0.1', PORT), 10_000, 100)) && !stopping) {
      writeState();
      say(
        `Remit cluster on ${APP_URL}: nginx (round robin) -> ${instances.map((i) => `${i.name} 127.0.0.1:${i.port}`).join(', ')}`,
      );
      say(`nginx config and logs in ${path.relative(ROOT, NGINX_DIR)}/; Ctrl-C stops everything`);
    } else if (!stopping) {
      void shutdown('SIGTERM', 1, `nginx did not listen on port ${PORT} (see ${path.join(NGINX_DIR, 'error.log')})`);
    }
  } else if (!stopping) {
    void shutdown('SIGTERM', 1, 'an instance did not become ready');
  }
} else if (!stopping) {
  void shutdown('SIGTERM', 1, `${first.name} did not become ready within ${READY_TIMEOUT_MS / 1000} s`);
}
