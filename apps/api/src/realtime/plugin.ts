// The built-in Pusher-protocol server (like Laravel Reverb): WebSocket connections at
// /app/{key} on the api's own HTTP server, and the Pusher HTTP events API under /apps/{appId}.
// Events published on any instance reach the sockets of every instance through a Fanout
// (in process by default, Redis pub/sub when a Redis URL is given).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { createLocalFanout, createRedisFanout, type Fanout } from './fanout.ts';
import { Hub, type HubSocket } from './hub.ts';
import {
  checkChannelName,
  decodeClientMessage,
  encodeConnectionEstablished,
  encodeError,
  encodeSigninSuccess,
  encodeSubscriptionError,
  encodeSubscriptionSucceeded,
  ErrorCodes,
  isClientEvent,
  isValidEventName,
  isValidSocketId,
  LIMITS,
  newSocketId,
  PING,
  PONG,
  PROTOCOL_VERSION,
  type ErrorCode,
  type PresenceMember,
} from './protocol.ts';
import { verifyChannelAuth, verifyHttpRequest, verifyUserAuth, type Credentials } from './signatures.ts';

export interface RealtimePluginOptions {
  appId: string;
  key: string;
  secret: string;
  /** A fan-out owned by the caller (not closed by the plugin). */
  fanout?: Fanout;
  /** Redis URL for cross-instance fan-out; the plugin owns and closes these connections. */
  redisUrl?: string;
  /** Redis pub/sub channel, default `remit:realtime`. */
  redisChannel?: string;
  /** Seconds of client silence before the server pings (and the value announced to clients). */
  activityTimeoutSeconds?: number;
  /** Seconds to wait for a pong before closing with 4201. */
  pongTimeoutSeconds?: number;
  /** Refuse new connections (4100, client backs off) above this many on this instance. */
  maxConnections?: number;
  maxMessageBytes?: number;
  maxEventDataBytes?: number;
  maxPresenceMembers?: number;
  maxSubscriptionsPerSocket?: number;
  /** How long app.close() waits for sockets to finish their close handshake (ms). */
  closeTimeoutMs?: number;
}

export interface RealtimeServer {
  readonly appId: string;
  readonly key: string;
  readonly hub: Hub;
  readonly fanout: Fanout;
  /** Publishes to every instance (in-process equivalent of POST /apps/{id}/events). */
  trigger(channels: string[], event: string, data: string, excludeSocketId?: string): Promise<void>;
  /** Open WebSocket connections on this instance. */
  connectionCount(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeServer;
  }
}

class Connection implements HubSocket {
  lastActivity = Date.now();
  pingSentAt = 0;
  userId: string | undefined;
  constructor(
    readonly id: string,
    readonly ws: WebSocket,
  ) {}

  send(frame: Buffer | string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(frame, { binary: false });
  }

  error(code: ErrorCode | null, message: string): void {
    this.send(encodeError(code, message));
  }
}

type Verdict<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

interface PublishRequest {
  name: string;
  data: string;
  channels: string[];
  socket_id?: string;
}

async function realtime(app: FastifyInstance, opts: RealtimePluginOptions): Promise<void> {
  for (const field of ['appId', 'key', 'secret'] as const) {
    if (typeof opts[field] !== 'string' || opts[field].length === 0) {
      throw new Error(`realtimePlugin: option ${field} is required`);
    }
  }
  const creds: Credentials = { key: opts.key, secret: opts.secret };
  const activityTimeoutSeconds = opts.activityTimeoutSeconds ?? 120;
  const activityTimeoutMs = activityTimeoutSeconds * 1000;
  const pongTimeoutMs = (opts.pongTimeoutSeconds ?? 30) * 1000;
  const maxMessageBytes = opts.maxMessageBytes ?? LIMITS.maxMessageBytes;
  const maxEventDataBytes = opts.maxEventDataBytes ?? LIMITS.maxEventDataBytes;
  const maxSubscriptions = opts.maxSubscriptionsPerSocket ?? LIMITS.maxSubscriptionsPerSocket;
  const closeTimeoutMs = opts.closeTimeoutMs ?? 2000;
  const log = app.log.child({ module: 'realtime' });

  const hub = new Hub({ maxPresenceMembers: opts.maxPresenceMembers ?? LIMITS.maxPresenceMembers });
  const ownsFanout = !opts.fanout;
  const fanout: Fanout =
    opts.fanout ??
    (opts.redisUrl
      ? await createRedisFanout({
          url: opts.redisUrl,
          logger: log,
          ...(opts.redisChannel ? { channel: opts.redisChannel } : {}),
        })
      : createLocalFanout(log));
  fanout.onMessage((msg) => {
    hub.publish(msg.channels, msg.event, msg.data, msg.socketId);
  });

  const connections = new Map<string, Connection>();
  let closing = false;

  // -------------------------------------------------------------------------------------------
  // WebSocket side
  // -------------------------------------------------------------------------------------------

  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    // Hard limit enforced by ws (closes with 1009); the protocol limit is checked per message.
    maxPayload: Math.max(64 * 1024, maxMessageBytes * 4),
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/app\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) {
      // Leave other upgrade paths to other listeners, if any.
      if (app.server.listenerCount('upgrade') <= 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (closing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    socket.on('error', () => socket.destroy());
    wss.handleUpgrade(req, socket, head, (ws) => {
      onConnection(ws, decodeURIComponent(match[1] ?? ''), url.searchParams);
    });
  };
  app.server.on('upgrade', onUpgrade);

  /** Pusher refuses after the handshake: a pusher:error, then a close with the same code. */
  function refuse(ws: WebSocket, code: ErrorCode, message: string): void {
    ws.on('error', () => undefined);
    ws.send(encodeError(code, message));
    ws.close(code, message.slice(0, 120));
  }

  function onConnection(ws: WebSocket, key: string, params: URLSearchParams): void {
    if (key !== opts.key) return refuse(ws, ErrorCodes.applicationDoesNotExist, `Application does not exist: ${key}`);
    const protocol = params.get('protocol');
    if (protocol === null || protocol === '') {
      return refuse(ws, ErrorCodes.noProtocolVersionSupplied, 'No protocol version supplied.');
    }
    if (!/^\d+$/.test(protocol))
      return refuse(ws, ErrorCodes.invalidVersionStringFormat, 'Invalid version string format.');
    if (Number(protocol) !== PROTOCOL_VERSION) {
      return refuse(
        ws,
        ErrorCodes.unsupportedProtocolVersion,
        `Unsupported protocol version ${protocol}; use ${PROTOCOL_VERSION}.`,
      );
    }
    if (opts.maxConnections !== undefined && connections.size >= opts.maxConnections) {
      return refuse(ws, ErrorCodes.overCapacity, 'Over capacity.');
    }

    const conn = new Connection(newSocketId(), ws);
    connections.set(conn.id, conn);
    hub.addSocket(conn);
    ws.on('message', (data, isBinary) => onMessage(conn, data, isBinary));
    ws.on('close', () => {
      connections.delete(conn.id);
      hub.removeSocket(conn.id);
    });
    ws.on('error', (err) => log.debug({ err, socketId: conn.id }, 'realtime: socket error'));
    conn.send(encodeConnectionEstablished(conn.id, activityTimeoutSeconds));
  }

  function onMessage(conn: Connection, raw: RawData, isBinary: boolean): void {
    conn.lastActivity = Date.now();
    conn.pingSentAt = 0;
    const buf = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    if (buf.length > maxMessageBytes) {
      return conn.error(ErrorCodes.messageRefused, `Message too large: ${buf.length} bytes (max ${maxMessageBytes}).`);
    }
    const msg = isBinary ? undefined : decodeClientMessage(buf.toString('utf8'));
    if (!msg) return conn.error(ErrorCodes.messageRefused, 'Invalid message: expected a JSON object with an event.');

    switch (msg.event) {
      case 'pusher:ping':
        return conn.send(PONG);
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return onSubscribe(conn, msg.data);
      case 'pusher:unsubscribe': {
        const channel = (msg.data as { channel?: unknown } | null)?.channel;
        if (typeof channel === 'string') hub.unsubscribe(conn.id, channel);
        return;
      }
      case 'pusher:signin':
        return onSignin(conn, msg.data);
      default:
        if (isClientEvent(msg.event)) {
          return conn.error(ErrorCodes.clientEventRejected, 'Client events are disabled on this application.');
        }
        return conn.error(ErrorCodes.messageRefused, `Unsupported event: ${msg.event.slice(0, 64)}.`);
    }
  }

  function onSubscribe(conn: Connection, data: unknown): void {
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

  function onSignin(conn: Connection, data: unknown): void {
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

  // Heartbeat: one sweep for all sockets instead of a timer per socket.
  const sweepMs = Math.max(50, Math.min(1000, Math.floor(Math.min(activityTimeoutMs, pongTimeoutMs) / 4)));
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const conn of connections.values()) {
      if (conn.pingSentAt > 0) {
        if (now - conn.pingSentAt >= pongTimeoutMs) {
          conn.error(ErrorCodes.pongNotReceived, 'Pong reply not received in time.');
          conn.ws.close(ErrorCodes.pongNotReceived, 'Pong reply not received');
          conn.pingSentAt = 0;
          conn.lastActivity = Number.POSITIVE_INFINITY; // do not ping again while closing
        }
      } else if (now - conn.lastActivity >= activityTimeoutMs) {
        conn.pingSentAt = now;
        conn.send(PING);
      }
    }
  }, sweepMs);
  sweeper.unref();

  // -------------------------------------------------------------------------------------------
  // Shared
  // -------------------------------------------------------------------------------------------

  const trigger: RealtimeServer['trigger'] = (channels, event, data, excludeSocketId) =>
    fanout.publish({ channels, event, data, ...(excludeSocketId ? { socketId: excludeSocketId } : {}) });

  app.decorate('realtime', {
    appId: opts.appId,
    key: opts.key,
    hub,
    fanout,
    trigger,
    connectionCount: () => connections.size,
  } satisfies RealtimeServer);

  // -------------------------------------------------------------------------------------------
  // HTTP events API (encapsulated: its own raw-body parser, nothing leaks to the app)
  // -------------------------------------------------------------------------------------------

  const bodyLimit = Math.max(1024 * 1024, maxEventDataBytes * LIMITS.maxBatchEvents * 2);

  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_req, body, done) => done(null, body));

    type AppReq = FastifyRequest<{
      Params: { appId: string; channelName?: string };
      Querystring: Record<string, unknown>;
    }>;

    /** Checks app id and signature; answers and returns false when refused. */
    function authenticate(req: AppReq, reply: FastifyReply): boolean {
      if (req.params.appId !== opts.appId) {
        void reply.code(404).send({ error: 'Unknown app id.' });
        return false;
      }
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const path = req.url.split('?', 1)[0] ?? req.url;
      const verdict = verifyHttpRequest(creds, { method: req.method, path, query: req.query, rawBody });
      if (!verdict.ok) {
        void reply.code(verdict.status).send({ error: verdict.message });
        return false;
      }
      return true;
    }

    function parseJsonBody(req: AppReq): Verdict<Record<string, unknown>> {
      const raw = typeof req.body === 'string' ? req.body : '';
      try {
        const value: unknown = JSON.parse(raw);
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
          return { ok: true, value: value as Record<string, unknown> };
        }
      } catch {
        /* fall through */
      }
      return { ok: false, status: 400, message: 'The body must be a JSON object.' };
    }

    function parseEvent(body: Record<string, unknown>, single: boolean): Verdict<PublishRequest> {
      const { name, data, socket_id: socketId } = body;
      if (!isValidEventName(name)) {
        return {
          ok: false,
          status: 400,
          message: `name must be a string of 1 to ${LIMITS.maxEventNameLength} characters.`,
        };
      }
      if (typeof data !== 'string') return { ok: false, status: 400, message: 'data must be a string.' };
      if (Buffer.byteLength(data, 'utf8') > maxEventDataBytes) {
        return { ok: false, status: 413, message: `data is larger than ${maxEventDataBytes} bytes.` };
      }
      let channels: unknown = body.channels;
      if (single || channels === undefined) {
        channels = typeof body.channel === 'string' ? [body.channel] : single ? undefined : channels;
      }
      if (!Array.isArray(channels) || channels.length === 0 || channels.length > LIMITS.maxChannelsPerEvent) {
        return {
          ok: false,
          status: 400,
          message: single
            ? 'channel must be a channel name.'
            : `channels must list 1 to ${LIMITS.maxChannelsPerEvent} channel names (or give channel).`,
        };
      }
      for (const ch of channels) {
        const check = checkChannelName(ch);
        if (!check.ok)
          return { ok: false, status: 400, message: `Invalid channel ${JSON.stringify(ch)}: ${check.message}` };
      }
      if (socketId !== undefined && socketId !== null && !isValidSocketId(socketId)) {
        return { ok: false, status: 400, message: 'socket_id must look like "123.456".' };
      }
      return {
        ok: true,
        value: {
          name,
          data,
          channels: channels as string[],
          ...(isValidSocketId(socketId) ? { socket_id: socketId } : {}),
        },
      };
    }

    function requestedInfo(req: AppReq, body?: Record<string, unknown>): string[] {
      const info = body?.info ?? req.query.info;
      return typeof info === 'string' ? info.split(',').map((s) => s.trim()) : [];
    }

    function channelsInfo(channels: string[], fields: string[]): Record<string, Record<string, number>> {
      const out: Record<string, Record<string, number>> = {};
      for (const ch of channels) {
        const info = hub.channelInfo(ch);
        const entry: Record<string, number> = {};
        if (fields.includes('subscription_count')) entry.subscription_count = info.subscription_count;
        if (fields.includes('user_count') && info.user_count !== undefined) entry.user_count = info.user_count;
        out[ch] = entry;
      }
      return out;
    }

    async function deliver(events: PublishRequest[], reply: FastifyReply): Promise<boolean> {
      try {
        await Promise.all(events.map((e) => trigger(e.channels, e.name, e.data, e.socket_id)));
        return true;
      } catch (err) {
        log.error({ err }, 'realtime: fan-out failed');
        void reply.code(503).send({ error: 'Could not fan the event out; retry.' });
        return false;
      }
    }

    api.post('/apps/:appId/events', async (req: AppReq, reply) => {
      if (!authenticate(req, reply)) return reply;
      const body = parseJsonBody(req);
      if (!body.ok) return reply.code(body.status).send({ error: body.message });
      const event = parseEvent(body.value, false);
      if (!event.ok) return reply.code(event.status).send({ error: event.message });
      if (!(await deliver([event.value], reply))) return reply;
      const info = requestedInfo(req, body.value);
      return info.length > 0 ? { channels: channelsInfo(event.value.channels, info) } : {};
    });

    api.post('/apps/:appId/batch_events', async (req: AppReq, reply) => {
      if (!authenticate(req, reply)) return reply;
      const body = parseJsonBody(req);
      if (!body.ok) return reply.code(body.status).send({ error: body.message });
      const batch = body.value.batch;
      if (!Array.isArray(batch) || batch.length === 0 || batch.length > LIMITS.maxBatchEvents) {
        return reply.code(400).send({ error: `batch must list 1 to ${LIMITS.maxBatchEvents} events.` });
      }
      const events: PublishRequest[] = [];
      for (const [i, item] of batch.entries()) {
        if (typeof item !== 'object' || item === null)
          return reply.code(400).send({ error: `batch[${i}] must be an object.` });
        const event = parseEvent(item as Record<string, unknown>, true);
        if (!event.ok) return reply.code(event.status).send({ error: `batch[${i}]: ${event.message}` });
        events.push(event.value);
      }
      if (!(await deliver(events, reply))) return reply;
      const withInfo = batch.map((item) =>
        typeof (item as { info?: unknown }).info === 'string' ? (item as { info: string }).info.split(',') : [],
      );
      if (withInfo.some((f) => f.length > 0)) {
        return { batch: events.map((e, i) => channelsInfo(e.channels, withInfo[i] ?? [])[e.channels[0] ?? ''] ?? {}) };
      }
      return {};
    });

    api.get('/apps/:appId/channels', async (req: AppReq, reply) => {
      if (!authenticate(req, reply)) return reply;
      const prefix = typeof req.query.filter_by_prefix === 'string' ? req.query.filter_by_prefix : '';
      const fields = requestedInfo(req);
      if (fields.includes('user_count') && !prefix.startsWith('presence-')) {
        return reply.code(400).send({ error: 'user_count is only available with filter_by_prefix=presence-' });
      }
      return { channels: channelsInfo(hub.occupiedChannels(prefix), fields) };
    });

    api.get('/apps/:appId/channels/:channelName', async (req: AppReq, reply) => {
      if (!authenticate(req, reply)) return reply;
      const name = req.params.channelName ?? '';
      const check = checkChannelName(name);
      if (!check.ok) return reply.code(400).send({ error: check.message });
      const fields = requestedInfo(req);
      if (fields.includes('user_count') && check.kind !== 'presence') {
        return reply.code(400).send({ error: 'user_count is only available for presence channels.' });
      }
      const info = hub.channelInfo(name);
      return {
        occupied: info.occupied,
        ...(fields.includes('subscription_count') ? { subscription_count: info.subscription_count } : {}),
        ...(fields.includes('user_count') ? { user_count: info.user_count ?? 0 } : {}),
      };
    });

    api.get('/apps/:appId/channels/:channelName/users', async (req: AppReq, reply) => {
      if (!authenticate(req, reply)) return reply;
      const name = req.params.channelName ?? '';
      if (checkChannelName(name).ok === false || !name.startsWith('presence-')) {
        return reply.code(400).send({ error: 'Users are only available for presence channels.' });
      }
      return { users: hub.presenceMembers(name).map((m) => ({ id: m.user_id })) };
    });
  });

  // -------------------------------------------------------------------------------------------
  // Shutdown: sockets close with 4200 (clients reconnect elsewhere), then Redis.
  // -------------------------------------------------------------------------------------------

  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(sweeper);
    app.server.off('upgrade', onUpgrade);
    const conns = [...connections.values()];
    await Promise.all(
      conns.map(
        (conn) =>
          new Promise<void>((resolve) => {
            if (conn.ws.readyState === WebSocket.CLOSED) return resolve();
            const timer = setTimeout(() => {
              conn.ws.terminate();
              resolve();
            }, closeTimeoutMs);
            conn.ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            conn.error(ErrorCodes.genericReconnect, 'Server shutting down.');
            conn.ws.close(ErrorCodes.genericReconnect, 'Server shutting down');
          }),
      ),
    );
    wss.close();
  });

  app.addHook('onClose', async () => {
    if (ownsFanout) await fanout.close();
  });
}

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

/**
 * The Fastify plugin. Register it once on the root instance:
 *   await app.register(realtimePlugin, { appId, key, secret, redisUrl })
 * It decorates `app.realtime` (see RealtimeServer).
 */
export const realtimePlugin = fp(realtime, { name: 'remit-realtime', fastify: '5.x' });
export default realtimePlugin;
