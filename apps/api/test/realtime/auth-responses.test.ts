// The bodies of /broadcasting/auth and /broadcasting/user-auth, checked against the official
// `pusher` SDK (the reference implementation), and the builtin credentials derived from APP_KEY.
import { signChannel } from '@remit/pusher-server';
import Pusher from 'pusher';
import { describe, expect, it } from 'vitest';
import { builtinCredentials } from '../../src/adapters/realtime/credentials.ts';
import { AppError } from '../../src/lib/app-error.ts';
import { authenticateUser, authorizeChannel } from '../../src/modules/realtime/auth-responses.ts';

const creds = { key: 'k3y', secret: 's3cret' };
const official = new Pusher({ appId: '1', key: creds.key, secret: creds.secret, host: '127.0.0.1', useTLS: false });
const socketId = '1234.5678';

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

describe('builtin credentials', () => {
  it('derives a stable secret from APP_KEY', () => {
    expect(builtinCredentials('k1')).toEqual(builtinCredentials('k1'));
    expect(builtinCredentials('k1').secret).not.toBe(builtinCredentials('k2').secret);
    expect(builtinCredentials('k1').secret).toMatch(/^[0-9a-f]{64}$/);
  });
});
