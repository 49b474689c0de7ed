// The WebSocket side: the upgrade at /app/{key} on the app's own HTTP server (routed through
// Fastify, so `request.ip` is the address Fastify gives and the app's request hooks apply), the
// connection caps, the protocol handshake, one Connection per socket, the dispatch of client
// messages, and one sweep for the heartbeat (a server ping after `activity_timeout` of silence,
// close 4201 when no pong follows) and for sockets that stay unauthorised (close 4009).
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { HubSocket } from './hub.ts';
import {
  closeReason,
  decodeClientMessage,
  encodeConnectionEstablished,
  encodeError,
  ErrorCodes,
  isClientEvent,
  newSocketId,
  PING,
  PONG,
  PROTOCOL_VERSION,
  type ErrorCode,
} from './protocol.ts';
import { addressKey, type Counted, type Refusal } from './quotas.ts';
import type { ServerContext, ServerSettings } from './settings.ts';

/**
 * How long a socket the server closes may take to answer the close handshake before it is
 * dropped (at most `closeTimeoutMs`): refused or timed-out sockets never hold a file descriptor
 * for long, whatever the client does.
 */
const CLOSE_GRACE_MS = 1000;

export class Connection implements HubSocket, Counted {
  lastActivity = Date.now();
  pingSentAt = 0;
  /** Set by a successful `pusher:signin`. */
  userId: string | undefined;
  /** The users this socket counts for (see ConnectionQuotas). */
  readonly users = new Set<string>();
  /**
   * Since when the socket has been neither signed in nor on a private, presence or server-to-user
   * channel (ms); undefined while it is.
   */
  unauthorisedSince: number | undefined = Date.now();
  /** Set once the server has started closing it. */
  closing = false;
  constructor(
    readonly id: string,
    readonly ws: WebSocket,
    /** Its `addressKey`. */
    readonly address: string,
    private readonly graceMs: number,
    /** The upgraded socket `ws` writes to (see sendFrame). */
    private readonly socket: Duplex,
  ) {}

  send(frame: Buffer | string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(frame, { binary: false });
  }

  /**
   * Writes a whole frame built once for many sockets (frames.ts) straight to the socket: one
   * write instead of ws framing it again. Safe because ws never holds frames back on this server
   * (no permessage-deflate, text only, every frame final): writes keep their order, and nothing
   * is written once ws has started closing.
   */
  sendFrame(frame: Buffer): void {
    if (this.ws.readyState === WebSocket.OPEN && this.socket.writable) this.socket.write(frame);
  }

  error(code: ErrorCode | null, message: string): void {
    this.send(encodeError(code, message));
  }

  /** `pusher:error`, then a close with the same code; dropped if the close handshake lingers. */
  closeWith(code: ErrorCode, message: string): void {
    if (this.closing) return;
    this.closing = true;
    this.error(code, message);
    closeSoon(this.ws, code, message, this.graceMs);
  }
}

/** Closes with `code`, and terminates the socket if the client has not completed the close in `graceMs`. */
function closeSoon(ws: WebSocket, code: number, reason: string, graceMs: number): void {
  ws.close(code, closeReason(reason));
  const timer = setTimeout(() => ws.terminate(), graceMs);
  timer.unref();
  ws.once('close', () => clearTimeout(timer));
}

/** The client messages the dispatcher hands on (see subscriptions.ts). */
export interface MessageHandlers {
  subscribe(conn: Connection, data: unknown): void;
  unsubscribe(conn: Connection, data: unknown): void;
  signin(conn: Connection, data: unknown): void;
}

export interface SocketServer {
  /** Open connections of this instance, by socket id. */
  readonly connections: ReadonlyMap<string, Connection>;
  /** Refuses new upgrades (503), stops the heartbeat and detaches from the HTTP server. */
  stopAccepting(): void;
  /** Closes the WebSocket server (once the sockets are closed). */
  close(): void;
}

/** Pusher refuses after the handshake: a pusher:error, then a close with the same code. */
function refuse(ws: WebSocket, code: ErrorCode, message: string, graceMs: number): void {
  ws.on('error', () => undefined);
  ws.send(encodeError(code, message));
  closeSoon(ws, code, message, graceMs);
}

const SOCKET_PATH = /^\/app\/([^/]+)\/?$/;
const kUpgrade = Symbol('pusher-server.upgrade');

/** An upgrade request on its way through Fastify's router to the socket route. */
interface PendingUpgrade {
  socket: Duplex;
  head: Buffer;
  key: string;
  params: URLSearchParams;
}
type UpgradeRequest = IncomingMessage & { [kUpgrade]?: PendingUpgrade };

function decodeKey(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function openSocketServer(app: FastifyInstance, ctx: ServerContext, handlers: MessageHandlers): SocketServer {
  const { settings, hub, quotas, log } = ctx;
  const { maxMessageBytes } = settings.limits;
  const graceMs = Math.min(CLOSE_GRACE_MS, settings.closeTimeoutMs);
  const connections = new Map<string, Connection>();
  let closing = false;

  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    // Never negotiated: Connection.sendFrame writes prepared, uncompressed frames.
    perMessageDeflate: false,
    // Hard limit enforced by ws (closes with 1009); the protocol limit is checked per message.
    maxPayload: Math.max(64 * 1024, maxMessageBytes * 4),
  });

  tightenHandshakeDeadline(app.server, settings.handshakeTimeoutMs);

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      url = new URL('http://localhost/');
    }
    const match = req.url?.startsWith('/') ? SOCKET_PATH.exec(url.pathname) : null;
    if (!match?.[1]) {
      // Leave other upgrade paths to other listeners, if any.
      if (app.server.listenerCount('upgrade') <= 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (closing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    socket.on('error', () => socket.destroy());
    // Through Fastify's router to the route below: request.ip is then what Fastify says it is
    // (its trustProxy), and the app's onRequest hooks run. A reply instead of an upgrade (a hook
    // refused, 404, 503 while closing) is written to the socket, which is then dropped.
    const key = decodeKey(match[1]);
    (req as UpgradeRequest)[kUpgrade] = { socket, head, key, params: url.searchParams };
    req.url = `/app/${encodeURIComponent(key)}${url.search}`;
    const res = new ServerResponse(req);
    res.assignSocket(socket as Socket);
    res.on('finish', () => socket.destroy());
    try {
      app.routing(req, res);
    } catch (err) {
      log.warn({ err }, 'realtime: upgrade failed');
      socket.destroy();
    }
  };
  app.server.on('upgrade', onUpgrade);

  app.route({
    method: 'GET',
    url: '/app/:key',
    exposeHeadRoute: false,
    handler(request, reply) {
      const raw = request.raw as UpgradeRequest;
      const pending = raw[kUpgrade];
      if (!pending) {
        return reply
          .code(426)
          .header('upgrade', 'websocket')
          .send({ message: 'Upgrade Required: connect with a WebSocket (Pusher protocol 7).' });
      }
      delete raw[kUpgrade];
      reply.hijack();
      reply.raw.detachSocket(pending.socket as Socket);
      const address = addressKey(request.ip);
      wss.handleUpgrade(raw, pending.socket, pending.head, (ws) => {
        onConnection(ws, pending.socket, pending.key, pending.params, address);
      });
    },
  });

  function onConnection(ws: WebSocket, socket: Duplex, key: string, params: URLSearchParams, address: string): void {
    if (key !== settings.key) {
      return refuse(ws, ErrorCodes.applicationDoesNotExist, `Application does not exist: ${key.slice(0, 64)}`, graceMs);
    }
    const protocol = params.get('protocol');
    if (protocol === null || protocol === '') {
      return refuse(ws, ErrorCodes.noProtocolVersionSupplied, 'No protocol version supplied.', graceMs);
    }
    if (!/^\d+$/.test(protocol)) {
      return refuse(ws, ErrorCodes.invalidVersionStringFormat, 'Invalid version string format.', graceMs);
    }
    if (Number(protocol) !== PROTOCOL_VERSION) {
      return refuse(
        ws,
        ErrorCodes.unsupportedProtocolVersion,
        `Unsupported protocol version ${protocol.slice(0, 16)}; use ${PROTOCOL_VERSION}.`,
        graceMs,
      );
    }
    const refusal: Refusal | undefined = quotas.admit(address);
    if (refusal) return refuse(ws, refusal.code, refusal.message, graceMs);

    const conn = new Connection(newSocketId(), ws, address, graceMs, socket);
    connections.set(conn.id, conn);
    hub.addSocket(conn);
    ws.on('message', (data, isBinary) => onMessage(conn, data, isBinary));
    ws.on('close', () => {
      connections.delete(conn.id);
      hub.removeSocket(conn.id);
      quotas.release(conn);
    });
    ws.on('error', (err) => log.debug({ err, socketId: conn.id }, 'realtime: socket error'));
    conn.send(encodeConnectionEstablished(conn.id, settings.activityTimeoutSeconds));
  }

  function onMessage(conn: Connection, raw: RawData, isBinary: boolean): void {
    if (conn.closing) return;
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
        return handlers.subscribe(conn, msg.data);
      case 'pusher:unsubscribe':
        return handlers.unsubscribe(conn, msg.data);
      case 'pusher:signin':
        return handlers.signin(conn, msg.data);
      default:
        if (isClientEvent(msg.event)) {
          return conn.error(ErrorCodes.clientEventRejected, 'Client events are disabled on this application.');
        }
        return conn.error(ErrorCodes.messageRefused, `Unsupported event: ${msg.event.slice(0, 64)}.`);
    }
  }

  const stopSweeping = startSweeper(connections, settings);

  return {
    connections,
    stopAccepting() {
      closing = true;
      stopSweeping();
      app.server.off('upgrade', onUpgrade);
    },
    close() {
      wss.close();
    },
  };
}

/**
 * A client must send its whole upgrade request within `ms`: the HTTP server's headersTimeout is
 * lowered to it (never raised), and checked at least every quarter of it (Node checks every 30 s
 * by default; the interval counts from when the server starts listening).
 */
function tightenHandshakeDeadline(server: Server, ms: number): void {
  if (!(ms > 0)) return;
  const http = server as Server & { connectionsCheckingInterval?: number };
  if (typeof http.headersTimeout !== 'number') return; // not a node:http server (e.g. HTTP/2)
  if (http.headersTimeout === 0 || http.headersTimeout > ms) http.headersTimeout = ms;
  const every = Math.max(250, Math.floor(ms / 4));
  if (typeof http.connectionsCheckingInterval === 'number' && http.connectionsCheckingInterval > every) {
    http.connectionsCheckingInterval = every;
  }
}

/**
 * One sweep for all sockets instead of timers per socket: pings after `activity_timeout` of
 * silence, closes 4201 without a pong, and closes 4009 a socket unauthorised for `authTimeoutMs`.
 * Returns the function that stops it.
 */
function startSweeper(connections: ReadonlyMap<string, Connection>, settings: ServerSettings): () => void {
  const { activityTimeoutMs, pongTimeoutMs, authTimeoutMs } = settings;
  const shortest = Math.min(activityTimeoutMs, pongTimeoutMs, authTimeoutMs > 0 ? authTimeoutMs : Infinity);
  const sweepMs = Math.max(50, Math.min(1000, Math.floor(shortest / 4)));
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const conn of connections.values()) {
      if (conn.closing) continue;
      if (authTimeoutMs > 0 && conn.unauthorisedSince !== undefined && now - conn.unauthorisedSince >= authTimeoutMs) {
        conn.closeWith(ErrorCodes.connectionUnauthorized, 'Connection not authorized within timeout.');
      } else if (conn.pingSentAt > 0) {
        if (now - conn.pingSentAt >= pongTimeoutMs) {
          conn.closeWith(ErrorCodes.pongNotReceived, 'Pong reply not received in time.');
        }
      } else if (now - conn.lastActivity >= activityTimeoutMs) {
        conn.pingSentAt = now;
        conn.send(PING);
      }
    }
  }, sweepMs);
  sweeper.unref();
  return () => clearInterval(sweeper);
}
