#!/usr/bin/env node
// Benchmark of the built-in realtime server (packages/pusher-server).
//
//   cd /work/main && node --import tsx bench/realtime.mjs
//   (env: BENCH_SOCKETS=2000, BENCH_EVENTS=2000, BENCH_CONCURRENCY=32)
//
// The server (Fastify + pusherServer, in-process fan-out) runs in a child process started with
// --expose-gc; it reports process.memoryUsage() after a GC over IPC. This process opens
// BENCH_SOCKETS raw `ws` sockets on loopback, each subscribed to its own private channel (auth
// signed locally with the secret) and to one shared public channel, then publishes through the
// HTTP events API with the official `pusher` SDK. Each event carries its send time
// (performance.now() of this process, which also receives it), so latency = publish call start
// → message received on the socket, HTTP request and server handling included.
// Scenarios: sequential (one event in flight), burst (BENCH_EVENTS events, BENCH_CONCURRENCY in
// flight, one socket each), broadcast (events to the shared channel, all sockets receive).
// Prints a Markdown table.
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const APP_ID = 'bench';
const KEY = 'bench-key';
const SECRET = 'bench-secret';

if (process.argv.includes('--server')) {
  await runServer();
} else {
  await runBench();
}

async function runServer() {
  const { default: Fastify } = await import('fastify');
  const { pusherServer } = await import('@remit/pusher-server');
  const app = Fastify({ logger: false });
  await app.register(pusherServer, {
    appId: APP_ID,
    key: KEY,
    secret: SECRET,
    // Every socket of the benchmark comes from 127.0.0.1: no per-address or total cap.
    limits: {
      maxSubscriptionsPerSocket: 10,
      maxConnections: Number.POSITIVE_INFINITY,
      maxConnectionsPerAddress: Number.POSITIVE_INFINITY,
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const measure = () => {
    for (let i = 0; i < 3; i++) globalThis.gc?.();
    return {
      ...process.memoryUsage(),
      connections: app.realtime.connectionCount(),
      channels: app.realtime.hub.channelCount,
    };
  };
  process.on('message', async (msg) => {
    if (msg === 'memory') process.send({ type: 'memory', value: measure() });
    if (msg === 'cpu') process.send({ type: 'cpu', value: process.cpuUsage() });
    if (msg === 'stop') {
      await app.close();
      process.exit(0);
    }
  });
  process.send({ type: 'ready', port: app.server.address().port });
}

async function runBench() {
  const { WebSocket } = await import('ws');
  const { default: Pusher } = await import('pusher');
  const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
  const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
  const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
  const SEQUENTIAL = 500;
  const BROADCASTS = 20;

  const child = fork(fileURLToPath(import.meta.url), ['--server'], {
    execArgv: [
      '--expose-gc',
      '--import',
      'tsx',
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const replies = [];
  const waiters = [];
  child.on('message', (m) => {
    const w = waiters.findIndex((x) => x.type === m.type);
    if (w >= 0) waiters.splice(w, 1)[0].resolve(m);
    else replies.push(m);
  });
  const nextMessage = (type) => {
    const i = replies.findIndex((m) => m.type === type);
    if (i >= 0) return Promise.resolve(replies.splice(i, 1)[0]);
    return new Promise((resolve) => waiters.push({ type, resolve }));
  };
  const memory = async () => {
    child.send('memory');
    return (await nextMessage('memory')).value;
  };

  const { port } = await nextMessage('ready');
  await new Promise((r) => setTimeout(r, 300));
  const before = await memory();

  // --- connect and subscribe -------------------------------------------------------------
  let onLatency = () => {};
  const sockets = [];
  const connectStart = performance.now();
  async function open(i) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${KEY}?protocol=7&client=bench&version=1`, {
      perMessageDeflate: false,
    });
    const channel = `private-bench.${i}`;
    await new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.on('message', (buf) => {
        const msg = JSON.parse(buf);
        if (msg.event === 'pusher:connection_established') {
          const { socket_id: socketId } = JSON.parse(msg.data);
          const auth = `${KEY}:${createHmac('sha256', SECRET).update(`${socketId}:${channel}`).digest('hex')}`;
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bench-all' } }));
        } else if (msg.event === 'pusher_internal:subscription_succeeded') {
          if (msg.channel === channel) resolve();
        } else if (msg.event === 'tick') {
          const now = performance.now();
          const { t } = JSON.parse(msg.data);
          onLatency(now - t, msg.channel);
        } else if (msg.event === 'pusher:error') {
          reject(new Error(JSON.stringify(msg.data)));
        }
      });
    });
    sockets.push(ws);
  }
  for (let i = 0; i < SOCKETS; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, SOCKETS - i) }, (_, k) => open(i + k)));
  }
  const connectMs = performance.now() - connectStart;
  await new Promise((r) => setTimeout(r, 500));
  const after = await memory();

  // --- publish ----------------------------------------------------------------------------
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
  const sdk = new Pusher({
    appId: APP_ID,
    key: KEY,
    secret: SECRET,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
    agent,
  });

  // The response body must be read, or node-fetch keeps the keep-alive socket busy.
  const publish = async (channel) =>
    (await sdk.trigger(channel, 'tick', JSON.stringify({ t: performance.now() }))).text();

  /** Closed loop (`concurrency` requests in flight) or, with `rate`, open loop at rate events/s. */
  async function scenario(name, count, concurrency, channelOf, expectedPerEvent, rate = 0) {
    const latencies = [];
    let expected = count * expectedPerEvent;
    let done;
    const finished = new Promise((r) => (done = r));
    onLatency = (ms) => {
      latencies.push(ms);
      if (--expected === 0) done();
    };
    const start = performance.now();
    let next = 0;
    async function worker() {
      while (next < count) {
        const i = next++;
        await publish(channelOf(i));
      }
    }
    async function openLoop() {
      const sends = [];
      for (let i = 0; i < count; i++) {
        const due = start + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        sends.push(publish(channelOf(i)));
      }
      await Promise.all(sends);
    }
    const cpuBefore = await cpu();
    if (rate > 0) await openLoop();
    else await Promise.all(Array.from({ length: concurrency }, worker));
    await Promise.race([finished, new Promise((r) => setTimeout(r, 15000))]);
    const elapsed = performance.now() - start;
    const cpuAfter = await cpu();
    const serverCpu = (cpuAfter.server - cpuBefore.server) / 1000 / elapsed;
    const benchCpu = (cpuAfter.bench - cpuBefore.bench) / 1000 / elapsed;
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
    return {
      name,
      events: count,
      deliveries: latencies.length,
      missing: count * expectedPerEvent - latencies.length,
      p50: pct(50),
      p99: pct(99),
      max: latencies[latencies.length - 1] ?? NaN,
      rate: (count / elapsed) * 1000,
      cpu: `${Math.round(serverCpu * 100)}% / ${Math.round(benchCpu * 100)}%`,
    };
  }

  async function cpu() {
    child.send('cpu');
    const server = (await nextMessage('cpu')).value;
    const own = process.cpuUsage();
    return { server: server.user + server.system, bench: own.user + own.system };
  }

  const rows = [];
  // Warm-up (JIT, keep-alive connections).
  await scenario('warm-up', 3000, 8, (i) => `private-bench.${i % SOCKETS}`, 1);
  rows.push(
    await scenario('sequential, 1 in flight', SEQUENTIAL, 1, (i) => `private-bench.${(i * 7919) % SOCKETS}`, 1),
  );
  for (const rate of [250, 500]) {
    rows.push(
      await scenario(
        `steady ${rate} events/s`,
        Math.min(EVENTS, rate * 4),
        0,
        (i) => `private-bench.${(i * 7919) % SOCKETS}`,
        1,
        rate,
      ),
    );
  }
  rows.push(
    await scenario(
      `burst, ${CONCURRENCY} in flight (saturation)`,
      EVENTS,
      CONCURRENCY,
      (i) => `private-bench.${i % SOCKETS}`,
      1,
    ),
  );
  rows.push(await scenario(`broadcast to all ${SOCKETS} sockets`, BROADCASTS, 1, () => 'bench-all', SOCKETS));

  const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  const perSocket = (k) => (after[k] - before[k]) / SOCKETS / 1024;
  console.log(
    `\n### Realtime server: ${SOCKETS} sockets on loopback (Node ${process.version}, ${(await import('node:os')).cpus().length} CPUs)\n`,
  );
  console.log(
    `Connected and subscribed ${after.connections} sockets (${after.channels} channels) in ${fmt(connectMs, 0)} ms.\n`,
  );
  console.log(
    '| scenario | events | deliveries | missing | p50 ms | p99 ms | max ms | events/s | CPU server / bench |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.events} | ${r.deliveries} | ${r.missing} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.max, 2)} | ${fmt(r.rate, 0)} | ${r.cpu} |`,
    );
  }
  console.log('\n| server memory | before | with sockets | per socket |');
  console.log('|---|---:|---:|---:|');
  for (const k of ['rss', 'heapUsed', 'external']) {
    console.log(
      `| ${k} | ${fmt(before[k] / 1048576)} MB | ${fmt(after[k] / 1048576)} MB | ${fmt(perSocket(k), 2)} KB |`,
    );
  }

  for (const ws of sockets) ws.terminate();
  agent.destroy();
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  for (const r of rows.filter((x) => !x.name.includes('saturation'))) {
    if (r.p99 >= 50) console.log(`\nWARNING: ${r.name}: p99 ${fmt(r.p99, 2)} ms is over the 50 ms target.`);
  }
}
