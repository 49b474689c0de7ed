// Shutdown with the app: on preClose, new upgrades are refused and every socket closes with 4200
// (clients reconnect, to another instance), each given `closeTimeoutMs` for its close handshake;
// on onClose, the fan-out the plugin created (its Redis connections) is closed.
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { SocketServer } from './connection.ts';
import type { Fanout } from './fanout.ts';
import { ErrorCodes } from './protocol.ts';

export interface ShutdownParts {
  sockets: SocketServer;
  fanout: Fanout;
  /** False when the caller passed its own fan-out: it closes it. */
  ownsFanout: boolean;
  closeTimeoutMs: number;
}

export function closeWithApp(
  app: FastifyInstance,
  { sockets, fanout, ownsFanout, closeTimeoutMs }: ShutdownParts,
): void {
  app.addHook('preClose', async () => {
    sockets.stopAccepting();
    await Promise.all(
      [...sockets.connections.values()].map(
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
    sockets.close();
  });

  app.addHook('onClose', async () => {
    if (ownsFanout) await fanout.close();
  });
}
