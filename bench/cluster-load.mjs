#!/usr/bin/env node
// Load through the balancer (issue #22 item 8): the same autocannon scenarios against one api
// instance and against the cluster (three instances behind HAProxy, scripts/cluster.mjs), in one
// run, on one PostgreSQL and one Redis. Prints a Markdown table for docs/benchmarks.md.
//
//   node --import tsx bench/cluster-load.mjs
//
//   BENCH_SECONDS (10) per scenario, BENCH_CONNECTIONS (20). Needs PostgreSQL, Redis and HAProxy as
//   `npm run cluster` does; uses the database remit_cluster_load (dropped first) and Redis db 12.
//   The customer who confirms is made one who may send in the database (bench/customers.mjs, hence
//   tsx), before any instance of the measured modes has read the session.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { clusterSettings, dropDatabase, freePort, startCluster, withDatabase } from '../scripts/cluster-kit.mjs';
import {
  GBP_TO_EUR_BANK,
  germanRecipient,
  headersOf,
  letThemSend,
  PASSWORD,
  post,
  quoteWhenRatesAreIn,
  signUp,
  signUpInGb,
  SANDBOX_SIGN_UPS,
} from './customers.mjs';
import { cookieHeader, startApi, waitFor } from './support.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const settings = { ...clusterSettings('load'), redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12' };

/** Both modes: production, the sandboxes (gateway, partner, rates), a sign-up limit a bench passes. */
const env = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: settings.databaseUrl,
  REDIS_URL: settings.redisUrl,
  ...SANDBOX_SIGN_UPS,
  // One key for every instance of both modes: the customers' anti-forgery tokens are signed with it.
  APP_KEY: randomBytes(32).toString('base64'),
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

/**
 * The customers, made on an instance of their own that is stopped before the measured modes start
 * (so none of theirs has the sender's session cached from before it may send): a reader, customers
 * who sign in (signed up, email not verified: signing in needs no code), and a sender, made one who
 * may send.
 */
async function customers() {
  const port = await freePort();
  const api = startApi(port, env);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/health/ready`, 120_000);
    const reader = await signUp(base);
    const signers = [];
    for (let i = 0; i < 2 * connections; i++) signers.push(await signUp(base));
    const sender = await signUpInGb(base);
    return { reader, signers, sender };
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
}

/** The sender's one transfer (recipient, quote, confirm with a key): what the replays ask for again. */
async function confirmOnce(base, sender) {
  const recipient = await germanRecipient(base, sender.jar);
  const quote = await quoteWhenRatesAreIn(base, sender.jar, { ...GBP_TO_EUR_BANK, source_amount: '10000' });
  const key = crypto.randomUUID();
  const body = JSON.stringify({ quote_id: quote.id, recipient_id: recipient.id, purpose: null, reference: 'Rent' });
  await post(base, sender.jar, '/client/v1/transactions', JSON.parse(body), { 'idempotency-key': key });
  return { key, body };
}

/**
 * Sign-in as returning customers' browsers do it (each keeps its device cookie): the csrf cookie,
 * the password, then the profile with the new session; one loop is three requests. Each loop takes
 * the next of the sign-in customers: the throttles reserve an attempt per email and per browser
 * before the password is checked, so one account signing in 20 times at once is refused (429) by
 * design (docs/product/auth-and-sessions.md#throttling).
 */
function signInThenProfile(base, signers) {
  let next = 0;
  const keep = (ctx, headers) => {
    const set = headers['set-cookie'] ?? headers['Set-Cookie'] ?? [];
    for (const c of Array.isArray(set) ? set : [set]) {
      const [pair] = c.split(';');
      const [name, ...v] = pair.split('=');
      ctx.jar[name] = v.join('=');
    }
  };
  return cannon({
    url: base,
    requests: [
      {
        method: 'GET',
        path: '/sanctum/csrf-cookie',
        setupRequest: (req, ctx) => {
          const who = signers[next++ % signers.length];
          ctx.email = who.email;
          ctx.jar = Object.fromEntries(Object.entries(who.jar).filter(([name]) => /device/i.test(name)));
          return { ...req, headers: { accept: 'application/json', cookie: cookieHeader(ctx.jar) } };
        },
        onResponse: (status, body, ctx, headers) => keep(ctx, headers),
      },
      {
        method: 'POST',
        path: '/client/v1/login',
        setupRequest: (req, ctx) => ({
          ...req,
          headers: headersOf(ctx.jar),
          body: JSON.stringify({ email: ctx.email, password: PASSWORD }),
        }),
        onResponse: (status, body, ctx, headers) => keep(ctx, headers),
      },
      {
        method: 'GET',
        path: '/client/v1/profile',
        setupRequest: (req, ctx) => ({
          ...req,
          headers: { accept: 'application/json', cookie: cookieHeader(ctx.jar) },
        }),
      },
    ],
  });
}

async function scenarios(mode, base, { reader, signers, sender }, transfer) {
  const headers = headersOf(reader.jar);
  const rows = [];
  const record = (name, r, perLoop = 1) =>
    rows.push({
      mode,
      name,
      rps: r.requests.average / perLoop,
      p50: r.latency.p50,
      p97: r.latency.p97_5,
      p99: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
      statuses: Object.entries(r.statusCodeStats ?? {})
        .map(([code, { count }]) => `${code}×${count}`)
        .join(' '),
    });
  record(
    'GET /client/v1/profile (signed in)',
    await cannon({ url: `${base}/client/v1/profile`, headers: { cookie: headers.cookie, accept: headers.accept } }),
  );
  record('sign-in then profile (3 requests; rate in sign-ins/s)', await signInThenProfile(base, signers), 3);
  record(
    'POST /client/v1/quotes',
    await cannon({ url: `${base}/client/v1/quotes`, method: 'POST', headers, body: JSON.stringify(QUOTE) }),
  );
  record(
    'POST /client/v1/transactions (one key again: the stored answer)',
    await cannon({
      url: `${base}/client/v1/transactions`,
      method: 'POST',
      headers: { ...headersOf(sender.jar), 'idempotency-key': transfer.key },
      body: transfer.body,
    }),
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

async function single(people) {
  const port = await freePort();
  const api = startApi(port, env);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/health/ready`, 120_000);
    const transfer = await confirmOnce(base, people.sender);
    return { transfer, rows: await scenarios('one instance', base, people, transfer) };
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
}

async function cluster(people, transfer) {
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
    return await scenarios('cluster (3 instances, HAProxy)', base, people, transfer);
  } finally {
    await running.stop();
  }
}

await dropDatabase(settings);
const adminUrl = new URL(settings.databaseUrl);
const database = adminUrl.pathname.slice(1);
adminUrl.pathname = '/postgres';
await withDatabase(adminUrl.toString(), (c) => c.query(`create database "${database}"`));

const people = await customers();
await letThemSend(settings.databaseUrl, [people.sender]);
const one = await single(people);
const rows = [...one.rows, ...(await cluster(people, one.transfer))];
await dropDatabase(settings);

const ms = (v) => `${Math.round(v)} ms`;
console.log(
  `\n${duration} s per scenario, ${connections} connections, PostgreSQL + Redis, ${new Date().toISOString()}\n`,
);
console.log('| mode | scenario | req/s | p50 | p97.5 | p99 | errors | statuses |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of rows)
  console.log(
    `| ${r.mode} | ${r.name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p97)} | ${ms(r.p99)} | ${r.errors} | ${r.statuses} |`,
  );
const byName = new Map();
for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
console.log('\n| scenario | cluster ÷ one instance (req/s) |\n| --- | ---: |');
for (const [name, [one, many]] of byName) console.log(`| ${name} | ${(many.rps / one.rps).toFixed(2)} |`);
