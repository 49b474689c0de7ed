// Tells the other api instances to drop cached sessions (Redis pub/sub on `remit:session-cache`), and
// waits until each of them has done so: a sign-out answered by one instance is already in force on
// every instance. Every instance acknowledges on the publisher's own channel
// (`remit:session-cache:ack:<instance>`); PUBLISH says how many subscribers got the message, so the
// publisher knows how many acknowledgements to wait for (at most `ackTimeoutMs`, then it logs).
// While this instance's subscription is down it could miss invalidations, so its cache is switched
// off (and emptied) until the subscription is active again.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Invalidation } from './session-cache.ts';

export interface InvalidationBus {
  /** Tells every other instance; resolves once they have applied it (or it timed out / failed, logged). */
  publish(what: Invalidation): Promise<void>;
  close(): Promise<void>;
}

export interface InvalidationTarget {
  invalidate(what: Invalidation): void;
  setAvailable(available: boolean): void;
}

export interface BusLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** One instance: nobody else to tell. */
export const localInvalidationBus: InvalidationBus = {
  async publish() {},
  async close() {},
};

export const DEFAULT_INVALIDATION_CHANNEL = 'remit:session-cache';

interface Envelope {
  /** Publishing instance (it has already applied the invalidation). */
  o: string;
  /** Message number, echoed in the acknowledgement. */
  n: number;
  c?: string;
  t?: string;
}

function parse(payload: string): { envelope: Envelope; what: Invalidation } | undefined {
  try {
    const env = JSON.parse(payload) as Envelope;
    if (typeof env.o !== 'string' || typeof env.n !== 'number') return undefined;
    if (typeof env.c === 'string') return { envelope: env, what: { customerId: env.c } };
    if (typeof env.t === 'string') return { envelope: env, what: { tokenHash: env.t } };
  } catch {
    /* unreadable */
  }
  return undefined;
}

export interface RedisInvalidationBusOptions {
  url: string;
  target: InvalidationTarget;
  logger: BusLogger;
  /** Pub/sub channel (tests use their own). */
  channel?: string;
  /** How long a publish waits for the other instances' acknowledgements. */
  ackTimeoutMs?: number;
}

interface PendingAck {
  acks: number;
  expected: number;
  done: () => void;
}

/**
 * Starts with the target unavailable and makes it available once subscribed. Does not wait for
 * Redis: the api starts (uncached) even when Redis is down and caches once it is reachable.
 */
export function createRedisInvalidationBus(options: RedisInvalidationBusOptions): InvalidationBus {
  const { target, logger } = options;
  const channel = options.channel ?? DEFAULT_INVALIDATION_CHANNEL;
  const ackTimeoutMs = options.ackTimeoutMs ?? 250;
  const instanceId = randomUUID();
  const ackChannel = (instance: string) => `${channel}:ack:${instance}`;
  const pub = new Redis(options.url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(options.url, {
    maxRetriesPerRequest: 1,
    autoResubscribe: false,
    connectionName: `remit-session-cache-${instanceId}`,
  });
  const pending = new Map<number, PendingAck>();
  let subscribed = false;
  let closed = false;
  let counter = 0;

  target.setAvailable(false);
  for (const [name, conn] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    conn.on('error', (err: Error) => logger.warn({ err, connection: name }, 'session cache: Redis connection error'));
  }
  sub.on('ready', () => {
    sub.subscribe(channel, ackChannel(instanceId)).then(
      () => {
        if (closed) return;
        subscribed = true;
        target.setAvailable(true);
      },
      (err: unknown) => logger.warn({ err }, 'session cache: Redis subscribe failed; cache stays off'),
    );
  });
  sub.on('close', () => {
    subscribed = false;
    target.setAvailable(false);
  });
  sub.on('message', (ch: string, payload: string) => {
    if (ch === channel) {
      const msg = parse(payload);
      if (!msg) {
        logger.warn({ payload: payload.slice(0, 200) }, 'session cache: unreadable invalidation ignored');
        return;
      }
      if (msg.envelope.o === instanceId) return;
      target.invalidate(msg.what);
      pub.publish(ackChannel(msg.envelope.o), String(msg.envelope.n)).catch((err: unknown) => {
        logger.warn({ err }, 'session cache: acknowledgement could not be published');
      });
    } else if (ch === ackChannel(instanceId)) {
      const wait = pending.get(Number(payload));
      if (wait && ++wait.acks >= wait.expected) wait.done();
    }
  });

  return {
    async publish(what) {
      const n = ++counter;
      const envelope: Envelope =
        'customerId' in what ? { o: instanceId, n, c: what.customerId } : { o: instanceId, n, t: what.tokenHash };
      let timer: NodeJS.Timeout | undefined;
      const acknowledged = new Promise<boolean>((resolve) => {
        pending.set(n, { acks: 0, expected: Number.POSITIVE_INFINITY, done: () => resolve(true) });
        timer = setTimeout(() => resolve(false), ackTimeoutMs);
      });
      try {
        const receivers = await pub.publish(channel, JSON.stringify(envelope));
        const wait = pending.get(n)!;
        // This instance's own subscription is among the receivers but does not acknowledge.
        wait.expected = receivers - (subscribed ? 1 : 0);
        if (wait.acks >= wait.expected) wait.done();
        if (!(await acknowledged)) {
          logger.warn(
            { expected: wait.expected, acks: wait.acks },
            'session cache: not every instance acknowledged an invalidation in time',
          );
        }
      } catch (err) {
        // Other instances may then serve the old session until their entry expires (the cache TTL).
        logger.error({ err }, 'session cache: invalidation could not be published');
      } finally {
        clearTimeout(timer);
        pending.delete(n);
      }
    },
    async close() {
      closed = true;
      subscribed = false;
      target.setAvailable(false);
      await Promise.allSettled([sub.quit(), pub.quit()]);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
