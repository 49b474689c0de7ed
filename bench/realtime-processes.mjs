// Process plumbing of bench/realtime.mjs: children started with a raised open-file limit and
// talking over IPC, their clocks aligned with ours, and each process's stalls.
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

/** Milliseconds on a clock shared by the processes of the machine (to within their alignment). */
export const now = () => performance.timeOrigin + performance.now();

/**
 * This process's stalls since the last call: the longest event-loop delay (the loop blocked, or
 * the process waiting for a core) and the longest and total garbage-collection pauses, in ms.
 */
export function stallMonitor() {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcMax = 0;
  let gcTotal = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMax = Math.max(gcMax, e.duration);
      gcTotal += e.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  return () => {
    const value = { loopMax: loop.max / 1e6, gcMax, gcTotal };
    loop.reset();
    gcMax = 0;
    gcTotal = 0;
    return value;
  };
}

/** A child node process started with its open-file limit raised, talking over IPC. */
export function startChild(script, args, nodeArgs, env = {}) {
  const wrapper = 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"';
  const child = spawn('/bin/sh', ['-c', wrapper, process.execPath, ...nodeArgs, script, ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const replies = [];
  const waiters = [];
  child.on('message', (m) => {
    const w = waiters.findIndex((x) => x.type === m.type);
    if (w >= 0) waiters.splice(w, 1)[0].resolve(m);
    else replies.push(m);
  });
  child.next = (type) => {
    const i = replies.findIndex((m) => m.type === type);
    if (i >= 0) return Promise.resolve(replies.splice(i, 1)[0]);
    return new Promise((resolve) => waiters.push({ type, resolve }));
  };
  child.ask = (msg, type) => {
    const reply = child.next(type);
    child.send(msg);
    return reply;
  };
  return child;
}

/** The worker's clock minus ours, from the IPC round trip with the smallest delay. */
export async function clockOffset(worker) {
  let best = { rtt: Infinity, offset: 0 };
  for (let id = 0; id < 30; id++) {
    const t0 = now();
    const { t } = await worker.ask({ type: 'clock', id }, 'clock');
    const t1 = now();
    if (t1 - t0 < best.rtt) best = { rtt: t1 - t0, offset: t - (t0 + t1) / 2 };
  }
  return best;
}
