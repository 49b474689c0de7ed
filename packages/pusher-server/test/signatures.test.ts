// Signatures checked against the official `pusher` SDK (the reference implementation), the
// protocol's channel-name and socket-id rules, and the hub's presence bookkeeping.
import Pusher from 'pusher';
import { describe, expect, it } from 'vitest';
import { Hub, type HubSocket } from '../src/hub.ts';
import { checkChannelName, isValidSocketId, newSocketId } from '../src/protocol.ts';
import {
  md5Hex,
  signChannel,
  signHttpRequest,
  signUser,
  verifyChannelAuth,
  verifyHttpRequest,
  verifyUserAuth,
} from '../src/signatures.ts';

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
});

describe('hub', () => {
  const sock = (id: string) => {
    const frames: string[] = [];
    // The hub writes whole WebSocket frames: these are under 126 bytes, so a 2-byte header.
    const s: HubSocket & { frames: string[] } = {
      id,
      frames,
      sendFrame: (f) => frames.push(f.subarray(2).toString('utf8')),
    };
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
