// What the cluster checks (scripts/cluster-smoke.mjs, scripts/cluster-rolling.mjs) share: their own
// database, Redis db and data folder; scripts/cluster.mjs started as a child on a free port, its
// state file (cluster.json), HAProxy's view of the instances, and stopping it all again.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const requireApi = createRequire(path.join(ROOT, 'apps/api/package.json'));
const pg = requireApi('pg');

/** The first run may install HAProxy and build the web app. */
const START_TIMEOUT_MS = 300_000;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A check that did not hold (or a wait that did not end): its message says which. */
export class CheckFailed extends Error {}

/**
 * The database, Redis and data folder of the check `name` ('smoke': remit_cluster_smoke, Redis db 11,
 * data/cluster-smoke). CLUSTER_<NAME>_DATABASE_URL / CLUSTER_<NAME>_REDIS_URL override the database
 * (then neither dropped nor created here) and Redis.
 */
export function clusterSettings(name) {
  const prefix = `CLUSTER_${name.toUpperCase()}_`;
  const ownDatabase = !process.env[`${prefix}DATABASE_URL`];
  return {
    name,
    ownDatabase,
    databaseUrl: process.env[`${prefix}DATABASE_URL`] || `postgres://postgres@127.0.0.1:5432/remit_cluster_${name}`,
    redisUrl: process.env[`${prefix}REDIS_URL`] || 'redis://127.0.0.1:6379/11',
    dataDir: path.join(ROOT, `data/cluster-${name}`),
  };
}

export async function withDatabase(url, work) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Drops the check's own database (not one named by CLUSTER_<NAME>_DATABASE_URL). */
export async function dropDatabase(settings) {
  if (!settings.ownDatabase) return;
  const url = new URL(settings.databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  await withDatabase(url.toString(), (c) => c.query(`drop database if exists "${name}" with (force)`)).catch(() => {
    // PostgreSQL down: the cluster starts it, and creates the database
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A child whose output lines are kept (`lines`) and printed after `prefix`, but those `quiet` says not. */
export function spawnLogged(cmd, args, opts, prefix, quiet = () => false) {
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

/** Each instance's state as HAProxy sees it ('UP', 'DOWN', 'UP 1/2' …), from its stats socket. */
function haproxyStates(statsSocket) {
  return new Promise((resolve) => {
    const socket = net.connect(statsSocket);
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

/**
 * Starts scripts/cluster.mjs on `port` with the settings' database, Redis and data folder (its old
 * cluster.json removed first) and `env` over them; the instances' own lines are kept, not printed.
 * Answers the running cluster: `child`, `exit` (resolves with { code, signal }), `lines` (all its
 * output), and what follows.
 */
export function startCluster(settings, port, env = {}) {
  const stateFile = path.join(settings.dataDir, 'cluster.json');
  rmSync(stateFile, { force: true });
  const database = new URL(settings.databaseUrl).pathname.slice(1);
  console.log(`cluster ${settings.name}: starting the cluster on port ${port} (database ${database})`);
  const run = spawnLogged(
    process.execPath,
    [path.join(ROOT, 'scripts/cluster.mjs')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        CLUSTER_DATA_DIR: settings.dataDir,
        DATABASE_URL: settings.databaseUrl,
        REDIS_URL: settings.redisUrl,
        // Signs up from 127.0.0.1 on every run; the per-address limit is tested in the api.
        SIGNUP_MAX_PER_IP: '1000',
        ...env,
      },
    },
    '     ',
    (line) => /^api-\d+ \| /.test(line),
  );
  const { child, exit } = run;
  const running = () => child.exitCode === null && child.signalCode === null;
  const cluster = {
    ...run,
    /** cluster.json: its instances (name, pid, port, restarts) and HAProxy's (pid, stats socket, access log). */
    state: () => (existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined),
    haproxyStates: () => haproxyStates(cluster.state().haproxy.stats_socket),
    /** `cond`'s first truthy answer, asked every `everyMs`; CheckFailed when the cluster exits or time runs out. */
    async waitUntil(what, cond, timeoutMs, everyMs = 250) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (!running()) throw new CheckFailed(`${what}: the cluster exited`);
        const value = await cond();
        if (value) return value;
        await sleep(everyMs);
      }
      throw new CheckFailed(`${what}: not within ${timeoutMs / 1000} s`);
    },
    /** Until HAProxy runs (cluster.json names it). */
    started: () => cluster.waitUntil('the cluster starts', () => cluster.state()?.haproxy, START_TIMEOUT_MS),
    /** SIGTERM to the cluster unless it has exited, and its exit awaited (30 s at most). */
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      await Promise.race([exit, sleep(30_000)]);
    },
  };
  return cluster;
}
