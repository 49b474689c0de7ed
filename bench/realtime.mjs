#!/usr/bin/env node
// Benchmark of the built-in realtime server (packages/pusher-server).
//
//   cd /work/main && node --import tsx bench/realtime.mjs
//   SOCKETS=10000 node --import tsx bench/realtime.mjs         (issue #23 item 7)
//   (env: SOCKETS or BENCH_SOCKETS=2000, BENCH_WORKERS=ceil(SOCKETS/2500), BENCH_EVENTS=2000,
//    BENCH_CONCURRENCY=32, BENCH_RATES=250,500,1000, BENCH_BROADCASTS=20,
//    BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server,
//    BENCH_SERVER_MODULE=path/to/another/pusher-server/src/index.ts to measure another copy)
//
// Three kinds of process, so that the benchmark is not what it measures:
// - the server (Fastify + pusherServer, in-process fan-out, the product's limits except the
//   per-address cap: every socket comes from 127.0.0.1), started with --expose-gc; it reports
//   process.memoryUsage() after a GC, its CPU time and its open-file limit over IPC;
// - BENCH_WORKERS socket holders (bench/realtime-worker.mjs): socket i lives in worker i mod N,
//   subscribed with a signed auth (HMAC of the socket id and channel, checked by the server) to
//   its own private channel `private-bench.{i}` and to the shared `private-bench-all`;
// - this process, which publishes through the HTTP events API with the official `pusher` SDK.
// Each event carries its send time; a worker's latency = publish call start → message received
// on the socket (HTTP request and server handling included), clocks aligned over IPC.
// The server and the workers are started through `sh -c 'ulimit -n …; exec node …'`: the
// open-file limit is raised for the benchmark only (the product's defaults are not touched).
// Scenarios: sequential (one event in flight), steady open-loop rates, burst (BENCH_CONCURRENCY
// in flight: saturation), broadcasts to the shared channel (every socket receives each; paced,
// one every 500 ms, so each is measured on its own). Prints Markdown tables.
import { Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { clockOffset, now, stallMonitor, startChild } from './realtime-processes.mjs';

const APP_ID = 'bench';
const KEY = 'bench-key';
const SECRET = 'bench-secret';
const BROADCAST_CHANNEL = 'private-bench-all';

if (process.argv.includes('--server')) {
  await runServer();
} else {
  await runBench();
}

async function runServer() {
  const { readFileSync } = await import('node:fs');
  const { default: Fastify } = await import('fastify');
  const { pathToFileURL } = await import('node:url');
  const { resolve } = await import('node:path');
  // BENCH_SERVER_MODULE: another copy of the package's entry (e.g. the previous commit's), for
  // before/after runs on the same machine minutes apart.
  const other = process.env.BENCH_SERVER_MODULE;
  const { pusherServer } = await import(other ? pathToFileURL(resolve(other)).href : '@remit/pusher-server');
  const sockets = Number(process.env.BENCH_SERVER_SOCKETS ?? 0);
  const app = Fastify({ logger: false });
  await app.register(pusherServer, {
    appId: APP_ID,
    key: KEY,
    secret: SECRET,
    // The product's limits, but every socket of the benchmark comes from 127.0.0.1 (no per-address
    // cap), and more than the default 10,000 connections if asked for.
    limits: {
      maxSubscriptionsPerSocket: 10,
      maxConnectionsPerAddress: Number.POSITIVE_INFINITY,
      ...(sockets > 10000 ? { maxConnections: sockets } : {}),
    },
  });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
  const measure = () => {
    for (let i = 0; i < 3; i++) globalThis.gc?.();
    return {
      ...process.memoryUsage(),
      connections: app.realtime.connectionCount(),
      channels: app.realtime.hub.channelCount,
    };
  };
  // The fan-out loop of every event sent to more than 100 sockets, timed inside the server: wall
  // time, and CPU time split into user (JavaScript, ws, Node streams) and system (the kernel's
  // loopback TCP, which also does the receiving side's work). Wall well over CPU means the process
  // waited for a core.
  const stalls = stallMonitor();
  const fanouts = [];
  const hub = app.realtime.hub;
  const publish = hub.publish.bind(hub);
  hub.publish = (...args) => {
    // process.cpuUsage() is a system call: only around the big fan-outs.
    if (!args[0].some((c) => hub.channelInfo(c).subscription_count > 100)) return publish(...args);
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const sent = publish(...args);
    if (sent > 100) {
      const used = process.cpuUsage(cpu);
      fanouts.push({ sent, wallMs: performance.now() - t0, userMs: used.user / 1000, systemMs: used.system / 1000 });
    }
    return sent;
  };
  const openFiles = /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
  process.on('message', async (msg) => {
    if (msg === 'memory') process.send({ type: 'memory', value: measure() });
    if (msg === 'cpu') process.send({ type: 'cpu', value: process.cpuUsage() });
    if (msg === 'stalls') process.send({ type: 'stalls', value: stalls() });
    if (msg === 'fanouts') process.send({ type: 'fanouts', value: fanouts.splice(0) });
    if (msg === 'stop') {
      await app.close();
      process.exit(0);
    }
  });
  process.send({ type: 'ready', port: app.server.address().port, openFiles: Number(openFiles) });
}

async function runBench() {
  const { default: Pusher } = await import('pusher');
  const SOCKETS = Number(process.env.SOCKETS ?? process.env.BENCH_SOCKETS ?? 2000);
  const WORKERS = Number(process.env.BENCH_WORKERS ?? Math.max(1, Math.ceil(SOCKETS / 2500)));
  const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
  const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
  const RATES = (process.env.BENCH_RATES ?? '250,500,1000').split(',').map(Number);
  const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 20);
  const SEQUENTIAL = 500;
  const script = fileURLToPath(import.meta.url);
  const ownStalls = stallMonitor();
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

  const serverArgs = [
    '--expose-gc',
    '--import',
    'tsx',
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const server = startChild(script, ['--server'], serverArgs, { BENCH_SERVER_SOCKETS: String(SOCKETS) });
  const workerScript = fileURLToPath(new URL('./realtime-worker.mjs', import.meta.url));
  const workers = Array.from({ length: WORKERS }, () => startChild(workerScript, [], []));
  const { port, openFiles } = await server.next('ready');
  if (!(openFiles >= SOCKETS + 256)) {
    throw new Error(
      `the server's open-file limit is ${openFiles}: ${SOCKETS} sockets need more (raise the hard limit)`,
    );
  }
  await Promise.all(workers.map((w) => w.next('ready')));
  const clocks = await Promise.all(workers.map(clockOffset));
  workers.forEach((w, k) => w.send({ type: 'offset', offset: clocks[k].offset }));
  const clockError = Math.max(...clocks.map((c) => c.rtt / 2));
  await new Promise((r) => setTimeout(r, 300));
  const memory = async () => (await server.ask('memory', 'memory')).value;
  const before = await memory();

  // --- connect and subscribe -------------------------------------------------------------
  const serverCpu = async () => {
    const v = (await server.ask('cpu', 'cpu')).value;
    return v.user + v.system;
  };
  const connectCpu = await serverCpu();
  const connectStart = now();
  const connected = await Promise.all(
    workers.map((w, k) => {
      const ids = [];
      for (let i = k; i < SOCKETS; i += WORKERS) ids.push(i);
      const inFlight = Math.max(1, Math.round(100 / WORKERS));
      return w.ask(
        { type: 'connect', port, key: KEY, secret: SECRET, ids, inFlight, broadcastChannel: BROADCAST_CHANNEL },
        'connected',
      );
    }),
  );
  const connectMs = now() - connectStart;
  const connectServerMs = ((await serverCpu()) - connectCpu) / 1000;
  const failed = connected.find((c) => c.error);
  if (failed) throw new Error(`connect failed: ${failed.error}`);
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
  const publish = async (channel) => (await sdk.trigger(channel, 'tick', JSON.stringify({ t: now() }))).text();

  /** Closed loop (`concurrency` in flight), or open loop at `rate` events/s, or one every `everyMs`. */
  async function scenario(name, count, { concurrency = 1, rate = 0, everyMs = 0, channelOf, perEvent = 1 }) {
    await Promise.all(workers.map((w) => w.ask({ type: 'start' }, 'started')));
    await server.ask('stalls', 'stalls');
    ownStalls();
    const cpu0 = { server: await serverCpu(), bench: process.cpuUsage() };
    const start = now();
    let next = 0;
    const worker = async () => {
      while (next < count) await publish(channelOf(next++));
    };
    async function openLoop(intervalMs) {
      const sends = [];
      for (let i = 0; i < count; i++) {
        const wait = start + i * intervalMs - now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        sends.push(publish(channelOf(i)));
      }
      await Promise.all(sends);
    }
    if (rate > 0) await openLoop(1000 / rate);
    else if (everyMs > 0) await openLoop(everyMs);
    else await Promise.all(Array.from({ length: concurrency }, worker));
    const expected = count * perEvent;
    for (const deadline = now() + 15000; now() < deadline;) {
      const counts = await Promise.all(workers.map((w) => w.ask({ type: 'count' }, 'count')));
      if (counts.reduce((s, c) => s + c.count, 0) >= expected) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const elapsed = now() - start;
    const collected = await Promise.all(workers.map((w) => w.ask({ type: 'collect' }, 'collect')));
    const serverMs = ((await serverCpu()) - cpu0.server) / 1000;
    const own = process.cpuUsage(cpu0.bench);
    const stalled = { server: (await server.ask('stalls', 'stalls')).value, publisher: ownStalls() };
    // Per event (each broadcast on its own): the p99 over the sockets that received it.
    const perEventP99 = [];
    if (perEvent > 1) {
      const byEvent = new Map();
      for (const c of collected) {
        c.stamps.forEach((t, k) => {
          if (!byEvent.has(t)) byEvent.set(t, []);
          byEvent.get(t).push(c.latencies[k]);
        });
      }
      for (const list of byEvent.values()) {
        list.sort((a, b) => a - b);
        perEventP99.push(list[Math.min(list.length - 1, Math.floor(0.99 * list.length))]);
      }
      perEventP99.sort((a, b) => a - b);
    }
    const latencies = new Float64Array(collected.flatMap((c) => c.latencies)).sort();
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
    const share = (ms) => `${Math.round((ms / elapsed) * 100)}%`;
    return {
      name,
      events: count,
      deliveries: latencies.length,
      missing: expected - latencies.length,
      p50: pct(50),
      p99: pct(99),
      max: latencies[latencies.length - 1] ?? NaN,
      rate: (count / elapsed) * 1000,
      cpu: `${share(serverMs)} / ${share((own.user + own.system) / 1000)} / ${collected.map((c) => share(c.cpuMs)).join(' ')}`,
      stalled,
      perEventP99,
    };
  }

  const spread = (i) => `private-bench.${(i * 7919) % SOCKETS}`;
  const rows = [];
  await scenario('warm-up', 3000, { concurrency: 8, channelOf: (i) => `private-bench.${i % SOCKETS}` });
  await scenario('warm-up broadcast', 3, { everyMs: 500, channelOf: () => BROADCAST_CHANNEL, perEvent: SOCKETS });
  await server.ask('fanouts', 'fanouts');
  rows.push(await scenario('sequential, 1 in flight', SEQUENTIAL, { channelOf: spread }));
  for (const rate of RATES) {
    rows.push(
      await scenario(`steady ${rate} events/s`, Math.min(rate * 4, Math.max(EVENTS, rate * 2)), {
        rate,
        channelOf: spread,
      }),
    );
  }
  rows.push(
    await scenario(`burst, ${CONCURRENCY} in flight (saturation)`, EVENTS, {
      concurrency: CONCURRENCY,
      channelOf: (i) => `private-bench.${i % SOCKETS}`,
    }),
  );
  rows.push(
    await scenario(`broadcast to all ${SOCKETS} sockets, 1 per 500 ms`, BROADCASTS, {
      everyMs: 500,
      channelOf: () => BROADCAST_CHANNEL,
      perEvent: SOCKETS,
    }),
  );

  const fanouts = (await server.ask('fanouts', 'fanouts')).value;
  const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  const perSocket = (k) => (after[k] - before[k]) / SOCKETS / 1024;
  console.log(
    `\n### Realtime server: ${SOCKETS} sockets on loopback (Node ${process.version}, ${cpus().length} CPUs)\n`,
  );
  console.log(
    `Load average at the start: ${load}; at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
  );
  console.log(
    `${WORKERS} bench worker process(es); clocks aligned to within ${fmt(clockError, 3)} ms; server open-file limit ${openFiles}.`,
  );
  console.log(
    `Connected and subscribed ${after.connections} sockets (${after.channels} channels) in ${fmt(connectMs, 0)} ms` +
      ` (${fmt((SOCKETS / connectMs) * 1000, 0)} sockets/s; server CPU ${fmt(connectServerMs, 0)} ms, worker CPU ${connected.map((c) => `${fmt(c.cpuMs, 0)} ms`).join(', ')}).\n`,
  );
  console.log(
    '| scenario | events | deliveries | missing | p50 ms | p99 ms | max ms | events/s | CPU server / publisher / workers |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.events} | ${r.deliveries} | ${r.missing} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.max, 2)} | ${fmt(r.rate, 0)} | ${r.cpu} |`,
    );
  }
  if (fanouts.length > 0) {
    const med = (k) => fanouts.map((f) => f[k]).sort((a, b) => a - b)[Math.floor(fanouts.length / 2)];
    const most = (k) => Math.max(...fanouts.map((f) => f[k]));
    console.log(
      `\nThe server's fan-out loop, ${fanouts.length} broadcasts of ${fanouts[0].sent} sends (median / max):\n`,
    );
    console.log('| wall ms | CPU user ms | CPU system ms | CPU µs per socket |');
    console.log('|---:|---:|---:|---:|');
    const perSocketUs = ((med('userMs') + med('systemMs')) * 1000) / fanouts[0].sent;
    console.log(
      `| ${fmt(med('wallMs'))} / ${fmt(most('wallMs'))} | ${fmt(med('userMs'))} / ${fmt(most('userMs'))} | ${fmt(med('systemMs'))} / ${fmt(most('systemMs'))} | ${fmt(perSocketUs, 2)} |`,
    );
  }
  console.log('\nStalls during each scenario (ms): the longest event-loop delay and the longest / total GC pause.\n');
  console.log('| scenario | server loop max | server GC max / total | publisher loop max | publisher GC max |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) {
    const { server: sv, publisher: pb } = r.stalled;
    console.log(
      `| ${r.name} | ${fmt(sv.loopMax)} | ${fmt(sv.gcMax)} / ${fmt(sv.gcTotal)} | ${fmt(pb.loopMax)} | ${fmt(pb.gcMax)} |`,
    );
  }
  for (const r of rows.filter((x) => x.perEventP99.length > 0)) {
    const q = r.perEventP99;
    console.log(
      `\n${r.name}: p99 over the sockets of each broadcast: best ${fmt(q[0])} ms, median ${fmt(q[Math.floor(q.length / 2)])} ms, worst ${fmt(q[q.length - 1])} ms.`,
    );
  }
  console.log('\n| server memory | before | with sockets | per socket |');
  console.log('|---|---:|---:|---:|');
  for (const k of ['rss', 'heapUsed', 'external']) {
    console.log(
      `| ${k} | ${fmt(before[k] / 1048576)} MB | ${fmt(after[k] / 1048576)} MB | ${fmt(perSocket(k), 2)} KB |`,
    );
  }

  agent.destroy();
  for (const w of workers) w.send({ type: 'stop' });
  server.send('stop');
  await Promise.all(
    [server, ...workers].map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))),
  );
  for (const r of rows.filter((x) => !x.name.includes('saturation'))) {
    if (r.p99 >= 50) console.log(`\nWARNING: ${r.name}: p99 ${fmt(r.p99, 2)} ms is over the 50 ms target.`);
  }
}
