// A socket holder of bench/realtime.mjs (started by it, never on its own): opens its share of the
// sockets, each subscribed with a signed auth to its own private channel and to the shared private
// channel, and records, per scenario, the publish-to-receive latency of every event it receives.
//
// Clocks: an event carries the publisher's `performance.timeOrigin + performance.now()`; this
// process measures with the same expression minus `offset` (its clock minus the publisher's,
// estimated by the parent over IPC from the round trip with the smallest delay), so latencies are
// comparable across processes to within that round trip's half (reported by the parent).
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const now = () => performance.timeOrigin + performance.now();

/** Opens `ids` sockets on `port` (at most `inFlight` handshakes at once); resolves with them. */
async function openAll({ port, key, secret, ids, inFlight, broadcastChannel }, onTick) {
  const sockets = [];
  const open = (i) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=bench&version=1`, {
        perMessageDeflate: false,
      });
      const channel = `private-bench.${i}`;
      const sign = (socketId, ch) => `${key}:${createHmac('sha256', secret).update(`${socketId}:${ch}`).digest('hex')}`;
      let pending = 2;
      ws.once('error', reject);
      ws.on('message', (buf) => {
        // The hot path: a tick is recognised without parsing the whole frame twice.
        const msg = JSON.parse(buf);
        if (msg.event === 'tick') return onTick(JSON.parse(msg.data).t);
        if (msg.event === 'pusher:connection_established') {
          const { socket_id: socketId } = JSON.parse(msg.data);
          for (const ch of [channel, broadcastChannel]) {
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: ch, auth: sign(socketId, ch) } }));
          }
        } else if (msg.event === 'pusher_internal:subscription_succeeded') {
          if (--pending === 0) resolve(ws);
        } else if (msg.event === 'pusher:error' || msg.event === 'pusher:subscription_error') {
          reject(new Error(`socket ${i}: ${JSON.stringify(msg)}`));
        }
      });
    });
  let next = 0;
  async function lane() {
    while (next < ids.length) sockets.push(await open(ids[next++]));
  }
  await Promise.all(Array.from({ length: Math.min(inFlight, ids.length) }, lane));
  return sockets;
}

let offset = 0;
let latencies = [];
/** The send time of each received event: which event (e.g. which broadcast) a latency belongs to. */
let stamps = [];
let cpuAtStart = process.cpuUsage();
let sockets = [];
const onTick = (t) => {
  latencies.push(now() - offset - t);
  stamps.push(t);
};

process.on('message', async (msg) => {
  switch (msg.type) {
    case 'clock':
      process.send({ type: 'clock', id: msg.id, t: now() });
      break;
    case 'offset':
      offset = msg.offset;
      break;
    case 'connect': {
      const start = now();
      const cpu = process.cpuUsage();
      try {
        sockets = await openAll(msg, onTick);
      } catch (err) {
        process.send({ type: 'connected', error: String(err?.message ?? err) });
        break;
      }
      const used = process.cpuUsage(cpu);
      process.send({
        type: 'connected',
        ms: now() - start,
        cpuMs: (used.user + used.system) / 1000,
        count: sockets.length,
      });
      break;
    }
    case 'start':
      latencies = [];
      stamps = [];
      cpuAtStart = process.cpuUsage();
      process.send({ type: 'started' });
      break;
    case 'count':
      process.send({ type: 'count', count: latencies.length });
      break;
    case 'collect': {
      const used = process.cpuUsage(cpuAtStart);
      process.send({ type: 'collect', latencies, stamps, cpuMs: (used.user + used.system) / 1000 });
      latencies = [];
      stamps = [];
      break;
    }
    case 'stop':
      for (const ws of sockets) ws.terminate();
      process.exit(0);
  }
});
process.send({ type: 'ready' });
