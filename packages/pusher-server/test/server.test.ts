// The server driven by the real clients: pusher-js (node build) on the socket side and the
// official `pusher` SDK on the HTTP API side.
import Pusher from 'pusher';
import type { PresenceChannel } from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { signChannel, signHttpRequest } from '../src/index.ts';
import {
  APP_ID,
  KEY,
  SECRET,
  cleanup,
  connected,
  customerChannel,
  eventName,
  nextEvent,
  pusherClient,
  rawClient,
  rawSocketId,
  sleep,
  startServer,
  type TestServer,
} from './helpers.ts';

afterEach(cleanup);

function sdk(server: TestServer, overrides: Partial<Pusher.Options> = {}): Pusher {
  return new Pusher({
    appId: APP_ID,
    key: KEY,
    secret: SECRET,
    host: '127.0.0.1',
    port: String(server.port),
    useTLS: false,
    ...overrides,
  } as Pusher.Options);
}

interface RequestError {
  status?: number;
  body?: string;
}

describe('connection', () => {
  it('pusher-js connects and gets a socket id and the 120 s activity timeout', async () => {
    const server = await startServer();
    const raw = rawClient(server);
    const established = await raw.next('pusher:connection_established');
    const data = JSON.parse(established.data as string) as { socket_id: string; activity_timeout: number };
    expect(data.activity_timeout).toBe(120);
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);

    const client = pusherClient(server, '42');
    const socketId = await connected(client);
    expect(socketId).toMatch(/^\d+\.\d+$/);
    expect(client.connection.state).toBe('connected');
    // pusher-js takes the server's activity timeout (ms) from the handshake.
    expect((client.connection as unknown as { activityTimeout: number }).activityTimeout).toBe(120_000);
    expect(server.app.realtime.connectionCount()).toBe(2);
  });

  it('refuses an unknown key with 4001 and an unsupported protocol with 4007', async () => {
    const server = await startServer();
    const badKey = rawClient(server, '/app/nope?protocol=7');
    const err = await badKey.next('pusher:error');
    expect(err.data).toMatchObject({ code: 4001 });
    expect((await badKey.closed).code).toBe(4001);

    const oldProtocol = rawClient(server, `/app/${KEY}?protocol=6`);
    expect((await oldProtocol.next('pusher:error')).data).toMatchObject({ code: 4007 });
    expect((await oldProtocol.closed).code).toBe(4007);

    const noProtocol = rawClient(server, `/app/${KEY}`);
    expect((await noProtocol.closed).code).toBe(4008);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const server = await startServer();
    const raw = rawClient(server);
    await rawSocketId(raw);
    raw.send({ event: 'pusher:ping', data: {} });
    expect((await raw.next('pusher:pong')).event).toBe('pusher:pong');
  });

  it('pings a silent client after the activity timeout and closes it with 4201 without a pong', async () => {
    const server = await startServer({ activityTimeoutSeconds: 0.4, pongTimeoutSeconds: 0.3 });
    const silent = rawClient(server);
    const polite = rawClient(server);
    await Promise.all([rawSocketId(silent), rawSocketId(polite)]);
    polite.ws.on('message', (buf) => {
      if (JSON.parse(String(buf)).event === 'pusher:ping') polite.send({ event: 'pusher:pong', data: {} });
    });
    await silent.next('pusher:ping', 2000);
    expect((await silent.closed).code).toBe(4201);
    expect(polite.ws.readyState).toBe(polite.ws.OPEN);
  });

  it('refuses client events, oversized messages and unknown events without closing', async () => {
    const server = await startServer();
    const client = pusherClient(server, '42');
    const channel = client.subscribe(customerChannel('42'));
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const errored = nextEvent<{ type: string; data: { code: number; message: string } }>(client.connection, 'error');
    channel.trigger('client-typing', { hello: 1 });
    const err = await errored;
    expect(err.type).toBe('PusherError');
    expect(err.data.code).toBe(4301);
    expect(err.data.message).toMatch(/client events/i);

    const raw = rawClient(server);
    await rawSocketId(raw);
    raw.send({ event: 'pusher:subscribe', data: { channel: 'x'.repeat(20), pad: 'y'.repeat(11 * 1024) } });
    expect((await raw.next('pusher:error')).data).toMatchObject({ code: 4300 });
    raw.send('not json');
    expect((await raw.next('pusher:error')).data).toMatchObject({ code: 4300 });
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.next('pusher:pong');
    expect(client.connection.state).toBe('connected');
  });

  it('closes sockets with 4200 on app.close()', async () => {
    const server = await startServer();
    const raw = rawClient(server);
    await rawSocketId(raw);
    await server.app.close();
    expect((await raw.closed).code).toBe(4200);
  });
});

describe('channels', () => {
  it('authorises a private channel through /broadcasting/auth and receives an SDK event', async () => {
    const server = await startServer();
    const client = pusherClient(server, '42');
    const channel = client.subscribe(customerChannel('42'));
    await nextEvent(channel, 'pusher:subscription_succeeded');

    const name = eventName('TransactionStatusChanged');
    expect(name).toBe('App\\Events\\TransactionStatusChanged');
    const received = nextEvent<{ id: string; status: string }>(channel, name);
    const res = await sdk(server).trigger(customerChannel('42'), name, { id: 't1', status: 'paid' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await received).toEqual({ id: 't1', status: 'paid' });
  });

  it("refuses another customer's channel (403 from the auth endpoint)", async () => {
    const server = await startServer();
    const client = pusherClient(server, '42');
    const channel = client.subscribe(customerChannel('43'));
    const err = await nextEvent<{ type: string; status: number }>(channel, 'pusher:subscription_error');
    expect(err).toMatchObject({ type: 'AuthError', status: 403 });
  });

  it('refuses a forged channel signature with a subscription error', async () => {
    const server = await startServer();
    const client = pusherClient(server, null, {
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) =>
          callback(null, { auth: signChannel({ key: KEY, secret: 'wrong-secret' }, socketId, channelName) }),
      },
    });
    const channel = client.subscribe('private-customer.42');
    const err = await nextEvent<{ type: string; error: string; status: number }>(channel, 'pusher:subscription_error');
    expect(err).toMatchObject({ type: 'AuthError', status: 401 });
    expect(err.error).toMatch(/signature/i);
    expect(server.app.realtime.hub.channelInfo('private-customer.42').occupied).toBe(false);
  });

  it('refuses encrypted channels and private channels without auth', async () => {
    const server = await startServer();
    const raw = rawClient(server);
    await rawSocketId(raw);
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-encrypted-x', auth: 'a:b' } });
    const enc = await raw.next('pusher:subscription_error');
    expect(enc.channel).toBe('private-encrypted-x');
    expect(JSON.parse(enc.data as string).error).toMatch(/not supported/);
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-x' } });
    expect((await raw.next('pusher:subscription_error')).channel).toBe('private-x');
    raw.send({ event: 'pusher:subscribe', data: { channel: 'public-news' } });
    expect((await raw.next('pusher_internal:subscription_succeeded')).channel).toBe('public-news');
  });

  it('shows presence joins and leaves to other members, a user with two sockets once', async () => {
    const server = await startServer();
    const room = 'presence-room';
    const member = (userId: string) =>
      pusherClient(server, null, {
        channelAuthorization: {
          customHandler: ({ socketId, channelName }, callback) => {
            const channelData = JSON.stringify({ user_id: userId, user_info: { name: userId } });
            callback(null, {
              auth: signChannel({ key: KEY, secret: SECRET }, socketId, channelName, channelData),
              channel_data: channelData,
            });
          },
        },
      });

    const a = member('u1');
    const chA = a.subscribe(room) as PresenceChannel;
    await nextEvent(chA, 'pusher:subscription_succeeded');
    expect(chA.members.count).toBe(1);
    const seenByA: string[] = [];
    chA.bind('pusher:member_added', (m: { id: string }) => seenByA.push(`+${m.id}`));
    chA.bind('pusher:member_removed', (m: { id: string }) => seenByA.push(`-${m.id}`));

    const b = member('u2');
    const chB = b.subscribe(room) as PresenceChannel;
    const addedSeenByA = nextEvent<{ id: string; info: unknown }>(chA, 'pusher:member_added');
    await nextEvent(chB, 'pusher:subscription_succeeded');
    expect(await addedSeenByA).toEqual({ id: 'u2', info: { name: 'u2' } });
    expect(chB.members.count).toBe(2);
    expect(chA.members.count).toBe(2);

    // u1 again on a second socket: no member_added, count unchanged.
    const a2 = member('u1');
    const chA2 = a2.subscribe(room) as PresenceChannel;
    await nextEvent(chA2, 'pusher:subscription_succeeded');
    expect(chA2.members.count).toBe(2);
    expect(server.app.realtime.hub.channelInfo(room)).toEqual({ occupied: true, subscription_count: 3, user_count: 2 });

    // u1's second socket leaves: u1 stays. Then u2 leaves: member_removed.
    a2.disconnect();
    const removed = nextEvent<{ id: string }>(chA, 'pusher:member_removed');
    b.disconnect();
    expect((await removed).id).toBe('u2');
    expect(chA.members.count).toBe(1);
    expect(seenByA).toEqual(['+u2', '-u2']);
  });

  it('authorises presence-customer.{id} through authorizeChannel with channel_data', async () => {
    const server = await startServer();
    const client = pusherClient(server, '42');
    const channel = client.subscribe('presence-customer.42') as PresenceChannel;
    await nextEvent(channel, 'pusher:subscription_succeeded');
    expect(channel.members.me).toEqual({ id: '42', info: { name: 'Customer 42' } });
  });

  it('signs in a user and delivers server-to-user events', async () => {
    const server = await startServer();
    const client = pusherClient(server, '42');
    await connected(client);
    client.signin();
    const received = nextEvent<{ hello: string }>(client.user, 'greeting');
    // Wait until the #server-to-user channel is subscribed.
    for (let i = 0; i < 50 && !server.app.realtime.hub.channelInfo('#server-to-user-42').occupied; i++) await sleep(20);
    await sdk(server).sendToUser('42', 'greeting', { hello: 'world' });
    expect(await received).toEqual({ hello: 'world' });
  });

  it('excludes the socket given as socket_id', async () => {
    const server = await startServer();
    const one = pusherClient(server, '42');
    const two = pusherClient(server, '42');
    const ch1 = one.subscribe(customerChannel('42'));
    const ch2 = two.subscribe(customerChannel('42'));
    await Promise.all([
      nextEvent(ch1, 'pusher:subscription_succeeded'),
      nextEvent(ch2, 'pusher:subscription_succeeded'),
    ]);
    const got: string[] = [];
    ch1.bind('ping', () => got.push('one'));
    ch2.bind('ping', () => got.push('two'));
    await sdk(server).trigger(customerChannel('42'), 'ping', {}, { socket_id: one.connection.socket_id });
    await sdk(server).trigger(customerChannel('42'), 'ping', {});
    await sleep(100);
    expect(got.sort()).toEqual(['one', 'two', 'two']);
  });
});

describe('HTTP events API', () => {
  it('delivers batch_events', async () => {
    const server = await startServer();
    const client = pusherClient(server, '42');
    const channel = client.subscribe(customerChannel('42'));
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const first = nextEvent(channel, eventName('TasksChanged'));
    const second = nextEvent(channel, eventName('ProfileUpdated'));
    const res = await sdk(server).triggerBatch([
      { channel: customerChannel('42'), name: eventName('TasksChanged'), data: { n: 1 } },
      { channel: customerChannel('42'), name: eventName('ProfileUpdated'), data: { n: 2 } },
    ]);
    expect(res.status).toBe(200);
    expect(await first).toEqual({ n: 1 });
    expect(await second).toEqual({ n: 2 });
  });

  it('refuses a forged signature with 401', async () => {
    const server = await startServer();
    const error = (await sdk(server, { secret: 'forged' })
      .trigger('news', 'e', {})
      .catch((e: unknown) => e)) as RequestError;
    expect(error.status).toBe(401);
    const wrongKey = (await sdk(server, { key: 'other' })
      .trigger('news', 'e', {})
      .catch((e: unknown) => e)) as RequestError;
    expect(wrongKey.status).toBe(401);
  });

  it('refuses a stale auth_timestamp and a body that does not match body_md5', async () => {
    const server = await startServer();
    const path = `/apps/${APP_ID}/events`;
    const body = JSON.stringify({ name: 'e', data: '{}', channels: ['news'] });
    const post = (params: Record<string, string>, sent = body) =>
      fetch(`${server.origin}${path}?${new URLSearchParams(params)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: sent,
      });

    const fresh = signHttpRequest({ key: KEY, secret: SECRET }, { method: 'POST', path, body });
    expect((await post(fresh)).status).toBe(200);

    const stale = signHttpRequest(
      { key: KEY, secret: SECRET },
      { method: 'POST', path, body, timestamp: Math.floor(Date.now() / 1000) - 601 },
    );
    const staleRes = await post(stale);
    expect(staleRes.status).toBe(401);
    expect(((await staleRes.json()) as { error: string }).error).toMatch(/timestamp/i);

    const tampered = await post(fresh, body.replace('news', 'other'));
    expect(tampered.status).toBe(401);
  });

  it('answers 400 for bad bodies, 413 for data over 10 KB, 404 for another app id', async () => {
    const server = await startServer();
    const client = sdk(server);
    const statusOf = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: RequestError) => e.status,
      );
    // The SDK JSON-encodes `body` (its typings say string): send raw objects to reach validation.
    const post = (path: string, body: object) => client.post({ path, body: body as unknown as string });
    expect(await statusOf(post('/events', { name: 'e', channels: ['news'] }))).toBe(400);
    expect(await statusOf(post('/events', { name: 'e', data: '{}', channels: [] }))).toBe(400);
    expect(await statusOf(post('/events', { name: 'e', data: '{}', channels: ['bad channel!'] }))).toBe(400);
    expect(await statusOf(post('/batch_events', { batch: [] }))).toBe(400);
    expect(await statusOf(client.trigger('news', 'e', 'x'.repeat(10 * 1024 + 1)))).toBe(413);
    expect(await statusOf(client.trigger('news', 'e', 'x'.repeat(10 * 1024)))).toBe(200);
    expect(await statusOf(sdk(server, { appId: '999' }).trigger('news', 'e', {}))).toBe(404);
  });

  it('reports channel occupancy', async () => {
    const server = await startServer();
    const client = pusherClient(server, '42');
    const channel = client.subscribe(customerChannel('42'));
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const res = await sdk(server).get({
      path: `/channels/${customerChannel('42')}`,
      params: { info: 'subscription_count' },
    });
    expect(await res.json()).toEqual({ occupied: true, subscription_count: 1 });
    const list = await sdk(server).get({ path: '/channels' });
    expect(await list.json()).toEqual({ channels: { [customerChannel('42')]: {} } });
  });
});
