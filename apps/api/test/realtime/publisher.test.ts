// createPublisher: official SDK against the built-in server, retries, never throwing.
import { createServer } from 'node:net';
import { customerChannel, eventName } from '@remit/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPublisher, type PublisherOptions } from '../../src/adapters/realtime/publisher.ts';
import { APP_ID, KEY, SECRET, cleanup, nextEvent, pusherClient, startServer } from './helpers.ts';

afterEach(cleanup);

function fakeLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** A builtin-mode publisher with the test credentials; `options` add the port or trigger, logger, retries… */
function builtinPublisher(options: Partial<PublisherOptions> & Pick<PublisherOptions, 'logger'>) {
  return createPublisher({ mode: 'builtin', appId: APP_ID, key: KEY, secret: SECRET, ...options });
}

/** Starts a server (arguments of startServer) with a client subscribed to customer 42's channel. */
async function serverWithSubscriber(...args: Parameters<typeof startServer>) {
  const server = await startServer(...args);
  const channel = pusherClient(server, '42').subscribe(customerChannel('42'));
  await nextEvent(channel, 'pusher:subscription_succeeded');
  return { server, channel };
}

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  const port = typeof address === 'object' && address ? address.port : 1;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe('publisher', () => {
  it('builtin mode publishes through the HTTP API with the name Echo listens for', async () => {
    const { server, channel } = await serverWithSubscriber();
    const logger = fakeLogger();
    const publisher = builtinPublisher({ port: server.port, logger });
    const received = nextEvent(channel, 'App\\Events\\DocumentStatusChanged');
    expect(await publisher.notifyCustomer(42, 'DocumentStatusChanged', { status: 'approved' })).toBe(true);
    expect(await received).toEqual({ status: 'approved' });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('in-process trigger mode delivers without HTTP', async () => {
    const { server, channel } = await serverWithSubscriber();
    const publisher = builtinPublisher({ trigger: server.app.realtime.trigger, logger: fakeLogger() });
    const received = nextEvent(channel, eventName('SessionRevoked'));
    void publisher.notifyCustomer('42', 'SessionRevoked', { device_id: 'd1' });
    await publisher.flush();
    expect(await received).toEqual({ device_id: 'd1' });
  });

  it('retries after failures and delivers', async () => {
    let failures = 2;
    const { server, channel } = await serverWithSubscriber({}, (app) => {
      app.addHook('onRequest', async (req, reply) => {
        if (req.url.startsWith('/apps/') && failures > 0) {
          failures--;
          return reply.code(503).send({ error: 'try later' });
        }
      });
    });
    const logger = fakeLogger();
    const publisher = builtinPublisher({ port: server.port, logger, retryDelaysMs: [10, 20] });
    const received = nextEvent(channel, eventName('TasksChanged'));
    const result = publisher.notifyCustomer('42', 'TasksChanged', { n: 1 });
    expect(publisher.pending).toBe(1);
    await publisher.flush();
    expect(publisher.pending).toBe(0);
    expect(await result).toBe(true);
    expect(await received).toEqual({ n: 1 });
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('never throws: unreachable server, refused request, bad data all resolve false and log', async () => {
    const logger = fakeLogger();
    const unreachable = builtinPublisher({ port: await deadPort(), logger, retryDelaysMs: [5] });
    expect(await unreachable.publish('news', 'e', { a: 1 })).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(2); // 3 tries
    expect(logger.error).toHaveBeenCalledTimes(1);

    const server = await startServer();
    const refusedLogger = fakeLogger();
    const wrongSecret = builtinPublisher({
      secret: 'wrong',
      port: server.port,
      logger: refusedLogger,
      retryDelaysMs: [5],
    });
    expect(await wrongSecret.publish('news', 'e', {})).toBe(false);
    expect(refusedLogger.warn).not.toHaveBeenCalled(); // 401 is not retried
    expect(refusedLogger.error).toHaveBeenCalledWith(expect.objectContaining({ status: 401 }), expect.any(String));

    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(await wrongSecret.publish('news', 'e', circular)).toBe(false);
    expect(await wrongSecret.publish('news', 'e', 'x'.repeat(11 * 1024))).toBe(false);
    await wrongSecret.close();
    expect(await wrongSecret.publish('news', 'e', {})).toBe(false);
  });

  it('hosted mode targets cluster eu over TLS', () => {
    const publisher = createPublisher({ mode: 'hosted', appId: '1', key: 'k', secret: 's', logger: fakeLogger() });
    expect(publisher.mode).toBe('hosted');
    expect(() => createPublisher({ mode: 'builtin', appId: '1', key: 'k', secret: 's', logger: fakeLogger() })).toThrow(
      /port/,
    );
  });
});
