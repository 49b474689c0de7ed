import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from './app.ts';
import type { Config } from './config.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** Base URL the server listens on, e.g. http://127.0.0.1:8080 */
  url: string;
  close(): Promise<void>;
}

/**
 * Build the app and listen on config.host:config.port (port 0 = random free port).
 * For e2e and benchmarks: `const { url, close } = await startServer(loadConfig({...process.env, PORT: '0'}))`.
 */
export async function startServer(config: Config, overrides: AppOverrides = {}): Promise<RunningServer> {
  const app = await buildApp(config, overrides);
  await app.listen({ host: config.host, port: config.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    app,
    url,
    close: () => (closing ??= app.close()),
  };
}
