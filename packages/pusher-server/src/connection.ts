// The WebSocket side: the upgrade at /app/{key} on the app's own HTTP server, the protocol
// handshake, one Connection per socket, the dispatch of client messages, and the heartbeat
// (a server ping after `activity_timeout` of silence, close 4201 when no pong follows).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { HubSocket } from './hub.ts';
import {
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
import type { ServerContext, ServerSettings } from './settings.ts';

export class Connection implements HubSocket {
  lastActivity = Date.now();
  pingSentAt = 0;
  /** Set by a successful `pusher:signin`. */
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
function refuse(ws: WebSocket, code: ErrorCode, message: string): void {
  ws.on('error', () => undefined);
  ws.send(encodeError(code, message));
  ws.close(code, message.slice(0, 120));
}

export function openSocketServer(app: FastifyInstance, ctx: ServerContext, handlers: MessageHandlers): SocketServer {
  const { settings, hub, log } = ctx;
  const { maxMessageBytes, maxConnections } = settings.limits;
  const connections = new Map<string, Connection>();
  let closing = false;

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

  function onConnection(ws: WebSocket, key: string, params: URLSearchParams): void {
    if (key !== settings.key) {
      return refuse(ws, ErrorCodes.applicationDoesNotExist, `Application does not exist: ${key}`);
    }
    const protocol = params.get('protocol');
    if (protocol === null || protocol === '') {
      return refuse(ws, ErrorCodes.noProtocolVersionSupplied, 'No protocol version supplied.');
    }
    if (!/^\d+$/.test(protocol)) {
      return refuse(ws, ErrorCodes.invalidVersionStringFormat, 'Invalid version string format.');
    }
    if (Number(protocol) !== PROTOCOL_VERSION) {
      return refuse(
        ws,
        ErrorCodes.unsupportedProtocolVersion,
        `Unsupported protocol version ${protocol}; use ${PROTOCOL_VERSION}.`,
      );
    }
    if (connections.size >= maxConnections) return refuse(ws, ErrorCodes.overCapacity, 'Over capacity.');

    const conn = new Connection(newSocketId(), ws);
    connections.set(conn.id, conn);
    hub.addSocket(conn);
    ws.on('message', (data, isBinary) => onMessage(conn, data, isBinary));
    ws.on('close', () => {
      connections.delete(conn.id);
      hub.removeSocket(conn.id);
    });
    ws.on('error', (err) => log.debug({ err, socketId: conn.id }, 'realtime: socket error'));
    conn.send(encodeConnectionEstablished(conn.id, settings.activityTimeoutSeconds));
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

  const stopHeartbeat = startHeartbeat(connections, settings);

  return {
    connections,
    stopAccepting() {
      closing = true;
      stopHeartbeat();
      app.server.off('upgrade', onUpgrade);
    },
    close() {
      wss.close();
    },
  };
}

/** One sweep for all sockets instead of a timer per socket. Returns the function that stops it. */
function startHeartbeat(connections: ReadonlyMap<string, Connection>, settings: ServerSettings): () => void {
  const { activityTimeoutMs, pongTimeoutMs } = settings;
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
  return () => clearInterval(sweeper);
}
