// Real PostgreSQL and Redis servers of our own, on free ports, that a fault test may stop and
// restart without touching the shared ones other tests use (docs/product/system.md#faults).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Debian's PostgreSQL binaries (initdb, pg_ctl), or null when the machine has none. */
function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  return null;
}

function commandExists(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const canRunPostgres = postgresBinDir() !== null && (process.getuid?.() !== 0 || commandExists('runuser'));
export const canRunRedis = commandExists('redis-server');

/**
 * The api suite runs twice, on PGlite then on PostgreSQL (TEST_DATABASE_URL); these tests bring
 * their own servers, so they run once, in the first pass.
 */
export const inPostgresPass = Boolean(process.env.TEST_DATABASE_URL);

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
  start(): void;
  /** Stops and starts the server (fast shutdown: open connections are terminated, as in a real restart). */
  restart(): void;
  destroy(): void;
}

/** initdb + pg_ctl start in a temp folder (as the `postgres` user when we are root: PostgreSQL refuses root). */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'remit-fault-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (tool: string, args: string[]): void => {
    const cmd = path.join(bin, tool);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore' });
    else execFileSync(cmd, args, { stdio: 'ignore' });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = (): void => run('pg_ctl', ['-D', data, '-o', options, '-w', '-l', path.join(dir, 'log'), 'start']);
  const stop = (): void => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    restart: () => {
      stop();
      start();
    },
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
    },
  };
}

export interface ThrowawayRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function waitForPort(port: number, up: boolean): Promise<void> {
  const { connect } = await import('node:net');
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open === up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`port ${port} did not go ${up ? 'up' : 'down'}`);
}

/** A redis-server without persistence on a free port. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPort(port, true);
  };
  const stop = async (): Promise<void> => {
    child?.kill('SIGKILL');
    child = undefined;
    await waitForPort(port, false);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}/0`, start, stop };
}
