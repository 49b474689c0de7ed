#!/usr/bin/env node
// Session cache across real processes: two api instances on one PostgreSQL and one Redis. Instance
// B serves a signed-in customer's profile from its cache under load while the customer signs out on
// instance A. Counts the requests to B that were SENT AFTER A answered the sign-out and still got a
// 200 (must be 0), and how long the sign-out takes (it waits for B's acknowledgement).
// Needs PostgreSQL (BENCH_DATABASE_URL, default remit_bench) and Redis (BENCH_REDIS_URL).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cookieHeader, signUp, startApi, waitFor } from './support.mjs';

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/remit_bench';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const loops = Number(process.env.BENCH_CONNECTIONS ?? 16);

function startInstance(port) {
  return startApi(port, {
    DATABASE_URL: pgUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'remit-bench-cache-')),
  });
}

const now = () => performance.now();

async function round(a, b) {
  const jar = await signUp(a);
  const cookie = cookieHeader(jar);
  const get = () => fetch(`${b}/client/v1/profile`, { headers: { cookie, accept: 'application/json' } });
  if ((await get()).status !== 200) throw new Error('profile on B before sign-out');

  let stop = false;
  const results = [];
  const hammer = async () => {
    while (!stop) {
      const sent = now();
      const res = await get();
      await res.arrayBuffer();
      results.push({ sent, status: res.status });
    }
  };
  const workers = Array.from({ length: loops }, hammer);
  await new Promise((r) => setTimeout(r, 300));
  const logoutSent = now();
  const logout = await fetch(`${a}/client/v1/logout`, {
    method: 'POST',
    headers: { accept: 'application/json', cookie, 'x-xsrf-token': decodeURIComponent(jar['XSRF-TOKEN']) },
  });
  const logoutAnswered = now();
  if (logout.status !== 204) throw new Error(`logout: ${logout.status}`);
  await new Promise((r) => setTimeout(r, 300));
  stop = true;
  await Promise.all(workers);

  const after = results.filter((r) => r.sent > logoutAnswered);
  const cachedBefore = results.filter((r) => r.sent < logoutSent && r.status === 200).length;
  return {
    requests: results.length,
    cachedBefore,
    afterLogout: after.length,
    servedAfterLogout: after.filter((r) => r.status === 200).length,
    refusedAfterLogout: after.filter((r) => r.status === 401).length,
    logoutMs: logoutAnswered - logoutSent,
  };
}

const portA = 8321;
const portB = 8322;
const apiA = startInstance(portA);
const apiB = startInstance(portB);
try {
  const a = `http://127.0.0.1:${portA}`;
  const b = `http://127.0.0.1:${portB}`;
  await Promise.all([waitFor(`${a}/client/v1/password-policy`), waitFor(`${b}/client/v1/password-policy`)]);
  await new Promise((r) => setTimeout(r, 1000)); // both subscribed to the invalidation channel
  const all = [];
  for (let i = 0; i < rounds; i++) all.push(await round(a, b));
  const sum = (k) => all.reduce((n, r) => n + r[k], 0);
  const logoutMs = all.map((r) => r.logoutMs).sort((x, y) => x - y);
  const pct = (p) => logoutMs[Math.min(logoutMs.length - 1, Math.floor((p / 100) * logoutMs.length))].toFixed(1);
  console.log(
    `${rounds} rounds, ${loops} concurrent profile loops on instance B, sign-out on instance A, ${new Date().toISOString()}\n`,
  );
  console.log(
    '| requests to B | served 200 before the sign-out | sent after the sign-out answered | of those 200 | of those 401 | sign-out p50 ms | sign-out max ms |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${sum('requests')} | ${sum('cachedBefore')} | ${sum('afterLogout')} | ${sum('servedAfterLogout')} | ${sum('refusedAfterLogout')} | ${pct(50)} | ${logoutMs.at(-1).toFixed(1)} |`,
  );
  console.log(
    `\nRequests served after the sign-out answered: ${sum('servedAfterLogout')} (target 0: ${sum('servedAfterLogout') === 0 ? 'met' : 'NOT met'}).`,
  );
  if (sum('servedAfterLogout') > 0) process.exitCode = 1;
} finally {
  apiA.kill('SIGTERM');
  apiB.kill('SIGTERM');
}
