// Pusher Channels protocol, version 7: the wire shapes, error codes, limits and name rules
// shared by the WebSocket server, the HTTP events API and the channel-auth endpoints of the app
// that mounts this server.
// Reference: https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol
import { randomInt } from 'node:crypto';

export const PROTOCOL_VERSION = 7;

/** Limits, as on hosted Pusher Channels. */
export const LIMITS = {
  /** Largest WebSocket message a client may send, and largest `data` of a published event (bytes). */
  maxMessageBytes: 10 * 1024,
  maxEventDataBytes: 10 * 1024,
  maxChannelNameLength: 164,
  maxEventNameLength: 200,
  maxChannelsPerEvent: 100,
  maxBatchEvents: 10,
  maxPresenceMembers: 100,
  maxPresenceUserIdLength: 128,
  maxPresenceUserInfoBytes: 1024,
  maxSubscriptionsPerSocket: 100,
} as const;

/** pusher:error codes (4000-4099 do not reconnect, 4100-4199 back off, 4200-4299 reconnect, 4300+ other). */
export const ErrorCodes = {
  applicationOnlyAcceptsSsl: 4000,
  applicationDoesNotExist: 4001,
  applicationDisabled: 4003,
  overConnectionQuota: 4004,
  pathNotFound: 4005,
  invalidVersionStringFormat: 4006,
  unsupportedProtocolVersion: 4007,
  noProtocolVersionSupplied: 4008,
  connectionUnauthorized: 4009,
  overCapacity: 4100,
  genericReconnect: 4200,
  pongNotReceived: 4201,
  closedAfterInactivity: 4202,
  /** Non-fatal: the message was refused, the connection stays open. */
  messageRefused: 4300,
  clientEventRejected: 4301,
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** A message as it travels on the socket: `data` is a JSON string in server-sent events. */
export interface PusherMessage {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** What a client may send. */
export interface SubscribeData {
  channel: string;
  auth?: string;
  channel_data?: string;
}

export interface SigninData {
  auth: string;
  user_data: string;
}

export interface PresenceMember {
  user_id: string;
  user_info: unknown;
}

export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

// ---------------------------------------------------------------------------------------------
// Socket ids
// ---------------------------------------------------------------------------------------------

export const SOCKET_ID_RE = /^\d{1,20}\.\d{1,20}$/;

export function isValidSocketId(value: unknown): value is string {
  return typeof value === 'string' && SOCKET_ID_RE.test(value);
}

/** A new socket id: two random positive integers joined by a dot, e.g. "183920.5512039". */
export function newSocketId(): string {
  return `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
}

// ---------------------------------------------------------------------------------------------
// Channel names
// ---------------------------------------------------------------------------------------------

export type ChannelKind = 'public' | 'private' | 'presence' | 'server-to-user';

export type ChannelCheck =
  { ok: true; kind: ChannelKind; /** for server-to-user channels */ userId?: string } | { ok: false; message: string };

const CHANNEL_NAME_RE = /^[A-Za-z0-9_\-=@,.;]+$/;
export const SERVER_TO_USER_PREFIX = '#server-to-user-';

/**
 * Validates a channel name and tells its kind. Encrypted (`private-encrypted-`) and cache
 * (`cache-`, `private-cache-`, `presence-cache-`) channels are refused: this server does not
 * implement them.
 */
export function checkChannelName(name: unknown): ChannelCheck {
  if (typeof name !== 'string' || name.length === 0) {
    return { ok: false, message: 'The channel name must be a non-empty string.' };
  }
  if (name.length > LIMITS.maxChannelNameLength) {
    return { ok: false, message: `The channel name must be at most ${LIMITS.maxChannelNameLength} characters.` };
  }
  if (name.startsWith(SERVER_TO_USER_PREFIX)) {
    const userId = name.slice(SERVER_TO_USER_PREFIX.length);
    if (userId.length === 0 || !CHANNEL_NAME_RE.test(userId)) {
      return { ok: false, message: 'Invalid server-to-user channel name.' };
    }
    return { ok: true, kind: 'server-to-user', userId };
  }
  if (!CHANNEL_NAME_RE.test(name)) {
    return {
      ok: false,
      message: 'The channel name may only contain letters, digits and the characters _ - = @ , . ;',
    };
  }
  if (name.startsWith('private-encrypted-')) {
    return { ok: false, message: 'Encrypted channels (private-encrypted-) are not supported by this server.' };
  }
  if (name.startsWith('cache-') || name.startsWith('private-cache-') || name.startsWith('presence-cache-')) {
    return { ok: false, message: 'Cache channels are not supported by this server.' };
  }
  if (name.startsWith('private-')) return { ok: true, kind: 'private' };
  if (name.startsWith('presence-')) return { ok: true, kind: 'presence' };
  return { ok: true, kind: 'public' };
}

export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= LIMITS.maxEventNameLength;
}

export function isClientEvent(name: string): boolean {
  return name.startsWith('client-');
}

// ---------------------------------------------------------------------------------------------
// Server-sent messages (encoded once, sent as text)
// ---------------------------------------------------------------------------------------------

export function encodeConnectionEstablished(socketId: string, activityTimeoutSeconds: number): string {
  return JSON.stringify({
    event: 'pusher:connection_established',
    data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutSeconds }),
  });
}

/** A WebSocket close reason: at most 123 bytes of UTF-8, cut between characters. */
export function closeReason(message: string): string {
  let bytes = 0;
  let out = '';
  for (const ch of message) {
    bytes += Buffer.byteLength(ch, 'utf8');
    if (bytes > 123) break;
    out += ch;
  }
  return out;
}

export function encodeError(code: ErrorCode | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

export const PING = JSON.stringify({ event: 'pusher:ping', data: '{}' });
export const PONG = JSON.stringify({ event: 'pusher:pong', data: '{}' });

export function encodeSubscriptionSucceeded(channel: string, presence?: PresenceSnapshot): string {
  return JSON.stringify({
    event: 'pusher_internal:subscription_succeeded',
    channel,
    data: JSON.stringify(presence ? { presence } : {}),
  });
}

/**
 * A refused subscription, scoped to the channel: pusher-js dispatches it to the channel, which
 * emits `pusher:subscription_error` (what Laravel Echo's `.error()` listens to).
 */
export function encodeSubscriptionError(channel: string, message: string, status = 401): string {
  return JSON.stringify({
    event: 'pusher:subscription_error',
    channel,
    data: JSON.stringify({ type: 'AuthError', error: message, status }),
  });
}

export function encodeMemberAdded(channel: string, member: PresenceMember): string {
  return JSON.stringify({
    event: 'pusher_internal:member_added',
    channel,
    data: JSON.stringify({ user_id: member.user_id, user_info: member.user_info }),
  });
}

export function encodeMemberRemoved(channel: string, userId: string): string {
  return JSON.stringify({
    event: 'pusher_internal:member_removed',
    channel,
    data: JSON.stringify({ user_id: userId }),
  });
}

export function encodeSigninSuccess(userData: string): string {
  return JSON.stringify({ event: 'pusher:signin_success', data: JSON.stringify({ user_data: userData }) });
}

export function encodeChannelEvent(channel: string, event: string, data: string): string {
  return JSON.stringify({ event, channel, data });
}

/** Parses a client message; undefined when it is not a JSON object with a string `event`. */
export function decodeClientMessage(text: string): PusherMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const msg = value as Record<string, unknown>;
  if (typeof msg.event !== 'string') return undefined;
  let data = msg.data;
  // Some clients send `data` as a JSON string; accept both.
  if (typeof data === 'string' && data.length > 0 && (data[0] === '{' || data[0] === '[')) {
    try {
      data = JSON.parse(data);
    } catch {
      /* keep the string */
    }
  }
  return {
    event: msg.event,
    ...(typeof msg.channel === 'string' ? { channel: msg.channel } : {}),
    data,
  };
}
