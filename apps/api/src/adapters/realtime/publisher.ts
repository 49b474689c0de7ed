// Server-side publishing of realtime events, through the official `pusher` SDK:
// - builtin: the api's own Pusher-protocol server (@remit/pusher-server; HTTP events API on its own
//   origin), or, with `trigger`, straight into the in-process server (`app.realtime.trigger`), no HTTP hop;
// - hosted: Pusher Channels, cluster eu, TLS only.
// publish() never throws and never rejects: failures are logged and retried in the background.
import { customerChannel, eventName, type RealtimeEventName } from '@remit/contract';
import { LIMITS, type Trigger } from '@remit/pusher-server';
import Pusher from 'pusher';

export interface PublisherLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PublisherOptions {
  mode: 'builtin' | 'hosted';
  appId: string;
  key: string;
  secret: string;
  /** builtin: host of the api (default 127.0.0.1). hosted: ignored unless set (tests). */
  host?: string;
  /** builtin: port of the api. */
  port?: number;
  /** builtin: default false. hosted: always true. */
  useTLS?: boolean;
  /** hosted: default 'eu'. */
  cluster?: string;
  logger: PublisherLogger;
  /** Total tries per event (default 3). */
  attempts?: number;
  /** Waits between tries, in ms (default [250, 1000]); the last value repeats. */
  retryDelaysMs?: number[];
  /** HTTP timeout per try, in ms (default 5000). */
  timeoutMs?: number;
  /**
   * builtin only: deliver through this function instead of HTTP (pass `app.realtime.trigger`).
   * Same retries and logging; useful when the api does not listen (app.inject tests).
   */
  trigger?: Trigger;
}

export interface PublishOptions {
  /** Leave out this socket (the originating browser tab), as `socket_id` in Pusher. */
  socketId?: string;
}

export interface Publisher {
  readonly mode: 'builtin' | 'hosted';
  /**
   * Publishes `data` (JSON-encoded unless already a string) as `event` on `channel(s)`. The
   * event name is sent as given; use notifyCustomer or eventName() for Echo's namespaced names.
   * Resolves true once delivered, false once given up; never rejects.
   */
  publish(channel: string | string[], event: string, data: unknown, options?: PublishOptions): Promise<boolean>;
  /** publish(customerChannel(id), eventName(event), payload): what Echo on the web receives. */
  notifyCustomer(
    customerId: string | number,
    event: RealtimeEventName,
    payload: unknown,
    options?: PublishOptions,
  ): Promise<boolean>;
  /** Number of deliveries still in flight (including retries). */
  readonly pending: number;
  /** Resolves when every delivery started so far has succeeded or been given up. */
  flush(): Promise<void>;
  /** flush(), then refuse new publishes (they resolve false). */
  close(): Promise<void>;
}

interface RequestErrorLike {
  status?: number;
  body?: string;
  message?: string;
}

/** Worth retrying: network errors, timeouts, 429 and 5xx. 4xx means the request is wrong. */
function isRetryable(err: unknown): boolean {
  const status = (err as RequestErrorLike | null)?.status;
  return status === undefined || status === 429 || status >= 500;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPublisher(options: PublisherOptions): Publisher {
  const { logger, mode } = options;
  const attempts = Math.max(1, options.attempts ?? 3);
  const delays = options.retryDelaysMs && options.retryDelaysMs.length > 0 ? options.retryDelaysMs : [250, 1000];
  const timeout = options.timeoutMs ?? 5000;

  let send: (channels: string[], event: string, data: string, socketId?: string) => Promise<void>;
  if (mode === 'builtin' && options.trigger) {
    const trigger = options.trigger;
    send = (channels, event, data, socketId) => trigger(channels, event, data, socketId);
  } else {
    let client: Pusher;
    if (mode === 'hosted') {
      client = new Pusher({
        appId: options.appId,
        key: options.key,
        secret: options.secret,
        cluster: options.cluster ?? 'eu',
        useTLS: true,
        timeout,
        ...(options.host ? { host: options.host } : {}),
        ...(options.port ? { port: String(options.port) } : {}),
      });
    } else {
      if (!options.port) throw new Error('createPublisher: builtin mode needs the api port (or a trigger function)');
      client = new Pusher({
        appId: options.appId,
        key: options.key,
        secret: options.secret,
        host: options.host ?? '127.0.0.1',
        port: String(options.port),
        useTLS: options.useTLS ?? false,
        timeout,
      });
    }
    send = async (channels, event, data, socketId) => {
      await client.trigger(channels, event, data, socketId ? { socket_id: socketId } : undefined);
    };
  }

  const inFlight = new Set<Promise<boolean>>();
  let closed = false;

  async function deliver(channels: string[], event: string, data: string, socketId?: string): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await send(channels, event, data, socketId);
        if (attempt > 1) logger.info({ channels, event, attempt }, 'realtime: event delivered after retry');
        return true;
      } catch (err) {
        const e = err as RequestErrorLike;
        const detail = { channels, event, attempt, status: e?.status, error: e?.message, body: e?.body };
        if (attempt >= attempts || !isRetryable(err)) {
          logger.error(detail, 'realtime: event not delivered, giving up');
          return false;
        }
        logger.warn(detail, 'realtime: event delivery failed, will retry');
        await sleep(delays[Math.min(attempt - 1, delays.length - 1)] ?? 1000);
      }
    }
  }

  function publish(channel: string | string[], event: string, data: unknown, opts?: PublishOptions): Promise<boolean> {
    const channels = Array.isArray(channel) ? channel : [channel];
    if (closed) {
      logger.warn({ channels, event }, 'realtime: publisher closed, event dropped');
      return Promise.resolve(false);
    }
    let encoded: string;
    try {
      encoded = typeof data === 'string' ? data : JSON.stringify(data ?? null);
    } catch (err) {
      logger.error({ channels, event, err }, 'realtime: event data is not serialisable, dropped');
      return Promise.resolve(false);
    }
    if (Buffer.byteLength(encoded, 'utf8') > LIMITS.maxEventDataBytes) {
      logger.error({ channels, event, bytes: Buffer.byteLength(encoded) }, 'realtime: event data over 10 KB, dropped');
      return Promise.resolve(false);
    }
    const p = deliver(channels, event, encoded, opts?.socketId).catch((err: unknown) => {
      logger.error({ channels, event, err }, 'realtime: unexpected publisher failure');
      return false;
    });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  return {
    mode,
    publish,
    notifyCustomer(customerId, event, payload, opts) {
      return publish(customerChannel(customerId), eventName(event), payload, opts);
    },
    get pending() {
      return inFlight.size;
    },
    async flush() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      closed = true;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * Telling a customer's open apps that something changed (docs/product/realtime.md#events). Services
 * do not call it directly: they ask for events through their unit of work (db/unit-of-work.ts), which
 * publishes here after the commit and after the cache invalidation the change needs.
 */
export interface CustomerEvents {
  /**
   * Fire and forget: a failed publish is logged and retried, never fails the business operation.
   * `options.socketId` leaves out the browser tab that caused the event (it already has the result).
   */
  notify(
    customerId: string,
    event: RealtimeEventName,
    payload?: Record<string, unknown>,
    options?: PublishOptions,
  ): void;
  /** Resolves when every publish started so far has been delivered or given up (tests, shutdown). */
  flush(): Promise<void>;
}
