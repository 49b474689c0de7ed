import { readConfig } from './read-config.ts';
import { startServer } from './start.ts';

const config = readConfig() ?? process.exit(1);

const server = await startServer(config).catch((err: unknown) => {
  console.error('Failed to start the api:', err);
  process.exit(1);
});

const log = server.app.log;
log.info(`api listening on ${server.url} (public URL ${config.appUrl})`);
if (config.docsEnabled) log.info(`API docs: ${server.url}/docs`);
if (config.devMailbox) log.info(`dev mailbox: GET /dev/mailbox (${server.url}/dev/mailbox)`);

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, 'shutting down');
  // Readiness answers 503 first; the port stays open for SHUTDOWN_DRAIN_MS so that a balancer
  // checking readiness takes this instance out before new connections would be refused
  // (docs/product/system.md#faults).
  server.app.draining = true;
  if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  const timer = setTimeout(() => {
    log.error('shutdown timed out; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await server.close(); // closes the HTTP server, then the DB, Redis and mail transports (onClose hooks)
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
