// What a connection may join: public channels freely, private and presence channels with a
// channel-auth signature, `#server-to-user-{id}` once signed in as that user (`pusher:signin`
// with a user-auth signature). Presence members are counted per user, across their sockets.
import type { Connection, MessageHandlers } from './connection.ts';
import {
  checkChannelName,
  encodeSigninSuccess,
  encodeSubscriptionError,
  encodeSubscriptionSucceeded,
  ErrorCodes,
  LIMITS,
  type PresenceMember,
} from './protocol.ts';
import type { ServerContext, Verdict } from './settings.ts';
import { verifyChannelAuth, verifyUserAuth } from './signatures.ts';

export function createSubscriptionHandlers(ctx: ServerContext): MessageHandlers {
  const { hub, settings } = ctx;
  const creds = settings.credentials;
  const maxSubscriptions = settings.limits.maxSubscriptionsPerSocket;

  function subscribe(conn: Connection, data: unknown): void {
    if (typeof data !== 'object' || data === null) {
      return conn.error(ErrorCodes.messageRefused, 'pusher:subscribe needs data with a channel.');
    }
    const { channel, auth, channel_data: channelData } = data as Record<string, unknown>;
    const check = checkChannelName(channel);
    if (typeof channel !== 'string') return conn.error(ErrorCodes.messageRefused, 'pusher:subscribe needs a channel.');
    const fail = (message: string, status: number) => conn.send(encodeSubscriptionError(channel, message, status));
    if (!check.ok) return fail(check.message, 400);
    if (!hub.isSubscribed(conn.id, channel) && hub.subscriptionCount(conn.id) >= maxSubscriptions) {
      return fail(`Too many subscriptions on this connection (max ${maxSubscriptions}).`, 400);
    }

    let member: PresenceMember | undefined;
    switch (check.kind) {
      case 'public':
        break;
      case 'private':
        if (!verifyChannelAuth(creds, conn.id, channel, auth)) return fail('Invalid signature.', 401);
        break;
      case 'presence': {
        if (typeof channelData !== 'string') return fail('Presence channels need channel_data.', 400);
        if (!verifyChannelAuth(creds, conn.id, channel, auth, channelData)) return fail('Invalid signature.', 401);
        const parsed = parsePresenceData(channelData);
        if (!parsed.ok) return fail(parsed.message, 400);
        member = parsed.value;
        break;
      }
      case 'server-to-user':
        if (conn.userId === undefined || conn.userId !== check.userId) {
          return fail('Sign in as this user before subscribing to their channel.', 403);
        }
        break;
    }
    const result = hub.subscribe(conn.id, channel, member);
    if (!result.ok) return fail(result.message, 403);
    conn.send(encodeSubscriptionSucceeded(channel, result.presence));
  }

  function unsubscribe(conn: Connection, data: unknown): void {
    const channel = (data as { channel?: unknown } | null)?.channel;
    if (typeof channel === 'string') hub.unsubscribe(conn.id, channel);
  }

  function signin(conn: Connection, data: unknown): void {
    const { auth, user_data: userData } = (typeof data === 'object' && data !== null ? data : {}) as Record<
      string,
      unknown
    >;
    const refuseSignin = (message: string) => {
      conn.error(ErrorCodes.connectionUnauthorized, message);
      conn.ws.close(ErrorCodes.connectionUnauthorized, message.slice(0, 120));
    };
    if (typeof userData !== 'string' || !verifyUserAuth(creds, conn.id, userData, auth)) {
      return refuseSignin('Invalid user authentication signature.');
    }
    let id: unknown;
    try {
      id = (JSON.parse(userData) as { id?: unknown } | null)?.id;
    } catch {
      return refuseSignin('user_data must be JSON.');
    }
    if (typeof id !== 'string' || id.length === 0) return refuseSignin('user_data must contain a non-empty string id.');
    conn.userId = id;
    conn.send(encodeSigninSuccess(userData));
  }

  return { subscribe, unsubscribe, signin };
}

/** The presence member a signed channel_data announces: `{"user_id": …, "user_info": …}`. */
function parsePresenceData(channelData: string): Verdict<PresenceMember> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return { ok: false, status: 400, message: 'channel_data must be JSON.' };
  }
  const userId = (parsed as { user_id?: unknown } | null)?.user_id;
  const id = typeof userId === 'number' && Number.isFinite(userId) ? String(userId) : userId;
  if (typeof id !== 'string' || id.length === 0 || id.length > LIMITS.maxPresenceUserIdLength) {
    return { ok: false, status: 400, message: 'channel_data must contain a user_id (string or number).' };
  }
  const userInfo = (parsed as { user_info?: unknown }).user_info;
  if (userInfo !== undefined && Buffer.byteLength(JSON.stringify(userInfo), 'utf8') > LIMITS.maxPresenceUserInfoBytes) {
    return { ok: false, status: 400, message: `user_info must be at most ${LIMITS.maxPresenceUserInfoBytes} bytes.` };
  }
  return { ok: true, value: { user_id: id, user_info: userInfo } };
}
