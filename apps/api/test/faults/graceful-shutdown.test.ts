import { type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { authEndpoints } from '@remit/contract';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startApiProcess } from './api-process.ts';
import { inPostgresPass } from './throwaway-services.ts';
import { BUILTIN_KEY } from '../../src/adapters/realtime/credentials.ts';

// docs/product/system.md#faults: on SIGTERM the api finishes the request in flight, tells its
// sockets to reconnect elsewhere (a 4200-range close) and exits 0 on its own.

describe.skipIf(inPostgresPass)('graceful shutdown', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('SIGTERM: readiness fails first, the request in flight gets its answer, sockets are told to reconnect, the process exits 0', async () => {
    const api = await startApiProcess({ env: { SHUTDOWN_DRAIN_MS: '1500', DATABASE_URL: '', REDIS_URL: '' } });
    child = api.child;
    const { port } = api;

    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${BUILTIN_KEY}?protocol=7`);
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve()); // pusher:connection_established
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    // A request whose body is still arriving when the signal comes.
    const http = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => http.once('connect', () => resolve()));
    let answer = '';
    http.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise<void>((resolve) => http.once('close', () => resolve()));
    const body = JSON.stringify({ email: 'someone@example.com', password: 'Correct-Horse-42-battery' });
    http.write(
      `POST ${authEndpoints.signIn.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 200));

    const exited = new Promise<number | null>((resolve) => api.child.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    api.child.kill('SIGTERM');

    // Draining: readiness fails as soon as the signal is handled, while the port still takes
    // connections, so a balancer checking it stops sending before connections would be refused.
    // (A probe sent before the child has run its signal handler still gets 200: on a busy machine
    // that can take a moment, hence the short poll.)
    let ready = await fetch(`${api.url}/health/ready`);
    for (const until = Date.now() + 2_000; ready.status === 200 && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 25));
      ready = await fetch(`${api.url}/health/ready`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ checks: { instance: 'draining' } });

    expect(await closed).toBeGreaterThanOrEqual(4200);
    await new Promise((r) => setTimeout(r, 300));
    http.end(body.slice(5));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /); // answered, not reset
    expect(answer).not.toMatch(/^HTTP\/1\.1 5\d\d /);
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    child = undefined;
  }, 120_000);
});
