// @remit/pusher-server: a Pusher Channels protocol 7 server that mounts on Fastify 5 (WebSocket at
// /app/{key}, HTTP events API at /apps/{appId}/…), with Redis fan-out between instances, and the
// signature helpers an app needs to answer channel-auth and user-auth requests. See README.md.

// The server
export { pusherServer, type PusherServer } from './plugin.ts';
export {
  DEFAULT_CONNECTION_LIMITS,
  type PusherServerLimits,
  type PusherServerOptions,
  type Trigger,
} from './settings.ts';
export { addressKey } from './quotas.ts';
export type { ChannelInfo, Hub } from './hub.ts';
export {
  createLocalFanout,
  createRedisFanout,
  DEFAULT_REDIS_CHANNEL,
  type Fanout,
  type FanoutLogger,
  type FanoutMessage,
  type RedisFanout,
  type RedisFanoutOptions,
} from './fanout.ts';

// Signatures (channel auth, user auth, HTTP API requests)
export {
  signChannel,
  signHttpRequest,
  signUser,
  verifyChannelAuth,
  verifyHttpRequest,
  verifyUserAuth,
  type Credentials,
  type HttpVerification,
} from './signatures.ts';

// Protocol rules an auth endpoint checks its input with
export {
  checkChannelName,
  ErrorCodes,
  isValidSocketId,
  LIMITS,
  PROTOCOL_VERSION,
  type ChannelCheck,
  type ChannelKind,
  type PresenceMember,
} from './protocol.ts';
