// Two server instances sharing Redis: an event published through instance A's HTTP API reaches a
// pusher-js client connected to instance B, and each client gets it exactly once.
// Runs only with TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/15).
import { randomUUID } from 'node:crypto';
import Pusher from 'pusher';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisFanout } from '../src/index.ts';
import {
  APP_ID,
  KEY,
  SECRET,
  cleanup,
  customerChannel,
  eventName,
  nextEvent,
  onCleanup,
  pusherClient,
  sleep,
  startServer,
} from './helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;

afterEach(cleanup);

describe.skipIf(!redisUrl)('Redis fan-out', () => {
  it('delivers across instances exactly once, the publisher included', async () => {
    // Pub/sub ignores the DB index: a channel of our own keeps parallel runs apart.
    const redisChannel = `remit:realtime:test:${randomUUID()}`;
    const a = await startServer({ redisUrl, redisChannel });
    const b = await startServer({ redisUrl, redisChannel });

    const onA = pusherClient(a, '42');
    const onB = pusherClient(b, '42');
    const chA = onA.subscribe(customerChannel('42'));
    const chB = onB.subscribe(customerChannel('42'));
    await Promise.all([
      nextEvent(chA, 'pusher:subscription_succeeded'),
      nextEvent(chB, 'pusher:subscription_succeeded'),
    ]);
    const got: string[] = [];
    const name = eventName('TransactionStatusChanged');
    chA.bind(name, () => got.push('A'));
    chB.bind(name, () => got.push('B'));

    const receivedOnB = nextEvent(chB, name);
    const sdk = new Pusher({
      appId: APP_ID,
      key: KEY,
      secret: SECRET,
      host: '127.0.0.1',
      port: String(a.port),
      useTLS: false,
    });
    await sdk.trigger(customerChannel('42'), name, { id: 't9', status: 'completed' });
    expect(await receivedOnB).toEqual({ id: 't9', status: 'completed' });
    await sleep(150);
    expect(got.sort()).toEqual(['A', 'B']);
  });

  it('closes its Redis connections', async () => {
    const fanout = await createRedisFanout({ url: redisUrl ?? '', channel: `remit:realtime:test:${randomUUID()}` });
    onCleanup(() => fanout.close());
    const seen: string[] = [];
    fanout.onMessage((m) => seen.push(m.event));
    await fanout.publish({ channels: ['news'], event: 'local', data: '{}' });
    expect(seen).toEqual(['local']);
    await fanout.close();
    await expect(fanout.publish({ channels: ['news'], event: 'late', data: '{}' })).rejects.toThrow(/closed/);
  });
});
