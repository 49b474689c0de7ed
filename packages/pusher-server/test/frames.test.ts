// The frames the hub builds once and writes as they are to every subscriber: decoded by ws's own
// parser (what a client runs), shared by every socket of a channel, and intact end to end.
import Pusher from 'pusher';
import * as wsModule from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { textFrame, textFrameOf } from '../src/frames.ts';
import { Hub, type HubSocket } from '../src/hub.ts';
import { signChannel } from '../src/index.ts';
import { APP_ID, CREDS, KEY, SECRET, cleanup, rawClient, rawSocketId, sleep, startServer } from './helpers.ts';

afterEach(cleanup);

interface WsReceiver {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  write(chunk: Buffer): boolean;
}
const { Receiver } = wsModule as unknown as {
  Receiver: new (options: { isServer: boolean; maxPayload: number }) => WsReceiver;
};

/** The messages ws's client-side parser reads from `bytes`. */
function parse(bytes: Buffer): Array<{ text: string; isBinary: boolean }> {
  const receiver = new Receiver({ isServer: false, maxPayload: 0 });
  const out: Array<{ text: string; isBinary: boolean }> = [];
  receiver.on('message', (data, isBinary) => out.push({ text: data.toString('utf8'), isBinary }));
  receiver.on('error', (err) => {
    throw err;
  });
  receiver.write(bytes);
  return out;
}

describe('textFrame', () => {
  it('is read by ws as one text message at every length encoding (7, 16 and 64 bits)', () => {
    for (const length of [0, 1, 125, 126, 127, 65535, 65536, 70000]) {
      const text = 'a'.repeat(length);
      expect(parse(textFrame(Buffer.from(text))), `length ${length}`).toEqual([{ text, isBinary: false }]);
    }
    const accented = '{"data":"é € 日本"}';
    expect(parse(textFrameOf(accented))).toEqual([{ text: accented, isBinary: false }]);
    // Two frames back to back are two messages (the length field is exact).
    expect(parse(Buffer.concat([textFrameOf('one'), textFrameOf('x'.repeat(300))])).map((m) => m.text)).toEqual([
      'one',
      'x'.repeat(300),
    ]);
  });

  it('is built once per channel: every subscriber gets the same buffer', () => {
    const hub = new Hub();
    const written: Buffer[] = [];
    const sock = (id: string): HubSocket => ({ id, sendFrame: (frame) => written.push(frame) });
    for (const id of ['1.1', '1.2', '1.3']) {
      hub.addSocket(sock(id));
      hub.subscribe(id, 'private-all');
    }
    expect(hub.publish(['private-all'], 'tick', '{"n":1}', '1.2')).toBe(2);
    expect(written).toHaveLength(2);
    expect(written[0]).toBe(written[1]);
    expect(parse(written[0] as Buffer)).toEqual([
      { text: JSON.stringify({ event: 'tick', channel: 'private-all', data: '{"n":1}' }), isBinary: false },
    ]);
  });
});

describe('prepared frames on real sockets', () => {
  it('delivers a 9 KB event with non-ASCII text intact to every subscriber, and skips a closed one', async () => {
    const server = await startServer();
    const channel = 'private-customer.7';
    const clients = [rawClient(server), rawClient(server), rawClient(server)];
    for (const client of clients) {
      const socketId = await rawSocketId(client);
      client.send({ event: 'pusher:subscribe', data: { channel, auth: signChannel(CREDS, socketId, channel) } });
      await client.next('pusher_internal:subscription_succeeded');
    }
    const [a, b, gone] = clients as [(typeof clients)[0], (typeof clients)[0], (typeof clients)[0]];
    gone.ws.terminate();
    await gone.closed;
    await sleep(50);
    const data = JSON.stringify({ note: 'é€日'.repeat(1100) });
    expect(Buffer.byteLength(data)).toBeGreaterThan(8000);
    const sdk = new Pusher({ appId: APP_ID, key: KEY, secret: SECRET, host: '127.0.0.1', port: String(server.port) });
    const [gotA, gotB] = [a.next('big'), b.next('big')];
    await sdk.trigger(channel, 'big', data);
    for (const got of await Promise.all([gotA, gotB])) expect(got).toEqual({ event: 'big', channel, data });
    // Both sockets still work afterwards (the frames left the stream in step).
    const [nextA, nextB] = [a.next('small'), b.next('small')];
    await sdk.trigger(channel, 'small', '{}');
    expect((await nextA).data).toBe('{}');
    expect((await nextB).data).toBe('{}');
    expect(server.app.realtime.connectionCount()).toBe(2);
  });
});
