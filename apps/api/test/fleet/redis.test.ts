// What three instances share through Redis (TEST_REDIS_URL; docs/product/system.md#several-instances):
// a session made on A works on B and C and a sign-out on A ends it on B and C at once (session-cache
// invalidation), login failures split over the instances count toward one limit, and an event
// published on A reaches a pusher-js socket connected to B (the built-in server's Redis fan-out).
import { authEndpoints, realtimeEndpoints } from '@remit/contract';
import PusherClient, { type ChannelAuthorizationCallback } from 'pusher-js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, STRONG_PASSWORD, uniqueEmail } from '../helpers.ts';
import { cleanup, connected, nextEvent, onCleanup } from '../realtime/helpers.ts';
import { onInstance, redisUrl, until, useFleet } from './helpers.ts';

const fleet = useFleet({
  instances: 3,
  redis: true,
  env: { LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '50' },
});
afterEach(cleanup);

describe.skipIf(!redisUrl)('several instances sharing Redis (TEST_REDIS_URL)', () => {
  beforeAll(async () => {
    await until(() => fleet.apps.every((app) => app.sessions.cache.enabled), 'every session cache to subscribe');
  });

  it('a session made on A works on B and C; a sign-out on A ends it on B and C at once', async () => {
    const a = new Client(fleet.apps[0]!);
    const me = await a.signUp();
    const others = fleet.apps.slice(1).map((app) => onInstance(app, a));
    for (const other of others) {
      const res = await other.profile();
      expect(res.statusCode).toBe(200);
      expect(authEndpoints.getProfile.response.parse(res.json()).id).toBe(me.id);
      expect((await other.profile()).statusCode).toBe(200); // now from B's (C's) session cache
    }
    expect((await a.post(authEndpoints.signOut.path)).statusCode).toBe(204);
    for (const other of others) expect((await other.profile()).statusCode).toBe(401);
  });

  it('login failures split over A, B and C count toward the one per-email limit', async () => {
    const email = uniqueEmail('fleet');
    await new Client(fleet.apps[0]!).signUp(email);
    const clients = fleet.apps.map((app, i) => {
      const c = new Client(app);
      c.ip = `10.0.7.${i + 1}`;
      return c;
    });
    for (const c of clients) await c.csrf();
    for (const c of clients) {
      expect((await c.post(authEndpoints.signIn.path, { email, password: 'Wrong-password-1' })).statusCode).toBe(422);
    }
    // A fourth attempt, right this time, on any instance: the email is locked.
    const res = await clients[0]!.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(429);
  });

  it('an event published on A reaches a socket connected to B, once', async () => {
    const ports: number[] = [];
    for (const app of fleet.apps.slice(0, 2)) {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      ports.push(typeof address === 'object' && address ? address.port : 0);
    }
    const originB = `http://127.0.0.1:${ports[1]}`;
    const client = new Client(fleet.apps[1]!);
    const me = await client.signUp();
    const config = realtimeEndpoints.getAppConfig.response.parse(
      await (await fetch(`${originB}${realtimeEndpoints.getAppConfig.path}`)).json(),
    ).realtime;
    // The browser's path to /broadcasting/auth on B: its form body, the session cookie and X-XSRF-TOKEN.
    const authorizer = (params: { socketId: string; channelName: string }, done: ChannelAuthorizationCallback) => {
      fetch(`${originB}${config.auth_endpoint}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
        },
        body: new URLSearchParams({ socket_id: params.socketId, channel_name: params.channelName }).toString(),
      })
        .then(async (res) =>
          res.ok ? done(null, (await res.json()) as { auth: string }) : done(new Error(`status ${res.status}`), null),
        )
        .catch((err: Error) => done(err, null));
    };
    (PusherClient as unknown as { logToConsole: boolean }).logToConsole = false;
    const socket = new PusherClient(config.key, {
      cluster: config.cluster,
      wsHost: '127.0.0.1',
      wsPort: ports[1],
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: { endpoint: '', transport: 'ajax', customHandler: authorizer },
    });
    onCleanup(() => socket.disconnect());
    await connected(socket);
    const channel = socket.subscribe(`private-customer.${me.id}`);
    await nextEvent(channel, 'pusher:subscription_succeeded');

    const received: unknown[] = [];
    channel.bind('App\\Events\\ProfileUpdated', (data: unknown) => received.push(data));
    fleet.apps[0]!.customerEvents.notify(me.id, 'ProfileUpdated', { reason: 'fleet' });
    await fleet.apps[0]!.customerEvents.flush();
    await until(() => received.length > 0, 'the event on B');
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([{ reason: 'fleet' }]);
  });
});
