// Signatures checked against the official `pusher` SDK (the reference implementation) and the
// auth responses the /broadcasting routes return.
import Pusher from 'pusher';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.ts';
import { authenticateUser, authorizeChannel } from '../../src/realtime/auth-responses.ts';
import { builtinCredentials } from '../../src/realtime/credentials.ts';
import { DOMAIN_EVENTS, customerChannel, eventName } from '../../src/realtime/events.ts';
import { Hub, type HubSocket } from '../../src/realtime/hub.ts';
import { checkChannelName, isValidSocketId, newSocketId } from '../../src/realtime/protocol.ts';
import {
  md5Hex,
  signChannel,
  signHttpRequest,
  signUser,
  verifyChannelAuth,
  verifyHttpRequest,
  verifyUserAuth,
} from '../../src/realtime/signatures.ts';

const creds = { key: 'k3y', secret: 's3cret' };
const official = new Pusher({ appId: '1', key: creds.key, secret: creds.secret, host: '127.0.0.1', useTLS: false });
const socketId = '1234.5678';

describe('signatures', () => {
  it('channel auth matches the official SDK (private and presence) and verifies', () => {
    expect(signChannel(creds, socketId, 'private-customer.7')).toBe(
      official.authorizeChannel(socketId, 'private-customer.7').auth,
    );
    const presence = official.authorizeChannel(socketId, 'presence-room', { user_id: '7', user_info: { a: 1 } });
    expect(signChannel(creds, socketId, 'presence-room', presence.channel_data)).toBe(presence.auth);
    expect(verifyChannelAuth(creds, socketId, 'presence-room', presence.auth, presence.channel_data)).toBe(true);
    expect(verifyChannelAuth(creds, socketId, 'presence-room', presence.auth, '{"user_id":"8"}')).toBe(false);
    expect(
      verifyChannelAuth(creds, '1.2', 'private-customer.7', signChannel(creds, socketId, 'private-customer.7')),
    ).toBe(false);
    expect(
      verifyChannelAuth(
        creds,
        socketId,
        'private-x',
        `other:${signChannel(creds, socketId, 'private-x').split(':')[1]}`,
      ),
    ).toBe(false);
    expect(verifyChannelAuth(creds, socketId, 'private-x', undefined)).toBe(false);
    expect(verifyChannelAuth(creds, socketId, 'private-x', 'garbage')).toBe(false);
  });

  it('user auth matches the official SDK and verifies', () => {
    const res = official.authenticateUser(socketId, { id: '7', user_info: { name: 'x' } });
    expect(signUser(creds, socketId, res.user_data)).toBe(res.auth);
    expect(verifyUserAuth(creds, socketId, res.user_data, res.auth)).toBe(true);
    expect(verifyUserAuth(creds, socketId, res.user_data.replace('7', '8'), res.auth)).toBe(false);
  });

  it('HTTP request signing matches the official SDK and verification enforces time and body', () => {
    const body = '{"name":"e","data":"{}","channels":["a"]}';
    const path = '/apps/1/events';
    const timestamp = 1_700_000_000;
    const ours = signHttpRequest(creds, { method: 'POST', path, body, timestamp });
    // A query string signed by the official SDK verifies, and ours has the same shape.
    const theirs = Object.fromEntries(
      new URLSearchParams(official.createSignedQueryString({ method: 'POST', path, body })),
    );
    expect(
      verifyHttpRequest(creds, {
        method: 'POST',
        path,
        query: theirs,
        rawBody: body,
        nowSeconds: Number(theirs.auth_timestamp),
      }),
    ).toEqual({ ok: true });
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    expect(ours.body_md5).toBe(theirs.body_md5);
    expect(ours.body_md5).toBe(md5Hex(body));

    const verify = (query: Record<string, unknown>, rawBody = body, nowSeconds = timestamp) =>
      verifyHttpRequest(creds, { method: 'POST', path, query, rawBody, nowSeconds });
    expect(verify(ours)).toEqual({ ok: true });
    expect(verify(ours, body, timestamp + 600)).toEqual({ ok: true });
    expect(verify(ours, body, timestamp + 601)).toMatchObject({ ok: false, status: 401 });
    expect(verify(ours, body, timestamp - 601)).toMatchObject({ ok: false, status: 401 });
    expect(verify(ours, `${body} `)).toMatchObject({ ok: false, status: 401 });
    expect(verify({ ...ours, auth_signature: '0'.repeat(64) })).toMatchObject({ ok: false, status: 401 });
    expect(verify({ ...ours, auth_version: '2.0' })).toMatchObject({ ok: false, status: 401 });
    expect(verify({ ...ours, extra: 'x' })).toMatchObject({ ok: false, status: 401 });
    expect(verify({ ...ours, auth_key: ['a', 'b'] })).toMatchObject({ ok: false, status: 400 });
    const { body_md5: _omit, ...noMd5 } = ours;
    expect(verify(noMd5)).toMatchObject({ ok: false, status: 401 });
  });
});

describe('protocol', () => {
  it('validates channel names and socket ids', () => {
    expect(checkChannelName('news')).toEqual({ ok: true, kind: 'public' });
    expect(checkChannelName('private-customer.1')).toEqual({ ok: true, kind: 'private' });
    expect(checkChannelName('presence-customer.1')).toEqual({ ok: true, kind: 'presence' });
    expect(checkChannelName('#server-to-user-7')).toEqual({ ok: true, kind: 'server-to-user', userId: '7' });
    expect(checkChannelName('private-encrypted-x')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not supported/),
    });
    expect(checkChannelName('bad name')).toMatchObject({ ok: false });
    expect(checkChannelName('x'.repeat(165))).toMatchObject({ ok: false });
    expect(checkChannelName('')).toMatchObject({ ok: false });
    expect(checkChannelName(3)).toMatchObject({ ok: false });
    for (let i = 0; i < 20; i++) expect(isValidSocketId(newSocketId())).toBe(true);
    expect(isValidSocketId('12.34')).toBe(true);
    expect(isValidSocketId('12')).toBe(false);
    expect(isValidSocketId('1.2.3')).toBe(false);
    expect(isValidSocketId('a.b')).toBe(false);
  });

  it('names events as Laravel Echo with namespace App.Events binds them', () => {
    // Echo's EventFormatter: 'App.Events' + '.' + name, then every '.' becomes '\'.
    expect(eventName('SessionRevoked')).toBe('App\\Events\\SessionRevoked');
    expect(DOMAIN_EVENTS).toEqual([
      'TransactionStatusChanged',
      'DocumentStatusChanged',
      'ProfileUpdated',
      'TasksChanged',
      'SessionRevoked',
    ]);
    expect(customerChannel(12)).toBe('private-customer.12');
  });
});

describe('auth responses', () => {
  const customer = { id: 42, info: { name: 'Ada' } };

  it('signs the caller’s private and presence channels', () => {
    expect(authorizeChannel(creds, { socketId, channelName: 'private-customer.42', customer })).toEqual(
      official.authorizeChannel(socketId, 'private-customer.42'),
    );
    const presence = authorizeChannel(creds, { socketId, channelName: 'presence-customer.42', customer });
    expect(presence).toEqual({
      auth: signChannel(creds, socketId, 'presence-customer.42', '{"user_id":"42","user_info":{"name":"Ada"}}'),
      channel_data: '{"user_id":"42","user_info":{"name":"Ada"}}',
    });
  });

  it("refuses another customer's channel with 403 and malformed input with 422", () => {
    const attempt = (input: Partial<Parameters<typeof authorizeChannel>[1]>) => {
      try {
        authorizeChannel(creds, { socketId, channelName: 'private-customer.42', customer, ...input });
        return 200;
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        return (err as AppError).status;
      }
    };
    expect(attempt({})).toBe(200);
    expect(attempt({ channelName: 'private-customer.43' })).toBe(403);
    expect(attempt({ channelName: 'presence-customer.43' })).toBe(403);
    expect(attempt({ channelName: 'private-customer.420' })).toBe(403);
    expect(attempt({ channelName: 'private-encrypted-customer.42' })).toBe(422);
    expect(attempt({ channelName: 'news' })).toBe(422);
    expect(attempt({ channelName: undefined })).toBe(422);
    expect(attempt({ socketId: 'abc' })).toBe(422);
    expect(attempt({ socketId: undefined })).toBe(422);
    expect(attempt({ customer: null })).toBe(401);
  });

  it('authenticates a user like the official SDK', () => {
    const ours = authenticateUser(creds, { socketId, user: { id: 42, user_info: { name: 'Ada' } } });
    expect(ours).toEqual(official.authenticateUser(socketId, { id: '42', user_info: { name: 'Ada' } }));
  });
});

describe('hub', () => {
  const sock = (id: string) => {
    const frames: string[] = [];
    const s: HubSocket & { frames: string[] } = { id, frames, send: (f) => frames.push(String(f)) };
    return s;
  };

  it('counts presence members per socket and cleans up empty channels', () => {
    const hub = new Hub({ maxPresenceMembers: 2 });
    const [a, b, c, d] = [sock('1.1'), sock('1.2'), sock('1.3'), sock('1.4')];
    for (const s of [a, b, c, d]) hub.addSocket(s);
    hub.subscribe(a.id, 'presence-r', { user_id: 'u1', user_info: null });
    hub.subscribe(b.id, 'presence-r', { user_id: 'u1', user_info: null });
    expect(a.frames).toEqual([]);
    hub.subscribe(c.id, 'presence-r', { user_id: 'u2', user_info: null });
    expect(a.frames).toHaveLength(1);
    expect(b.frames).toHaveLength(1);
    expect(hub.subscribe(d.id, 'presence-r', { user_id: 'u3', user_info: null })).toMatchObject({ ok: false });
    expect(hub.channelInfo('presence-r')).toEqual({ occupied: true, subscription_count: 3, user_count: 2 });
    hub.removeSocket(a.id);
    expect(c.frames.filter((f) => f.includes('member_removed'))).toHaveLength(0);
    hub.removeSocket(b.id);
    expect(c.frames.filter((f) => f.includes('member_removed'))).toHaveLength(1);
    expect(hub.publish(['presence-r', 'nobody'], 'e', '{}')).toBe(1);
    hub.removeSocket(c.id);
    expect(hub.channelCount).toBe(0);
    expect(hub.channelInfo('presence-r')).toEqual({ occupied: false, subscription_count: 0, user_count: 0 });
  });
});

describe('builtin credentials', () => {
  it('derives a stable secret from APP_KEY', () => {
    expect(builtinCredentials('k1')).toEqual(builtinCredentials('k1'));
    expect(builtinCredentials('k1').secret).not.toBe(builtinCredentials('k2').secret);
    expect(builtinCredentials('k1').secret).toMatch(/^[0-9a-f]{64}$/);
  });
});
