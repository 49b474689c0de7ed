// What a connection may join: public channels freely, private and presence channels with a
// channel-auth signature, `#server-to-user-{id}` once signed in as that user (`pusher:signin`
// with a user-auth signature). Presence members are counted per user, across their sockets.
// Joining a channel of a user (presence, or private as `userOfChannel` says) or signing in counts
// the socket toward that user's connection cap, and authorises the socket (no 4009 close).
import type { Connection, MessageHandlers } from './connection.ts';
import {
  checkChannelName,
  encodeSigninSuccess,
  encodeSubscriptionError,
  encodeSubscriptionSucceeded,
  ErrorCodes,
  LIMITS,
  SERVER_TO_USER_PREFIX,
  type PresenceMember,
} from './protocol.ts';
import { OVER_USER_QUOTA } from './quotas.ts';
import type { ServerContext, Verdict } from './settings.ts';
import { verifyChannelAuth, verifyUserAuth } from './signatures.ts';

export function createSubscriptionHandlers(ctx: ServerContext): MessageHandlers {
  const { hub, quotas, settings } = ctx;
  const creds = settings.credentials;
  const maxSubscriptions = settings.limits.maxSubscriptionsPerSocket;

  /** Whether a channel authorises the socket that holds it. */
  const authorises = (channel: string) =>
    channel.startsWith('private-') || channel.startsWith('presence-') || channel.startsWith(SERVER_TO_USER_PREFIX);

  /** The user over quota: the request is refused and the socket closed with 4004. */
  const overUserQuota = (conn: Connection) => conn.closeWith(OVER_USER_QUOTA.code, OVER_USER_QUOTA.message);

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
    let userId: string | undefined;
    switch (check.kind) {
      case 'public':
        break;
      case 'private':
        if (!verifyChannelAuth(creds, conn.id, channel, auth)) return fail('Invalid signature.', 401);
        userId = settings.userOfChannel(channel);
        break;
      case 'presence': {
        if (typeof channelData !== 'string') return fail('Presence channels need channel_data.', 400);
        if (!verifyChannelAuth(creds, conn.id, channel, auth, channelData)) return fail('Invalid signature.', 401);
        const parsed = parsePresenceData(channelData);
        if (!parsed.ok) return fail(parsed.message, 400);
        member = parsed.value;
        userId = member.user_id;
        break;
      }
      case 'server-to-user':
        if (conn.userId === undefined || conn.userId !== check.userId) {
          return fail('Sign in as this user before subscribing to their channel.', 403);
        }
        break;
    }
    if (userId !== undefined && !quotas.canBind(conn, userId)) {
      fail(OVER_USER_QUOTA.message, 429);
      return overUserQuota(conn);
    }
    const result = hub.subscribe(conn.id, channel, member);
    if (!result.ok) return fail(result.message, 403);
    if (userId !== undefined) quotas.bind(conn, userId);
    if (check.kind !== 'public') conn.unauthorisedSince = undefined;
    conn.send(encodeSubscriptionSucceeded(channel, result.presence));
  }

  function unsubscribe(conn: Connection, data: unknown): void {
    const channel = (data as { channel?: unknown } | null)?.channel;
    if (typeof channel !== 'string') return;
    hub.unsubscribe(conn.id, channel);
    // Its last authorising channel gone and not signed in: the auth timeout starts again.
    if (conn.userId === undefined && conn.unauthorisedSince === undefined) {
      if (![...hub.channelsOf(conn.id)].some(authorises)) conn.unauthorisedSince = Date.now();
    }
  }

  function signin(conn: Connection, data: unknown): void {
    const { auth, user_data: userData } = (typeof data === 'object' && data !== null ? data : {}) as Record<
      string,
      unknown
    >;
    const refuseSignin = (message: string) => conn.closeWith(ErrorCodes.connectionUnauthorized, message);
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
    if (!quotas.canBind(conn, id)) return overUserQuota(conn);
    quotas.bind(conn, id);
    conn.userId = id;
    conn.unauthorisedSince = undefined;
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
