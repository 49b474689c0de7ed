// The built-in realtime server's caps as the api configures them (docs/product/realtime.md#limits):
// REALTIME_* reach @remit/pusher-server, the address is the one Fastify gives under TRUST_PROXY,
// a customer's own private channel counts toward their cap, idle unauthorised sockets are closed,
// and a flood of sockets from one host leaves the HTTP api answering.
// (The server's own behaviour is tested in packages/pusher-server/test/limits.test.ts.)
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { authEndpoints, customerChannel, realtimeEndpoints } from '@remit/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openFileLimit, realtimeServerLimits, socketCap } from '../../src/plugins/realtime.ts';
import { Client, testConfig, useTestApp } from '../helpers.ts';
import { cleanup, onCleanup, timeout } from './helpers.ts';

const ctx = useTestApp({
  env: {
    TRUST_PROXY: 'true',
    REALTIME_MAX_CONNECTIONS_PER_IP: '10',
    REALTIME_MAX_CONNECTIONS_PER_USER: '2',
  },
});
afterEach(cleanup);

let port = 0;
let key = '';

/** Listens on a free port; the realtime key of its app config. */
async function listen(app: FastifyInstance): Promise<{ port: number; key: string }> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const res = await app.inject({ method: 'GET', url: realtimeEndpoints.getAppConfig.path });
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    key: realtimeEndpoints.getAppConfig.response.parse(res.json()).realtime.key,
  };
}

beforeAll(async () => {
  ({ port, key } = await listen(ctx.app));
});

const socketPath = () => `/app/${key}?protocol=7&client=js&version=8.6.0`;

interface Socket {
  ws: WebSocket;
  messages: Array<{ event: string; channel?: string; data?: unknown }>;
  /** The socket id, or the close code of a refusal. */
  outcome: Promise<{ socketId: string } | { closed: number; error: unknown }>;
  closed: Promise<number>;
}

function open(headers: Record<string, string> = {}, to = { port, key }): Socket {
  const url = `ws://127.0.0.1:${to.port}/app/${to.key}?protocol=7&client=js&version=8.6.0`;
  const ws = new WebSocket(url, { headers, perMessageDeflate: false });
  ws.on('error', () => undefined);
  onCleanup(() => ws.terminate());
  const messages: Socket['messages'] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const outcome = new Promise<{ socketId: string } | { closed: number; error: unknown }>((resolve) => {
    let error: unknown;
    ws.on('message', (buf) => {
      const msg = JSON.parse(String(buf)) as Socket['messages'][number];
      messages.push(msg);
      if (msg.event === 'pusher:error') error = msg.data;
      if (msg.event === 'pusher:connection_established') {
        resolve({ socketId: (JSON.parse(msg.data as string) as { socket_id: string }).socket_id });
      }
    });
    void closed.then((code) => resolve({ closed: code, error }));
  });
  return { ws, messages, outcome: timeout(outcome, 5000, 'the handshake'), closed };
}

async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A fresh HTTP connection to the listening api (as a new visitor makes): status or error code, and time. */
function httpGet(url: string): Promise<{ status: number | string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = get(`http://127.0.0.1:${port}${url}`, { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: err.code ?? err.message, ms: performance.now() - t0 }),
    );
  });
}

describe('connection caps from config', () => {
  it('a flood of sockets from one host: the excess gets 4100 and the api keeps answering', async () => {
    const flood = spawn(
      process.execPath,
      [
        path.resolve(
          path.dirname(fileURLToPath(import.meta.url)),
          '../../../../packages/pusher-server/test/fixtures/flood.mjs',
        ),
        `ws://127.0.0.1:${port}${socketPath()}`,
        '300',
        '300',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    onCleanup(() => void flood.kill('SIGKILL'));
    let finished = false;
    const summary = new Promise<unknown>((resolve) =>
      createInterface({ input: flood.stdout }).once('line', (line) => {
        finished = true;
        resolve(JSON.parse(line));
      }),
    );
    const answers: Array<{ status: number | string; ms: number }> = [];
    while (!finished || answers.length < 3) {
      answers.push(await httpGet(authEndpoints.getPasswordPolicy.path));
    }
    expect(await summary).toEqual({ established: 10, refused: { 4100: 290 }, errors: {} });
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2000);
    expect(ctx.app.realtime.connectionsFrom('127.0.0.1')).toBe(10);

    flood.kill('SIGKILL');
    await until(() => ctx.app.realtime.connectionCount() === 0, 'the flood’s sockets to close');
  });

  it('counts the client address Fastify gives under TRUST_PROXY', async () => {
    const fromA = Array.from({ length: 10 }, () => open({ 'x-forwarded-for': '198.51.100.1' }));
    for (const s of fromA) expect(await s.outcome).toHaveProperty('socketId');
    expect(await open({ 'x-forwarded-for': '198.51.100.1' }).outcome).toMatchObject({
      closed: 4100,
      error: { code: 4100 },
    });
    expect(await open({ 'x-forwarded-for': '198.51.100.2' }).outcome).toHaveProperty('socketId');
  });

  it('closes a socket that does not authorise within REALTIME_AUTH_TIMEOUT_SECONDS with 4009', async () => {
    const app = await buildApp(testConfig({ REALTIME_AUTH_TIMEOUT_SECONDS: '1' }), { db: ctx.db });
    onCleanup(() => app.close());
    const idle = open({}, await listen(app));
    expect(await idle.outcome).toHaveProperty('socketId');
    const t0 = performance.now();
    expect(await timeout(idle.closed, 3000, 'the idle socket to close')).toBe(4009);
    expect(idle.messages.find((m) => m.event === 'pusher:error')?.data).toMatchObject({ code: 4009 });
    expect(performance.now() - t0).toBeGreaterThan(500);
  });

  it("a customer's sockets on their own channel are capped at REALTIME_MAX_CONNECTIONS_PER_USER (4004)", async () => {
    const client = new Client(ctx.app);
    const customer = await client.signUp();
    const channel = customerChannel(customer.id);
    const subscribe = async (socket: Socket) => {
      const opened = await socket.outcome;
      if (!('socketId' in opened)) throw new Error(`refused: ${opened.closed}`);
      const res = await client.post(
        realtimeEndpoints.authorizeChannel.path,
        new URLSearchParams({ socket_id: opened.socketId, channel_name: channel }).toString(),
        { 'content-type': 'application/x-www-form-urlencoded' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const { auth } = realtimeEndpoints.authorizeChannel.response.parse(res.json());
      socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
      const reply = await new Promise<Socket['messages'][number]>((resolve) =>
        socket.ws.on('message', (buf) => {
          const msg = JSON.parse(String(buf)) as Socket['messages'][number];
          if (msg.channel === channel) resolve(msg);
        }),
      );
      return reply;
    };
    const sockets = [open(), open(), open()];
    expect((await subscribe(sockets[0]!)).event).toBe('pusher_internal:subscription_succeeded');
    expect((await subscribe(sockets[1]!)).event).toBe('pusher_internal:subscription_succeeded');
    const refused = await subscribe(sockets[2]!);
    expect(refused.event).toBe('pusher:subscription_error');
    expect(JSON.parse(refused.data as string)).toMatchObject({ status: 429 });
    expect(await sockets[2]!.closed).toBe(4004);
    expect(ctx.app.realtime.connectionsOfUser(String(customer.id))).toBe(2);
    expect(sockets[0]!.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('REALTIME_* configuration', () => {
  it('defaults sized for a 2-core instance, and refuses nonsense', () => {
    const defaults = testConfig().realtimeLimits;
    expect(defaults).toEqual({
      maxConnections: 10_000,
      maxConnectionsPerIp: 200,
      maxConnectionsPerUser: 20,
      authTimeoutSeconds: 30,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', APP_KEY: 'k'.repeat(40), REALTIME_MAX_CONNECTIONS: '0' })).toThrow(
      /REALTIME_MAX_CONNECTIONS must be an integer between 1 and/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', APP_KEY: 'k'.repeat(40), REALTIME_MAX_CONNECTIONS_PER_IP: 'lots' }),
    ).toThrow(/REALTIME_MAX_CONNECTIONS_PER_IP/);
  });

  it('passes the caps to the server and maps private-customer.{id} to its customer', () => {
    const options = realtimeServerLimits(testConfig({ REALTIME_AUTH_TIMEOUT_SECONDS: '0' }), undefined, 1_000_000);
    expect(options).toMatchObject({
      limits: { maxConnections: 10_000, maxConnectionsPerAddress: 200, maxConnectionsPerUser: 20 },
      authTimeoutSeconds: 0,
      handshakeTimeoutSeconds: 0,
    });
    expect(options.userOfChannel?.('private-customer.42')).toBe('42');
    expect(options.userOfChannel?.('private-customer.')).toBeUndefined();
    expect(options.userOfChannel?.('private-other.42')).toBeUndefined();
  });

  it('keeps the total cap under what the open-file limit leaves', () => {
    expect(socketCap(10_000, undefined)).toBe(10_000);
    expect(socketCap(10_000, 20_000)).toBe(10_000);
    expect(socketCap(10_000, 1024)).toBe(768);
    expect(socketCap(10_000, 100)).toBe(1);
    const dir = mkdtempSync(path.join(tmpdir(), 'remit-limits-'));
    const file = path.join(dir, 'limits');
    writeFileSync(
      file,
      'Limit                     Soft Limit           Hard Limit           Units\n' +
        'Max open files            20000                1048576              files\n',
    );
    expect(openFileLimit(file)).toBe(20_000);
    expect(openFileLimit(path.join(dir, 'missing'))).toBeUndefined();
  });
});
