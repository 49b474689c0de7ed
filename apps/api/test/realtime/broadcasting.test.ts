// /broadcasting/auth, /broadcasting/user-auth and /client/v1/app-config on the real app: through
// app.inject, and with the real pusher-js (node) client against the listening app, receiving an
// event published by app.customerEvents.notify (official `pusher` SDK over loopback HTTP).
import { createHmac } from 'node:crypto';
import { realtimeEndpoints } from '@remit/contract';
import PusherClient, { type ChannelAuthorizationCallback, type Options } from 'pusher-js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { builtinCredentials } from '../../src/adapters/realtime/credentials.ts';
import { Client, testConfig, useTestApp, createTestDb } from '../helpers.ts';
import { cleanup, connected, nextEvent, onCleanup } from './helpers.ts';

const ctx = useTestApp();
afterEach(cleanup);

const SOCKET_ID = '1234.5678';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function creds() {
  return builtinCredentials(ctx.config.appKey);
}

function expectedSignature(stringToSign: string): string {
  const { key, secret } = creds();
  return `${key}:${createHmac('sha256', secret).update(stringToSign).digest('hex')}`;
}

async function signedIn() {
  const client = new Client(ctx.app);
  const customer = await client.signUp();
  return { client, customer, sessionToken: client.cookies.get('remit_session')! };
}

describe('POST /broadcasting/auth (inject)', () => {
  it('signs the caller’s own private channel, form-encoded with the XSRF header', async () => {
    const { client, customer } = await signedIn();
    const channel = `private-customer.${customer.id}`;
    const res = await client.post(
      '/broadcasting/auth',
      formBody({ socket_id: SOCKET_ID, channel_name: channel }),
      form,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = realtimeEndpoints.authorizeChannel.response.parse(res.json());
    expect(body).toEqual({ auth: expectedSignature(`${SOCKET_ID}:${channel}`) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('accepts JSON too, and signs the presence channel with channel_data', async () => {
    const { client, customer } = await signedIn();
    const channel = `presence-customer.${customer.id}`;
    const res = await client.post('/broadcasting/auth', { socket_id: SOCKET_ID, channel_name: channel });
    expect(res.statusCode, res.body).toBe(200);
    const body = realtimeEndpoints.authorizeChannel.response.parse(res.json());
    expect(body.channel_data).toBeDefined();
    const data = JSON.parse(body.channel_data!) as { user_id: string; user_info: { name: string } };
    expect(data.user_id).toBe(customer.id);
    expect(data.user_info.name).toMatch(/@example\.com$/); // no name yet: the email
    expect(body.auth).toBe(expectedSignature(`${SOCKET_ID}:${channel}:${body.channel_data!}`));
  });

  it('refuses another customer’s channel with 403', async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    for (const channel of [`private-customer.${other.customer.id}`, `presence-customer.${other.customer.id}`]) {
      const res = await client.post(
        '/broadcasting/auth',
        formBody({ socket_id: SOCKET_ID, channel_name: channel }),
        form,
      );
      expect(res.statusCode, channel).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    }
  });

  it('answers 401 without a session, before looking at the body', async () => {
    const client = new Client(ctx.app);
    await client.csrf();
    const res = await client.post('/broadcasting/auth', formBody({ socket_id: 'nonsense' }), form);
    expect(res.statusCode).toBe(401);
    const bearer = await ctx.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { ...form, authorization: 'Bearer not-a-session' },
      payload: formBody({ socket_id: SOCKET_ID, channel_name: 'private-customer.1' }),
    });
    expect(bearer.statusCode).toBe(401);
  });

  it('answers 419 when the XSRF header is missing', async () => {
    const { client, customer } = await signedIn();
    const res = await client.post(
      '/broadcasting/auth',
      formBody({ socket_id: SOCKET_ID, channel_name: `private-customer.${customer.id}` }),
      { ...form, 'x-xsrf-token': '' },
    );
    expect(res.statusCode).toBe(419);
  });

  it('answers 422 for a malformed socket id or channel name, or a missing field', async () => {
    const { client, customer } = await signedIn();
    const cases: Array<[Record<string, string>, string]> = [
      [{ socket_id: 'abc', channel_name: `private-customer.${customer.id}` }, 'socket_id'],
      [{ socket_id: SOCKET_ID, channel_name: 'private-cust omer' }, 'channel_name'],
      [{ socket_id: SOCKET_ID, channel_name: `customer.${customer.id}` }, 'channel_name'],
      [{ channel_name: `private-customer.${customer.id}` }, 'socket_id'],
    ];
    for (const [fields, field] of cases) {
      const res = await client.post('/broadcasting/auth', formBody(fields), form);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(Object.keys((res.json() as { errors: object }).errors)).toContain(field);
    }
  });

  it('accepts a bearer session token without cookies or the XSRF header', async () => {
    const { customer, sessionToken } = await signedIn();
    const channel = `private-customer.${customer.id}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { ...form, authorization: `Bearer ${sessionToken}` },
      payload: formBody({ socket_id: SOCKET_ID, channel_name: channel }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ auth: expectedSignature(`${SOCKET_ID}:${channel}`) });
  });

  it('still wants the XSRF header when a session cookie comes along with the bearer token', async () => {
    const { client, customer, sessionToken } = await signedIn();
    const res = await client.post(
      '/broadcasting/auth',
      formBody({ socket_id: SOCKET_ID, channel_name: `private-customer.${customer.id}` }),
      { ...form, authorization: `Bearer ${sessionToken}`, 'x-xsrf-token': '' },
    );
    expect(res.statusCode).toBe(419);
  });

  it('does not take a bearer token on other paths', async () => {
    const { sessionToken } = await signedIn();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/profile',
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(res.statusCode).toBe(401);
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/logout',
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(post.statusCode).toBe(419);
  });
});

describe('POST /broadcasting/user-auth (inject)', () => {
  it('returns user_data with the customer id and name (email while no name)', async () => {
    const { client, customer } = await signedIn();
    const res = await client.post('/broadcasting/user-auth', formBody({ socket_id: SOCKET_ID }), form);
    expect(res.statusCode, res.body).toBe(200);
    const body = realtimeEndpoints.authenticateUser.response.parse(res.json());
    const user = JSON.parse(body.user_data) as { id: string; user_info: { name: string } };
    expect(user.id).toBe(customer.id);
    expect(user.user_info.name).toMatch(/@example\.com$/);
    expect(body.auth).toBe(expectedSignature(`${SOCKET_ID}::user::${body.user_data}`));
  });

  it('answers 401 without a session and 422 for a bad socket id', async () => {
    const anonymous = new Client(ctx.app);
    await anonymous.csrf();
    expect((await anonymous.post('/broadcasting/user-auth', formBody({ socket_id: SOCKET_ID }), form)).statusCode).toBe(
      401,
    );
    const { client } = await signedIn();
    expect((await client.post('/broadcasting/user-auth', formBody({ socket_id: '1.x' }), form)).statusCode).toBe(422);
  });
});

describe('GET /client/v1/app-config', () => {
  it('is public and describes the built-in server (page host and port, TLS as APP_URL)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: realtimeEndpoints.getAppConfig.path });
    expect(res.statusCode).toBe(200);
    const body = realtimeEndpoints.getAppConfig.response.parse(res.json());
    expect(body.realtime).toEqual({
      driver: 'pusher',
      mode: 'builtin',
      key: creds().key,
      cluster: 'eu',
      ws_host: null,
      ws_port: null,
      force_tls: false,
      auth_endpoint: '/broadcasting/auth',
      user_auth_endpoint: '/broadcasting/user-auth',
      namespace: 'App.Events',
    });
  });

  describe('hosted Pusher and https', () => {
    it('forces TLS and names the cluster', async () => {
      const db = await createTestDb();
      const app = await buildApp(
        testConfig({
          APP_URL: 'https://remit.example.com',
          PUSHER_APP_ID: '123',
          PUSHER_KEY: 'hosted-key',
          PUSHER_SECRET: 'hosted-secret',
          PUSHER_CLUSTER: 'eu',
        }),
        { db },
      );
      onCleanup(async () => {
        await app.close();
        await db.destroy();
      });
      const res = await app.inject({ method: 'GET', url: realtimeEndpoints.getAppConfig.path });
      const body = realtimeEndpoints.getAppConfig.response.parse(res.json());
      expect(body.realtime).toMatchObject({
        mode: 'hosted',
        key: 'hosted-key',
        cluster: 'eu',
        ws_host: null,
        ws_port: null,
        force_tls: true,
      });
    });

    it('built-in server behind https forces TLS too', async () => {
      const db = await createTestDb();
      const app = await buildApp(testConfig({ APP_URL: 'https://remit.example.com' }), { db });
      onCleanup(async () => {
        await app.close();
        await db.destroy();
      });
      const res = await app.inject({ method: 'GET', url: realtimeEndpoints.getAppConfig.path });
      expect(realtimeEndpoints.getAppConfig.response.parse(res.json()).realtime.force_tls).toBe(true);
    });
  });
});

describe('with pusher-js against the listening app', () => {
  let origin = '';
  let port = 0;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    origin = `http://127.0.0.1:${port}`;
  });

  (PusherClient as unknown as { logToConsole: boolean }).logToConsole = false;

  function pusher(overrides: Partial<Options>): PusherClient {
    const config = realtimeConfig();
    const client = new PusherClient(config.key, {
      cluster: config.cluster,
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: config.force_tls,
      enabledTransports: ['ws'],
      disableStats: true,
      ...overrides,
    });
    onCleanup(() => client.disconnect());
    return client;
  }

  let cachedConfig: ReturnType<typeof realtimeEndpoints.getAppConfig.response.parse>['realtime'] | undefined;
  function realtimeConfig() {
    if (!cachedConfig) throw new Error('load the app config first');
    return cachedConfig;
  }
  async function loadConfig() {
    const res = await fetch(`${origin}${realtimeEndpoints.getAppConfig.path}`);
    cachedConfig = realtimeEndpoints.getAppConfig.response.parse(await res.json()).realtime;
    return cachedConfig;
  }

  /**
   * The browser's path: the form body pusher-js sends, with the session cookie and X-XSRF-TOKEN.
   * (pusher-js's node XHR refuses to set Cookie, so this handler posts what it would.)
   */
  function cookieAuthorizer(client: Client) {
    return (params: { socketId: string; channelName: string }, callback: ChannelAuthorizationCallback) => {
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      fetch(`${origin}${realtimeConfig().auth_endpoint}`, {
        method: 'POST',
        headers: { ...form, cookie, 'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? '') },
        body: formBody({ socket_id: params.socketId, channel_name: params.channelName }),
      })
        .then(async (res) => {
          if (!res.ok) return callback(Object.assign(new Error(`status ${res.status}`), { status: res.status }), null);
          callback(null, (await res.json()) as { auth: string });
        })
        .catch((err: Error) => callback(err, null));
    };
  }

  it('a signed-in customer subscribes to their channel via /broadcasting/auth and receives customerEvents.notify', async () => {
    const { client, customer } = await signedIn();
    await loadConfig();
    const socket = pusher({
      channelAuthorization: { endpoint: '', transport: 'ajax', customHandler: cookieAuthorizer(client) },
    });
    await connected(socket);
    const channel = socket.subscribe(`private-customer.${customer.id}`);
    await nextEvent(channel, 'pusher:subscription_succeeded');

    const received = nextEvent(channel, 'App\\Events\\ProfileUpdated');
    ctx.app.customerEvents.notify(customer.id, 'ProfileUpdated', { reason: 'test' });
    expect(await received).toEqual({ reason: 'test' });
    await ctx.app.customerEvents.flush();
  });

  it('another customer’s channel is refused (403 subscription error)', async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    await loadConfig();
    const socket = pusher({
      channelAuthorization: { endpoint: '', transport: 'ajax', customHandler: cookieAuthorizer(client) },
    });
    await connected(socket);
    const channel = socket.subscribe(`private-customer.${other.customer.id}`);
    const error = await nextEvent<{ type: string; error: string }>(channel, 'pusher:subscription_error');
    expect(error).toMatchObject({ type: 'AuthError', error: 'status 403' });

    // pusher-js's own ajax request (bearer) reports the HTTP status itself.
    const config = realtimeConfig();
    const bearer = pusher({
      channelAuthorization: {
        endpoint: `${origin}${config.auth_endpoint}`,
        transport: 'ajax',
        headers: { Authorization: `Bearer ${client.cookies.get('remit_session')!}` },
      },
    });
    await connected(bearer);
    const refused = bearer.subscribe(`private-customer.${other.customer.id}`);
    expect(await nextEvent<{ status: number }>(refused, 'pusher:subscription_error')).toMatchObject({ status: 403 });
  });

  it('with a bearer token, pusher-js’s own form-encoded ajax request authorises the channel and signs in', async () => {
    const { customer, sessionToken } = await signedIn();
    const config = await loadConfig();
    const headers = { Authorization: `Bearer ${sessionToken}` };
    const socket = pusher({
      channelAuthorization: { endpoint: `${origin}${config.auth_endpoint}`, transport: 'ajax', headers },
      userAuthentication: { endpoint: `${origin}${config.user_auth_endpoint}`, transport: 'ajax', headers },
    });
    await connected(socket);
    const channel = socket.subscribe(`private-customer.${customer.id}`);
    await nextEvent(channel, 'pusher:subscription_succeeded');
    const received = nextEvent(channel, 'App\\Events\\TasksChanged');
    ctx.app.customerEvents.notify(customer.id, 'TasksChanged');
    expect(await received).toEqual({});

    const signedInEvent = nextEvent(socket.connection, 'message', 3000);
    socket.signin();
    const msg = (await signedInEvent) as { event: string; data: { user_data: string } };
    expect(msg.event).toBe('pusher:signin_success');
    expect(JSON.parse(msg.data.user_data)).toMatchObject({ id: customer.id });
  });
});
