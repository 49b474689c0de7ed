// Cross-instance fan-out of published events. Every instance, the publisher included, hands each
// message to its own hub exactly once: the publishing instance delivers locally at once and
// skips its own copy when it comes back from Redis.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export interface FanoutMessage {
  channels: string[];
  event: string;
  /** The event data as sent on the wire (a string, usually JSON). */
  data: string;
  /** Socket to leave out (the HTTP API's `socket_id`). */
  socketId?: string;
}

export type FanoutHandler = (msg: FanoutMessage) => void;

export interface Fanout {
  /** Delivers to this instance's handlers and to every other instance. */
  publish(msg: FanoutMessage): Promise<void>;
  onMessage(handler: FanoutHandler): void;
  close(): Promise<void>;
}

export interface FanoutLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

function dispatch(handlers: readonly FanoutHandler[], msg: FanoutMessage, logger?: FanoutLogger): void {
  for (const handler of handlers) {
    try {
      handler(msg);
    } catch (err) {
      logger?.error({ err }, 'realtime: fan-out handler failed');
    }
  }
}

/** Single instance: publish goes straight to the handlers. */
export function createLocalFanout(logger?: FanoutLogger): Fanout {
  const handlers: FanoutHandler[] = [];
  return {
    async publish(msg) {
      dispatch(handlers, msg, logger);
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
    },
  };
}

/** Redis pub/sub channel of the fan-out unless `redisChannel` says otherwise. */
export const DEFAULT_REDIS_CHANNEL = 'remit:realtime';

interface Envelope {
  /** Id of the publishing instance. */
  o: string;
  m: FanoutMessage;
}

export interface RedisFanoutOptions {
  url: string;
  /** Redis pub/sub channel (pub/sub ignores the DB index, so tests use their own channel). */
  channel?: string;
  logger?: FanoutLogger;
  /** Unique id of this instance; random by default. */
  instanceId?: string;
}

export interface RedisFanout extends Fanout {
  readonly instanceId: string;
}

/**
 * Redis pub/sub fan-out (two connections: one publishes, one subscribes). Resolves once the
 * subscription is active, so that nothing published afterwards is missed.
 */
export async function createRedisFanout(options: RedisFanoutOptions): Promise<RedisFanout> {
  const channel = options.channel ?? DEFAULT_REDIS_CHANNEL;
  const instanceId = options.instanceId ?? randomUUID();
  const logger = options.logger;
  const handlers: FanoutHandler[] = [];
  const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true };
  const pub = new Redis(options.url, redisOptions);
  const sub = new Redis(options.url, { ...redisOptions, enableAutoPipelining: false });
  for (const [name, conn] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    conn.on('error', (err: Error) => logger?.warn({ err, connection: name }, 'realtime: Redis connection error'));
  }

  sub.on('messageBuffer', (ch: Buffer, payload: Buffer) => {
    if (ch.toString() !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload.toString('utf8')) as Envelope;
    } catch (err) {
      logger?.warn({ err }, 'realtime: unreadable fan-out message ignored');
      return;
    }
    if (envelope.o === instanceId || typeof envelope.m !== 'object' || envelope.m === null) return;
    dispatch(handlers, envelope.m, logger);
  });

  try {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(channel);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw err;
  }

  let closed = false;
  return {
    instanceId,
    async publish(msg) {
      if (closed) throw new Error('realtime fan-out is closed');
      dispatch(handlers, msg, logger);
      const envelope: Envelope = { o: instanceId, m: msg };
      await pub.publish(channel, JSON.stringify(envelope));
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.length = 0;
      await Promise.allSettled([sub.quit(), pub.quit()]);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
