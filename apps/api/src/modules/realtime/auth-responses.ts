// What POST /broadcasting/auth and POST /broadcasting/user-auth answer, as pure functions, signed
// with @remit/pusher-server's helpers. The routes parse the form body (socket_id, channel_name),
// resolve the signed-in customer (401 when none), then call these. Errors are AppErrors: 422 for
// malformed input, 403 for a channel that is not the caller's (docs/product/realtime.md).
import { customerChannel, customerPresenceChannel } from '@remit/contract';
import {
  checkChannelName,
  isValidSocketId,
  LIMITS,
  signChannel,
  signUser,
  type Credentials,
} from '@remit/pusher-server';
import { AppError } from '../../lib/app-error.ts';

export interface BroadcastCustomer {
  id: string | number;
  /** Shown to other members of presence channels (keep it small: at most 1 KB). */
  info?: Record<string, unknown>;
}

export interface ChannelAuthInput {
  socketId: unknown;
  channelName: unknown;
  customer: BroadcastCustomer | null | undefined;
}

export type ChannelAuthResponse = { auth: string } | { auth: string; channel_data: string };

export interface UserAuthInput {
  socketId: unknown;
  user: { id: string | number; user_info?: Record<string, unknown> } | null | undefined;
}

export interface UserAuthResponse {
  auth: string;
  user_data: string;
}

export const FORBIDDEN_MESSAGE = 'This action is unauthorized.';

function requireSocketId(socketId: unknown): string {
  if (isValidSocketId(socketId)) return socketId;
  throw AppError.validation({
    socket_id: [
      socketId === undefined || socketId === '' ? 'The socket id field is required.' : 'The socket id is invalid.',
    ],
  });
}

/** The channels a customer may subscribe to. */
export function channelsAllowedFor(customerId: string | number): string[] {
  return [customerChannel(customerId), customerPresenceChannel(customerId)];
}

/**
 * Signs a channel subscription for the signed-in customer. Allowed: `private-customer.{id}` and
 * `presence-customer.{id}` of the caller only (403 otherwise). Presence answers carry
 * channel_data `{"user_id":"{id}","user_info":{...}}`, covered by the signature.
 */
export function authorizeChannel(creds: Credentials, input: ChannelAuthInput): ChannelAuthResponse {
  if (!input.customer) throw AppError.unauthenticated();
  const socketId = requireSocketId(input.socketId);
  const check = checkChannelName(input.channelName);
  if (!check.ok) throw AppError.validation({ channel_name: [check.message] });
  const channelName = input.channelName as string;
  if (check.kind !== 'private' && check.kind !== 'presence') {
    throw AppError.validation({ channel_name: ['Only private- and presence- channels need authorisation.'] });
  }
  if (!channelsAllowedFor(input.customer.id).includes(channelName)) {
    throw AppError.forbidden(FORBIDDEN_MESSAGE);
  }
  if (check.kind === 'private') return { auth: signChannel(creds, socketId, channelName) };

  const userInfo = input.customer.info ?? {};
  if (Buffer.byteLength(JSON.stringify(userInfo), 'utf8') > LIMITS.maxPresenceUserInfoBytes) {
    throw AppError.internal('Presence user_info is larger than 1 KB.');
  }
  const channelData = JSON.stringify({ user_id: String(input.customer.id), user_info: userInfo });
  return { auth: signChannel(creds, socketId, channelName, channelData), channel_data: channelData };
}

/** Signs a user sign-in (pusher-js `signin()`): user_data `{"id":"{id}","user_info":{...}}`. */
export function authenticateUser(creds: Credentials, input: UserAuthInput): UserAuthResponse {
  if (!input.user) throw AppError.unauthenticated();
  const socketId = requireSocketId(input.socketId);
  const userData = JSON.stringify({
    id: String(input.user.id),
    ...(input.user.user_info ? { user_info: input.user.user_info } : {}),
  });
  return { auth: signUser(creds, socketId, userData), user_data: userData };
}

/** Binds the credentials once: `const broadcast = createBroadcastAuth({ key, secret })`. */
export function createBroadcastAuth(creds: Credentials) {
  return {
    authorizeChannel: (input: ChannelAuthInput) => authorizeChannel(creds, input),
    authenticateUser: (input: UserAuthInput) => authenticateUser(creds, input),
  };
}
export type BroadcastAuth = ReturnType<typeof createBroadcastAuth>;
