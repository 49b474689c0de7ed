// The api as a real process of its own, for the tests that signal it (graceful-shutdown.test.ts,
// kill-9-rig.ts, crash/payout-crash.test.ts): one process (node with tsx's loader), so a SIGTERM or
// SIGKILL reaches the server itself, not a wrapper.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { testEnv } from '../helpers.ts';
import { freePort } from './throwaway-services.ts';

const API_DIR = path.resolve(import.meta.dirname, '../..');

export interface ApiProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
}

/**
 * Whether GET `url` answers 2xx, on a connection of its own that is closed afterwards: none is left
 * open for the test's next request to reuse (it would reach the server before a signal sent first).
 */
function answersOk(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300);
      })
      .once('error', () => resolve(false));
  });
}

/**
 * Starts src/server.ts on 127.0.0.1 (on `port`, else a free one) with testEnv() and `env` over it,
 * and resolves once it answers GET /client/v1/password-policy; rejects with its output when it exits
 * first or does not answer within `timeoutMs`.
 */
export async function startApiProcess(
  opts: { env?: Record<string, string | undefined>; port?: number; timeoutMs?: number } = {},
): Promise<ApiProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...testEnv(), LOG_LEVEL: 'error', ...opts.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`api exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    }
    if (await answersOk(`${url}/client/v1/password-policy`)) return { child, url, port };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`api did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGKILLs the process (unless it has exited) and waits for its exit. */
export async function killApiProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
