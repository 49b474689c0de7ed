#!/usr/bin/env node
// EXPLAIN ANALYZE of every query the money calls and the background jobs run, on a PostgreSQL
// database at volume (issue #23 item 2): 10,000 customers and 100,000 transfers (one customer with
// 2,000 of them, searched), their quotes, recipients and timelines. Flags a sequential scan on any
// table over LARGE_ROWS rows. Prints Markdown for docs/benchmarks.md.
//
//   node --import tsx bench/explain.mjs
//
// How: an api instance made BASE customers with TRANSFERS_EACH transfers each through the api (as the
// web app does); SQL then copies them (new ids from the old ones, so references hold) up to
// CUSTOMERS customers, and copies the first customer's transfers into it up to SEARCHED. A second
// instance, with bench/sql-capture.mjs preloaded, answers each call while recording every statement
// with its parameters, and runs its periodic jobs for JOBS_SECONDS; each distinct statement is then
// explained (ANALYZE, inside a transaction rolled back). The database remit_explain (dropped first),
// Redis db 13.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, freePort, withDatabase } from '../scripts/cluster-kit.mjs';
import {
  GBP_TO_EUR_BANK,
  PASSWORD,
  germanRecipient,
  letThemSend,
  post,
  quoteWhenRatesAreIn,
  signUpInGb,
  SANDBOX_SIGN_UPS,
} from './customers.mjs';
import { cookieHeader, root, startApi, waitFor } from './support.mjs';

const BASE = 10;
const TRANSFERS_EACH = 10;
const CUSTOMERS = Number(process.env.EXPLAIN_CUSTOMERS ?? 10_000);
const SEARCHED = 2_000;
const LARGE_ROWS = 5_000;
const JOBS_SECONDS = Number(process.env.EXPLAIN_JOBS_SECONDS ?? 70);
const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/remit_explain',
  ownDatabase: !process.env.BENCH_DATABASE_URL,
};
const capture = join(tmpdir(), `remit-explain-${process.pid}.sql.jsonl`);
const env = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: settings.databaseUrl,
  REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13',
  ...SANDBOX_SIGN_UPS,
  SANDBOX_PAYOUT_DELAY_SECONDS: '1',
  APP_KEY: randomBytes(32).toString('base64'),
  SQL_CAPTURE_FILE: capture,
};
const NAMES = ['Hans Weber', 'Greta Schmidt', 'Anna Müller', 'Jonas Becker'];
const ALERT_CORRIDOR = { source_currency: 'GBP', target_country: 'DE', target_currency: 'EUR' };

async function stop(api) {
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
}

/** `table`'s columns: name, type and whether it is filled by a sequence. */
async function columnsOf(c, table) {
  const { rows } = await c.query(
    `select column_name as name, data_type as type, coalesce(column_default like 'nextval(%', false) as serial
       from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows;
}

/**
 * Copies the rows of `table` matching `where` once per `g` in `series`: every uuid column in `mapped`
 * becomes a new uuid derived from the old one and `g` (the same in every table, so references between
 * copies hold), every column in `suffixed` gets `-g` (unique values), `set` overrides columns.
 */
async function copyRows(c, table, { series, mapped, suffixed = [], set = {}, where = 'true' }) {
  const cols = (await columnsOf(c, table)).filter((col) => !col.serial);
  const value = (col) =>
    set[col.name] ??
    (mapped.includes(col.name)
      ? `md5(t.${col.name}::text || '-' || g)::uuid`
      : suffixed.includes(col.name)
        ? `t.${col.name} || '-' || g`
        : `t.${col.name}`);
  const sql =
    `insert into ${table} (${cols.map((col) => col.name).join(', ')}) ` +
    `select ${cols.map(value).join(', ')} from ${table} t cross join ${series} as g where ${where}`;
  const { rowCount } = await c.query(sql);
  return rowCount;
}

/** Every node of a JSON plan. */
function* nodes(plan) {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

const revive = (values) =>
  values.map((v) => (v && typeof v === 'object' && '$buffer' in v ? Buffer.from(v.$buffer, 'base64') : v));

/** Pays a transfer on the sandbox gateway's hosted page with its approved test card, as a customer would. */
async function payByCard(base, jar, id) {
  const started = await post(base, jar, `/client/v1/transactions/${id}/payments`, { method: 'card' });
  const page = new URL(started.redirect_url, base);
  const token = /name="token" value="([^"]+)"/.exec(await (await fetch(page)).text())?.[1];
  const card = { token, name: 'Ada Lovelace', card_number: '4242424242424242', expiry: '12/39', cvc: '123' };
  const res = await fetch(page, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(card).toString(),
  });
  if (res.status !== 303) throw new Error(`paying ${id}: ${res.status} ${await res.text()}`);
}

/** Waits until the transfer is completed (paid, paid out, settled). */
async function completed(base, { id, jar }) {
  for (let i = 0; i < 240; i++) {
    const res = await fetch(`${base}/client/v1/transactions/${id}`, {
      headers: { cookie: cookieHeader(jar), accept: 'application/json' },
    });
    if ((await res.json()).status === 'completed') return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`transfer ${id} did not complete`);
}

// 1. The database and the customers who send, through the api.
await dropDatabase(settings);
const adminUrl = new URL(settings.databaseUrl);
const database = adminUrl.pathname.slice(1);
adminUrl.pathname = '/postgres';
if (settings.ownDatabase) await withDatabase(adminUrl.toString(), (c) => c.query(`create database "${database}"`));
const noCapture = { ...env, SQL_CAPTURE_FILE: '' };
const customers = [];
const paid = [];
{
  const port = await freePort();
  const api = startApi(port, { ...noCapture, APP_URL: `http://127.0.0.1:${port}` });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/health/ready`, 120_000);
    for (let i = 0; i < BASE; i++) customers.push(await signUpInGb(base));
  } finally {
    await stop(api);
  }
}
await letThemSend(settings.databaseUrl, customers);
{
  const port = await freePort();
  const api = startApi(port, { ...noCapture, APP_URL: `http://127.0.0.1:${port}` });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/health/ready`, 120_000);
    for (const [i, who] of customers.entries()) {
      const mine = [];
      for (const name of NAMES) mine.push(await germanRecipient(base, who.jar, name));
      // A rate alert not reached and a monthly schedule each (issue #25), copied with the customer.
      await post(base, who.jar, '/client/v1/rate-alerts', { ...ALERT_CORRIDOR, target_rate: '9.99' });
      const schedule = { recipient_id: mine[0].id, source_currency: 'GBP', source_amount: '1000' };
      await post(base, who.jar, '/client/v1/scheduled-transfers', {
        ...schedule,
        frequency: 'monthly',
        next_run_on: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      });
      for (let t = 0; t < TRANSFERS_EACH; t++) {
        const q = await quoteWhenRatesAreIn(base, who.jar, { ...GBP_TO_EUR_BANK, source_amount: String(1000 + t) });
        const body = { quote_id: q.id, recipient_id: mine[(i + t) % mine.length].id, reference: `Rent ${t}` };
        const made = await post(base, who.jar, '/client/v1/transactions', body, { 'idempotency-key': randomUUID() });
        if (t % 2 === 0) paid.push({ id: made.id, jar: who.jar, pay: () => payByCard(base, who.jar, made.id) });
      }
    }
    // Half of them paid by card: the sandbox gateway approves, the sandbox partner pays out.
    for (const transfer of paid) await transfer.pay();
    for (const transfer of paid) await completed(base, transfer);
  } finally {
    await stop(api);
  }
}

// 2. At volume: copies of the customers with everything they own, then the searched customer's transfers.
const copies = Math.ceil(CUSTOMERS / BASE) - 1;
const spread = (g, column = 'created_at') => `t.${column} - (${g} * interval '37 minutes')`;
const counts = await withDatabase(settings.databaseUrl, async (c) => {
  const series = `generate_series(1, ${copies})`;
  const ids = ['id', 'customer_id', 'quote_id', 'recipient_id', 'transaction_id', 'refreshed_from'];
  await copyRows(c, 'customers', { series, mapped: ids, suffixed: [], set: { crn: `'B' || g || '-' || t.crn` } });
  await copyRows(c, 'accounts', { series, mapped: ids, set: { email: `g || '.' || t.email` } });
  for (const table of ['addresses', 'customer_attributes', 'recipients', 'scheduled_transfers']) {
    await copyRows(c, table, { series, mapped: ids });
  }
  // Alerts over ten corridors, half of them active (the others paused or already reached).
  const pick = (list) => `(array[${list.map((v) => `'${v}'`).join(', ')}])[1 + g % ${list.length}]`;
  await copyRows(c, 'rate_alerts', {
    series,
    mapped: ids,
    set: {
      target_country: pick(['DE', 'FR', 'ES', 'IT', 'KE', 'NG', 'PH', 'IN', 'MX', 'PK']),
      target_currency: pick(['EUR', 'EUR', 'EUR', 'EUR', 'KES', 'NGN', 'PHP', 'INR', 'MXN', 'PKR']),
      status: `case when g % 4 = 0 then 'paused' when g % 4 = 1 then 'triggered' else 'active' end`,
    },
  });
  await copyRows(c, 'quotes', { series, mapped: ids, set: { created_at: spread('g') } });
  // Most copied transfers are history: completed, a few cancelled; the rest as made (awaiting payment).
  await copyRows(c, 'transactions', { series, mapped: ids, set: { created_at: spread('g') } });
  await copyRows(c, 'transaction_events', { series, mapped: ids, set: { at: spread('g', 'at') } });
  await copyRows(c, 'payments', { series, mapped: ids, suffixed: ['provider_payment_id'] });
  await copyRows(c, 'payouts', { series, mapped: ids, suffixed: ['partner_reference'] });
  // The ledger: every journal copied with its transfer; each account's totals grow by as many copies.
  await copyRows(c, 'ledger_entries', {
    series,
    mapped: ['id', 'journal_id', 'pending_id', 'transaction_id'],
    set: { created_at: spread('g') },
  });
  const times = copies + 1;
  await c.query(
    `update ledger_accounts set debits_pending = debits_pending * ${times}, debits_posted = debits_posted * ${times},
       credits_pending = credits_pending * ${times}, credits_posted = credits_posted * ${times}`,
  );
  // The searched customer (the first): SEARCHED transfers to its own recipients.
  const first = customers[0].id;
  const more = `generate_series(${copies + 1}, ${copies + SEARCHED / TRANSFERS_EACH - 1})`;
  const own = `t.customer_id = '${first}'`;
  await copyRows(c, 'quotes', { series: more, mapped: ['id'], where: own });
  await copyRows(c, 'transactions', {
    series: more,
    mapped: ['id', 'quote_id'],
    where: own,
    set: { created_at: spread('g') },
  });
  // Every periodic task due now, so that the measured instance runs each once (the due schedules, late
  // steps, the rates refresh and the rate-alert check after it, the sweeps) while its statements are recorded.
  await c.query(`update jobs set run_at = now() where name like 'periodic.%' and status = 'queued'`);
  await c.query('analyze');
  const { rows } = await c.query(
    `select relname as table, n_live_tup::bigint as rows from pg_stat_user_tables order by n_live_tup desc`,
  );
  return rows;
});
// `npm run ledger:verify` over all of it: wall time and peak memory (GNU time).
const verify = spawnSync('/usr/bin/time', ['-f', '%e s, %M KB', 'npx', 'tsx', 'apps/api/scripts/ledger-verify.ts'], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, ...noCapture },
});
const ledgerVerify = `${verify.stdout.trim().replace(/\n/g, '; ')} (${verify.stderr.trim().split('\n').at(-1)}, exit ${verify.status})`;
console.log(`ledger:verify: ${ledgerVerify}`);
const large = new Set(counts.filter((r) => Number(r.rows) > LARGE_ROWS).map((r) => r.table));
console.log(`at volume: ${counts.map((r) => `${r.table} ${r.rows}`).join(', ')}`);

// 3. The calls, each statement recorded; then the background jobs for a while.
rmSync(capture, { force: true });
const mark = (label) => appendFileSync(capture, `${JSON.stringify({ mark: label })}\n`);
const searcher = customers[0];
const port = await freePort();
const api = startApi(port, { ...env, APP_URL: `http://127.0.0.1:${port}` }, ['--import', './bench/sql-capture.mjs']);
const base = `http://127.0.0.1:${port}`;
try {
  await waitFor(`${base}/health/ready`, 120_000);
  const get = async (path) => {
    const res = await fetch(`${base}${path}`, {
      headers: { cookie: cookieHeader(searcher.jar), accept: 'application/json' },
    });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // Signed in more than 10 minutes ago: the step-up a transfer to a recipient of today asks for.
  await post(base, searcher.jar, '/client/v1/step-up', { password: PASSWORD }, {}, 200);
  const recipients = await get('/client/v1/recipients');
  const recipientId = (recipients.data ?? recipients)[0].id;
  mark('POST /client/v1/quotes');
  const q = await post(base, searcher.jar, '/client/v1/quotes', { ...GBP_TO_EUR_BANK, source_amount: '2500' });
  mark('POST /client/v1/transactions');
  const t = await post(
    base,
    searcher.jar,
    '/client/v1/transactions',
    { quote_id: q.id, recipient_id: recipientId, reference: 'Rent' },
    { 'idempotency-key': randomUUID() },
  );
  mark(`GET /client/v1/transactions?search= (${SEARCHED} transfers)`);
  await get('/client/v1/transactions?search=Hans');
  mark(`GET /client/v1/transactions (${SEARCHED} transfers)`);
  await get('/client/v1/transactions');
  mark('GET /client/v1/transactions/{id}');
  await get(`/client/v1/transactions/${t.id}`);
  mark('GET /client/v1/recipient-requirements');
  await get('/client/v1/recipient-requirements?country=DE&currency=EUR&payout_method=bank_account');
  mark('GET /client/v1/limits');
  await get('/client/v1/limits');
  mark('background jobs and periodic tasks');
  await new Promise((r) => setTimeout(r, JOBS_SECONDS * 1000));
} finally {
  await stop(api);
}

// 4. Each distinct statement explained, per call.
const seen = new Map();
// Before the first call: the seeds and the first run of every periodic task (they run at start-up).
let label = 'start-up and periodic tasks';
for (const line of readFileSync(capture, 'utf8').split('\n')) {
  if (!line) continue;
  const entry = JSON.parse(line);
  if (entry.mark) {
    label = entry.mark;
    continue;
  }
  const text = entry.text.trim();
  if (!/^(select|insert|update|delete|with)\b/i.test(text)) continue;
  const key = `${label}\n${text}`;
  if (!seen.has(key)) seen.set(key, { call: label, text, values: revive(entry.values) });
}
rmSync(capture, { force: true });

const rows = [];
await withDatabase(settings.databaseUrl, async (c) => {
  /** The plan, run (ANALYZE) where it can run again; an insert already made (a duplicate key) only planned. */
  const explain = async (text, values) => {
    for (const options of ['analyze, format json', 'format json']) {
      await c.query('begin');
      try {
        const { rows: out } = await c.query(`explain (${options}) ${text}`, values);
        return out[0]['QUERY PLAN'][0];
      } catch (e) {
        if (options === 'format json') throw e;
      } finally {
        await c.query('rollback');
      }
    }
  };
  for (const { call, text, values } of seen.values()) {
    const statement = text.replace(/\s+/g, ' ').slice(0, 90);
    try {
      const plan = await explain(text, values);
      const all = [...nodes(plan.Plan)];
      const scans = all.filter((n) => n['Node Type'] === 'Seq Scan' && large.has(n['Relation Name']));
      const relations = [...new Set(all.map((n) => n['Relation Name']).filter(Boolean))];
      rows.push({
        call,
        statement,
        tables: relations.join(', '),
        ms: plan['Execution Time'] === undefined ? 'planned' : plan['Execution Time'].toFixed(2),
        seq: scans.map((n) => n['Relation Name']).join(', '),
      });
    } catch (e) {
      rows.push({ call, statement, tables: '', ms: '', seq: `error: ${e.message}` });
    }
  }
});

console.log(`\n| call | statement | tables | ms | sequential scan on a large table |`);
console.log(`|---|---|---|--:|---|`);
for (const r of rows) {
  console.log(`| ${r.call} | \`${r.statement.replace(/\|/g, '\\|')}\` | ${r.tables} | ${r.ms} | ${r.seq || 'none'} |`);
}
const bad = rows.filter((r) => r.seq);
console.log(
  `\n${rows.length} statements explained; ${bad.length} with a sequential scan on a table over ${LARGE_ROWS} rows.`,
);
if (settings.ownDatabase) await dropDatabase(settings);
process.exit(bad.length ? 1 : 0);
