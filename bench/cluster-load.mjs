#!/usr/bin/env node
// Load through the balancer (issue #22 item 8): the same autocannon scenarios against one api
// instance and against the cluster (three instances behind HAProxy, scripts/cluster.mjs), in one
// run, on one PostgreSQL and one Redis. Prints a Markdown table for docs/benchmarks.md.
//
//   BENCH_SECONDS (10) per scenario, BENCH_CONNECTIONS (20). Needs PostgreSQL, Redis and HAProxy as
//   `npm run cluster` does; uses the database remit_cluster_load (dropped first) and Redis db 12.
import autocannon from 'autocannon';
import { clusterSettings, dropDatabase, freePort, startCluster, withDatabase } from '../scripts/cluster-kit.mjs';
import { cookieHeader, signUp, startApi, waitFor } from './support.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const settings = { ...clusterSettings('load'), redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12' };

/** Both modes: production, the sandboxes (gateway, partner, rates), a sign-up limit a bench passes. */
const env = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: settings.databaseUrl,
  REDIS_URL: settings.redisUrl,
  PAYMENTS_PROVIDER: 'sandbox',
  PAYOUTS_PROVIDER: 'sandbox',
  RATES_PROVIDER: 'sandbox',
  SIGNUP_MAX_PER_IP: '1000000',
};

const QUOTE = {
  source_currency: 'GBP',
  target_country: 'KE',
  target_currency: 'KES',
  payout_method: 'mobile_wallet',
  source_amount: '10000',
};

function cannon(opts) {
  return new Promise((ok, fail) => {
    autocannon({ connections, duration, ...opts }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

/** A signed-in customer's headers: the session cookie and the anti-forgery token, as the app sends them. */
async function signedIn(base) {
  const jar = await signUp(base);
  return {
    cookie: cookieHeader(jar),
    accept: 'application/json',
    'content-type': 'application/json',
    'x-xsrf-token': decodeURIComponent(jar['XSRF-TOKEN']),
  };
}

async function scenarios(mode, base) {
  const headers = await signedIn(base);
  const rows = [];
  const record = (name, r) =>
    rows.push({
      mode,
      name,
      rps: r.requests.average,
      p50: r.latency.p50,
      p97: r.latency.p97_5,
      p99: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
    });
  record(
    'GET /client/v1/profile (signed in)',
    await cannon({ url: `${base}/client/v1/profile`, headers: { cookie: headers.cookie, accept: headers.accept } }),
  );
  record(
    'POST /client/v1/quotes',
    await cannon({ url: `${base}/client/v1/quotes`, method: 'POST', headers, body: JSON.stringify(QUOTE) }),
  );
  record(
    'GET /client/v1/transactions?search=',
    await cannon({
      url: `${base}/client/v1/transactions?search=Hans`,
      headers: { cookie: headers.cookie, accept: headers.accept },
    }),
  );
  return rows;
}

async function single() {
  const port = await freePort();
  const api = startApi(port, env);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/health/ready`, 120_000);
    return await scenarios('one instance', base);
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
}

async function cluster() {
  const port = await freePort();
  const running = startCluster(settings, port, env);
  try {
    await running.started();
    const base = `http://127.0.0.1:${port}`;
    await running.waitUntil(
      'every instance is up in HAProxy',
      async () => {
        const states = Object.values(await running.haproxyStates());
        return states.length === 3 && states.every((s) => s === 'UP');
      },
      180_000,
    );
    return await scenarios('cluster (3 instances, HAProxy)', base);
  } finally {
    await running.stop();
  }
}

await dropDatabase(settings);
const adminUrl = new URL(settings.databaseUrl);
const database = adminUrl.pathname.slice(1);
adminUrl.pathname = '/postgres';
await withDatabase(adminUrl.toString(), (c) => c.query(`create database "${database}"`));

const rows = [...(await single()), ...(await cluster())];
await dropDatabase(settings);

const ms = (v) => `${Math.round(v)} ms`;
console.log(
  `\n${duration} s per scenario, ${connections} connections, PostgreSQL + Redis, ${new Date().toISOString()}\n`,
);
console.log('| mode | scenario | req/s | p50 | p97.5 | p99 | errors |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows)
  console.log(
    `| ${r.mode} | ${r.name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p97)} | ${ms(r.p99)} | ${r.errors} |`,
  );
const byName = new Map();
for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
console.log('\n| scenario | cluster ÷ one instance (req/s) |\n| --- | ---: |');
for (const [name, [one, many]] of byName) console.log(`| ${name} | ${(many.rps / one.rps).toFixed(2)} |`);
