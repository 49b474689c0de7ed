// Connection caps (in total, per address, per user), the close of sockets that never authorise,
// the handshake deadline, and a flood of sockets from one address while the HTTP side keeps
// answering. Real `ws` and pusher-js clients against a listening Fastify app.
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { addressKey } from '../src/quotas.ts';
import { signChannel } from '../src/index.ts';
import {
  CLIENT_PATH,
  CREDS,
  KEY,
  cleanup,
  connected,
  customerChannel,
  nextEvent,
  onCleanup,
  pusherClient,
  rawClient,
  rawSocketId,
  sleep,
  startServer,
  timeout,
  type RawClient,
  type TestServer,
} from './helpers.ts';

afterEach(cleanup);

/** The Pusher error code of a pusher-js connection `error` event (handshake or connected). */
function codeOf(event: unknown): number | undefined {
  const e = event as { data?: { code?: number }; error?: { data?: { code?: number } } };
  return e.data?.code ?? e.error?.data?.code;
}

type Outcome = { established: true; socketId: string } | { established: false; code: number; error: unknown };

/** Waits for the handshake: the socket id, or the pusher:error and close code of a refusal. */
function outcome(client: RawClient, ms = 5000): Promise<Outcome> {
  let error: unknown;
  return timeout(
    new Promise<Outcome>((resolve) => {
      client.ws.on('message', (buf) => {
        const msg = JSON.parse(String(buf)) as { event: string; data?: unknown };
        if (msg.event === 'pusher:error') error = msg.data;
        if (msg.event === 'pusher:connection_established') {
          resolve({ established: true, socketId: (JSON.parse(msg.data as string) as { socket_id: string }).socket_id });
        }
      });
      void client.closed.then(({ code }) => resolve({ established: false, code, error }));
    }),
    ms,
    'the handshake outcome',
  );
}

async function open(server: TestServer, headers?: Record<string, string>): Promise<Outcome & { client: RawClient }> {
  const client = rawClient(server, CLIENT_PATH, headers ? { headers } : {});
  return { client, ...(await outcome(client)) };
}

/** Polls until `condition` holds (at most `ms`). */
async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** pusher:signin through pusher-js, until the server has subscribed its #server-to-user channel. */
async function signIn(server: TestServer, client: ReturnType<typeof pusherClient>, userId: string): Promise<void> {
  client.signin();
  await until(() => server.app.realtime.hub.channelInfo(`#server-to-user-${userId}`).occupied, 'sign-in');
}

function subscribePrivate(client: RawClient, socketId: string, channel: string): void {
  client.send({ event: 'pusher:subscribe', data: { channel, auth: signChannel(CREDS, socketId, channel) } });
}

/** A TCP socket that speaks the upgrade by hand and then never answers anything (no close frame). */
function deafSocket(
  server: TestServer,
  request?: string,
): { socket: Socket; data: Promise<string>; closed: Promise<number> } {
  const t0 = performance.now();
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  let resolveData: (s: string) => void = () => undefined;
  const data = new Promise<string>((resolve) => (resolveData = resolve));
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
    resolveData(received);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now() - t0)));
  socket.on('connect', () => {
    socket.write(
      request ??
        `GET ${CLIENT_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
  });
  onCleanup(() => void socket.destroy());
  return { socket, data, closed };
}

describe('connection caps', () => {
  it('refuses connections above the per-address cap with 4100, and takes one again when a slot frees', async () => {
    const server = await startServer({ limits: { maxConnectionsPerAddress: 3 } });
    const accepted = await Promise.all([open(server), open(server), open(server)]);
    expect(accepted.every((o) => o.established)).toBe(true);

    const refused = await open(server);
    expect(refused).toMatchObject({ established: false, code: 4100, error: { code: 4100 } });
    expect(server.app.realtime.connectionCount()).toBe(3);
    expect(server.app.realtime.connectionsFrom('127.0.0.1')).toBe(3);

    accepted[0]!.client.ws.close();
    await accepted[0]!.client.closed;
    await sleep(50);
    expect((await open(server)).established).toBe(true);
  });

  it('counts the address Fastify gives (trustProxy), IPv4-mapped as IPv4 and IPv6 by /64', async () => {
    const server = await startServer({ limits: { maxConnectionsPerAddress: 2 } }, undefined, { trustProxy: true });
    const from = (ip: string) => open(server, { 'x-forwarded-for': ip });

    expect((await from('203.0.113.7')).established).toBe(true);
    expect((await from('::ffff:203.0.113.7')).established).toBe(true);
    expect(await from('203.0.113.7')).toMatchObject({ established: false, code: 4100 });
    expect((await from('203.0.113.8')).established).toBe(true);

    expect((await from('2001:db8:1:2::1')).established).toBe(true);
    expect((await from('2001:db8:1:2:ffff:0:0:9')).established).toBe(true);
    expect(await from('2001:0db8:0001:0002::abcd')).toMatchObject({ established: false, code: 4100 });
    expect((await from('2001:db8:1:3::1')).established).toBe(true);
    expect(server.app.realtime.connectionsFrom('203.0.113.7')).toBe(2);
    expect(server.app.realtime.connectionsFrom('2001:db8:1:2::')).toBe(2);
  });

  it('ignores X-Forwarded-For when Fastify does not trust the proxy', async () => {
    const server = await startServer({ limits: { maxConnectionsPerAddress: 1 } });
    expect((await open(server, { 'x-forwarded-for': '198.51.100.1' })).established).toBe(true);
    expect(await open(server, { 'x-forwarded-for': '198.51.100.2' })).toMatchObject({ established: false, code: 4100 });
  });

  it('refuses connections above the total cap with 4100 (over capacity)', async () => {
    const server = await startServer({ limits: { maxConnections: 2 } }, undefined, { trustProxy: true });
    expect((await open(server, { 'x-forwarded-for': '192.0.2.1' })).established).toBe(true);
    expect((await open(server, { 'x-forwarded-for': '192.0.2.2' })).established).toBe(true);
    const refused = await open(server, { 'x-forwarded-for': '192.0.2.3' });
    expect(refused).toMatchObject({ established: false, code: 4100, error: { code: 4100, message: 'Over capacity.' } });
  });

  it('pusher-js backs off on 4100 and gets in once a slot frees', async () => {
    const server = await startServer({ limits: { maxConnectionsPerAddress: 1 } });
    const first = await open(server);
    expect(first.established).toBe(true);
    const client = pusherClient(server, null);
    expect(codeOf(await nextEvent(client.connection, 'error'))).toBe(4100);
    first.client.ws.close();
    await connected(client); // pusher-js retries 1 s after a 41xx
  });
});

describe('connections per user', () => {
  it('refuses a presence subscription over the per-user cap with a subscription error and 4004', async () => {
    const server = await startServer({ limits: { maxConnectionsPerUser: 2 } });
    for (let i = 0; i < 2; i++) {
      const client = pusherClient(server, '42');
      await nextEvent(client.subscribe('presence-customer.42'), 'pusher:subscription_succeeded');
    }
    const third = pusherClient(server, '42');
    const errored = nextEvent(third.connection, 'error');
    const refused = nextEvent<{ status: number }>(third.subscribe('presence-customer.42'), 'pusher:subscription_error');
    expect(await refused).toMatchObject({ status: 429 });
    expect(codeOf(await errored)).toBe(4004);
    // 40xx: pusher-js does not reconnect.
    await until(() => third.connection.state === 'disconnected', 'pusher-js to give up');
    expect(server.app.realtime.connectionsOfUser('42')).toBe(2);

    // Another user is not affected.
    const other = pusherClient(server, '43');
    await nextEvent(other.subscribe('presence-customer.43'), 'pusher:subscription_succeeded');
  });

  it('counts a socket once per user however many of their channels it joins; a freed socket frees the slot', async () => {
    const server = await startServer({
      limits: { maxConnectionsPerUser: 1 },
      userOfChannel: (channel) => /^private-customer\.(.+)$/.exec(channel)?.[1],
    });
    const a = await open(server);
    if (!a.established) throw new Error('not established');
    subscribePrivate(a.client, a.socketId, customerChannel('7'));
    await a.client.next('pusher_internal:subscription_succeeded');
    a.client.send({
      event: 'pusher:subscribe',
      data: {
        channel: 'presence-customer.7',
        auth: signChannel(CREDS, a.socketId, 'presence-customer.7', '{"user_id":"7"}'),
        channel_data: '{"user_id":"7"}',
      },
    });
    await a.client.next('pusher_internal:subscription_succeeded');
    expect(server.app.realtime.connectionsOfUser('7')).toBe(1);

    const b = await open(server);
    if (!b.established) throw new Error('not established');
    subscribePrivate(b.client, b.socketId, customerChannel('7'));
    const error = await b.client.next('pusher:subscription_error');
    expect(JSON.parse(error.data as string)).toMatchObject({ status: 429 });
    expect((await b.client.next('pusher:error')).data).toMatchObject({ code: 4004 });
    expect((await b.client.closed).code).toBe(4004);

    a.client.ws.close();
    await a.client.closed;
    await sleep(50);
    expect(server.app.realtime.connectionsOfUser('7')).toBe(0);
    const c = await open(server);
    if (!c.established) throw new Error('not established');
    subscribePrivate(c.client, c.socketId, customerChannel('7'));
    await c.client.next('pusher_internal:subscription_succeeded');
  });

  it('refuses a pusher:signin over the per-user cap with 4004', async () => {
    const server = await startServer({ limits: { maxConnectionsPerUser: 1 } });
    const first = pusherClient(server, '9');
    await signIn(server, first, '9');
    const second = pusherClient(server, '9');
    await connected(second);
    const errored = nextEvent(second.connection, 'error');
    second.signin();
    expect(codeOf(await errored)).toBe(4004);
    expect(server.app.realtime.connectionsOfUser('9')).toBe(1);
  });
});

describe('sockets that never authorise', () => {
  it('closes a socket that neither signs in nor joins a private or presence channel with 4009', async () => {
    const server = await startServer({ authTimeoutSeconds: 1 });
    const idle = rawClient(server);
    const publicOnly = rawClient(server);
    const authorised = rawClient(server);
    const [, publicId, authorisedId] = await Promise.all([
      rawSocketId(idle),
      rawSocketId(publicOnly),
      rawSocketId(authorised),
    ]);
    expect(publicId).toBeTruthy();
    publicOnly.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    subscribePrivate(authorised, authorisedId, customerChannel('1'));
    await authorised.next('pusher_internal:subscription_succeeded');
    const t0 = performance.now();

    expect((await idle.next('pusher:error', 3000)).data).toMatchObject({ code: 4009 });
    expect((await idle.closed).code).toBe(4009);
    expect((await publicOnly.closed).code).toBe(4009);
    expect(performance.now() - t0).toBeLessThan(3000);
    await sleep(400);
    expect(authorised.ws.readyState).toBe(authorised.ws.OPEN);

    // Leaving its last private channel starts the clock again.
    authorised.send({ event: 'pusher:unsubscribe', data: { channel: customerChannel('1') } });
    expect((await authorised.closed).code).toBe(4009);
  });

  it('keeps a signed-in socket open', async () => {
    const server = await startServer({ authTimeoutSeconds: 1 });
    const client = pusherClient(server, '5');
    await signIn(server, client, '5');
    await sleep(1300);
    expect(client.connection.state).toBe('connected');
  });

  it('closes a connection whose upgrade request never completes', async () => {
    const server = await startServer({ handshakeTimeoutSeconds: 1 });
    const slow = deafSocket(server, `GET ${CLIENT_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n`);
    const silent = deafSocket(server, '');
    const [slowMs, silentMs] = await timeout(Promise.all([slow.closed, silent.closed]), 5000, 'handshake deadline');
    expect(slowMs).toBeLessThan(3000);
    expect(silentMs).toBeLessThan(3000);
  });
});

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A child process whose first stdout line is JSON; killed in cleanup. */
function spawnJson<T>(label: string, command: string, args: string[]): { child: ChildProcess; first: Promise<T> } {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  onCleanup(() => void child.kill('SIGKILL'));
  const first = new Promise<T>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as T));
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
  });
  return { child, first };
}

interface FloodSummary {
  established: number;
  refused: Record<string, number>;
  errors: Record<string, number>;
}

/** `count` sockets from another process (another "host" on the same address), `concurrency` at a time. */
function flood(port: number, count: number, concurrency: number) {
  return spawnJson<FloodSummary>('the flood', process.execPath, [
    path.join(FIXTURES, 'flood.mjs'),
    `ws://127.0.0.1:${port}${CLIENT_PATH}`,
    String(count),
    String(concurrency),
  ]);
}

/** GET /ping on a new connection each time (as new visitors do), `status` or the error's code. */
function ping(origin: string): Promise<{ status: number | string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = get(`${origin}/ping`, { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: err.code ?? err.message, ms: performance.now() - t0 }),
    );
  });
}

/** Pings every few ms until `done` settles (at least three times). */
async function probe(origin: string, done: Promise<unknown>): Promise<Array<{ status: number | string; ms: number }>> {
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => undefined);
  const answers: Array<{ status: number | string; ms: number }> = [];
  while (!finished || answers.length < 3) {
    answers.push(await ping(origin));
    await sleep(20);
  }
  return answers;
}

describe('a flood from one address', () => {
  it('refuses the excess with 4100 while HTTP keeps answering, and frees every slot afterwards', async () => {
    const server = await startServer({ limits: { maxConnectionsPerAddress: 10 } }, (app) => {
      app.get('/ping', async () => ({ ok: true }));
    });
    const attack = flood(server.port, 300, 300);
    const answers = await probe(server.origin, attack.first);
    const summary = await attack.first;

    expect(summary).toEqual({ established: 10, refused: { 4100: 290 }, errors: {} });
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2000);
    expect(server.app.realtime.connectionCount()).toBe(10);

    attack.child.kill('SIGKILL');
    await until(() => server.app.realtime.connectionCount() === 0, 'the flood’s sockets to close');
    expect(server.app.realtime.connectionsFrom('127.0.0.1')).toBe(0);
  });

  it('drops a refused socket whose client never answers the close', async () => {
    const server = await startServer({ limits: { maxConnectionsPerAddress: 1 } });
    expect((await open(server)).established).toBe(true);
    const deaf = deafSocket(server);
    expect(await deaf.data).toMatch(/^HTTP\/1\.1 101/);
    expect(await timeout(deaf.closed, 4000, 'the server to drop a refused socket')).toBeLessThan(3000);
  });

  it('keeps a server with a low open-file limit answering HTTP through a flood bigger than that limit', async () => {
    // The measured failure: sockets accepted until the process ran out of file descriptors, then
    // HTTP connections were reset. Here the limit is 200 descriptors and the flood 600 sockets.
    const options = { limits: { maxConnectionsPerAddress: 40 }, closeTimeoutMs: 500 };
    const server = spawnJson<{ port: number }>('the fixture server', 'sh', [
      '-c',
      'ulimit -n 200 && exec "$0" --import tsx "$1" "$2"',
      process.execPath,
      path.join(FIXTURES, 'server.ts'),
      JSON.stringify(options),
    ]);
    const { port } = await timeout(server.first, 15_000, 'the fixture server');
    const origin = `http://127.0.0.1:${port}`;
    const attack = flood(port, 600, 40);
    const answers = await probe(origin, attack.first);
    const summary = await attack.first;

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(summary).toEqual({ established: 40, refused: { 4100: 560 }, errors: {} });
    expect((await ping(origin)).status).toBe(200);
  }, 60_000);
});

describe('odd upgrade requests', () => {
  it('answers a bad key encoding and an absolute-form URL without crashing', async () => {
    const server = await startServer();
    const badEncoding = rawClient(server, '/app/%E0%A4%A?protocol=7');
    expect((await badEncoding.closed).code).toBe(4001);
    // A long key of multibyte characters: the close reason must stay within 123 bytes.
    const wideKey = rawClient(server, `/app/${'%E2%82%AC'.repeat(60)}?protocol=7`);
    expect((await wideKey.closed).code).toBe(4001);
    const weird = deafSocket(
      server,
      'GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await timeout(weird.closed, 3000, 'the odd request to be closed');
    // Still serving.
    expect((await open(server)).established).toBe(true);
  });

  it("runs the app's onRequest hooks on the upgrade: a hook's reply goes to the client, no socket", async () => {
    const server = await startServer({}, (app) => {
      app.addHook('onRequest', (request, reply, done) => {
        if (request.headers['x-blocked'] === '1') return void reply.code(403).send({ message: 'Blocked.' });
        done();
      });
    });
    const blocked = rawClient(server, CLIENT_PATH, { headers: { 'x-blocked': '1' } });
    const status = new Promise<number>((resolve) =>
      blocked.ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(await timeout(status, 3000, 'the hook’s answer')).toBe(403);
    expect(server.app.realtime.connectionCount()).toBe(0);
    expect((await open(server)).established).toBe(true);
  });

  it('answers a plain GET of the socket path with 426', async () => {
    const server = await startServer();
    const res = await fetch(`${server.origin}/app/${KEY}?protocol=7`);
    expect(res.status).toBe(426);
  });
});

describe('addressKey', () => {
  it('groups IPv6 by /64 and reads IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:DB8:0:0:1::1')).toBe('2001:db8:0:0::');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::');
    expect(addressKey('::1')).toBe('0:0:0:0::');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::');
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('not an address')).toBe('not an address');
  });
});
