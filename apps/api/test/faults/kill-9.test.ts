// SIGKILL in the middle of money and documents (docs/product/system.md#faults, #22 item 6), on
// PostgreSQL only: a real api process A and the test's in-process app B share the database (and the
// document storage). Each test starts A, fires several requests at it a few milliseconds apart
// (confirms, payment notices, payout notices, uploads) and SIGKILLs it right after the last one's
// bytes are written, so the requests are caught at different points: not read yet, mid-checks,
// inside their database transaction, committed but not answered. Then the sender retries on B as it
// really would (the same Idempotency-Key; the gateway and the partner deliver again; the customer
// uploads again), and nothing is lost or doubled: one transfer, payment, payout, document each, a
// timeline without repeats, a ledger that verifies, no job or idempotency claim left `running`.
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { transactionsEndpoints } from '@remit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { customer as documentsCustomer, jpegWithGps, multipart, page, uploadPath } from '../documents/helpers.ts';
import {
  CARDS,
  captureWebhooks,
  type CapturedWebhook,
  deliver,
  drainJobs,
  payOnHostedPage,
  payableTransfer,
  startPayment,
} from '../payments/helpers.ts';
import { TRANSFER_JOBS } from '../../src/modules/transfers/transfers.jobs.ts';
import { GOOD_IBAN } from '../payouts/helpers.ts';
import { DE_BANK, customer, everyoneMaySend, newKey, quote, recipient } from '../transfers/helpers.ts';
import { browserHeaders, expectNothingStuck, fireAndKill, rawRequest, useKillRig } from './kill-9-rig.ts';
import { mayReallySend } from '../fixtures/may-send.ts';

const rig = useKillRig();
const { ctx } = rig;

beforeEach(() => {
  rig.skew.ms = 0;
  everyoneMaySend(ctx);
});

/** Each transfer's timeline: no status entered twice, no note twice. */
async function expectTimelinesOnce(ids: string[]): Promise<Map<string, string[]>> {
  const rows = await ctx.db
    .selectFrom('transaction_events')
    .select(['transaction_id', 'status', 'code'])
    .where('transaction_id', 'in', ids)
    .orderBy('id')
    .execute();
  const byTransfer = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const r of rows) byTransfer.get(r.transaction_id)!.push(`${r.status}:${r.code}`);
  for (const [id, entries] of byTransfer)
    expect(new Set(entries).size, `${id}: ${entries.join(', ')}`).toBe(entries.length);
  return byTransfer;
}

const countOf = async (table: 'webhook_events' | 'documents') =>
  (
    await ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

const log = (what: string, answers: (number | null)[], more = '') =>
  console.info(`kill -9 ${what}: answers before the kill ${JSON.stringify(answers)}${more}`);

/** Five transfers of one customer, paid by card on the gateway's page (the notices not delivered yet). */
async function paidTransfers(): Promise<string[]> {
  const c = await customer(ctx);
  await recipient(c, GOOD_IBAN);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const { tx } = await payableTransfer(ctx, c);
    const started = await startPayment(c, tx.id, 'card');
    await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
    ids.push(tx.id);
  }
  return ids;
}

/**
 * The notices (one a transfer) fired at A, which is SIGKILLed; then the sender delivers again to B
 * what was not answered 2xx, and once more the first (a repeat): each answered 200.
 */
async function noticesThroughKill(what: string, notices: CapturedWebhook[], ids: string[]): Promise<void> {
  expect(notices).toHaveLength(ids.length);
  await rig.startA();
  const answers = await fireAndKill(
    rig,
    notices.map((w) => () => rawRequest(rig.port, 'POST', w.url, w.headers, w.body)),
    { spacingMs: 12, afterMs: 2 },
  );
  log(what, answers, `; applied before the kill ${await countOf('webhook_events')}`);
  for (const [i, w] of notices.entries()) {
    if (answers[i] !== null) expect(answers[i]).toBe(200);
    if (answers[i] === null || i === 0) expect((await deliver(ctx, w)).statusCode).toBe(200);
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('SIGKILL mid-request: nothing lost or doubled (PostgreSQL)', () => {
  it('a confirm: retried with the same Idempotency-Key on B, one transfer per key', { timeout: 60_000 }, async () => {
    const { c, me } = await documentsCustomer(ctx);
    await mayReallySend(ctx.db, me.id);
    const r = await recipient(c, GOOD_IBAN);
    const bodies = [];
    for (let i = 0; i < 6; i++) {
      const q = await quote(c, { ...DE_BANK, source_amount: '10000' });
      bodies.push({ key: newKey(), body: { quote_id: q.id, recipient_id: r.id, purpose: null, reference: 'Rent' } });
    }
    await rig.startA();
    const confirmPath = transactionsEndpoints.createTransaction.path;
    const answers = await fireAndKill(
      rig,
      bodies.map(
        ({ key, body }) =>
          () =>
            rawRequest(
              rig.port,
              'POST',
              confirmPath,
              browserHeaders(c, { 'content-type': 'application/json', 'idempotency-key': key }),
              JSON.stringify(body),
            ),
      ),
      { spacingMs: 20, afterMs: 3 },
    );
    const claims = await ctx.db.selectFrom('idempotency_keys').select(['key', 'state']).execute();
    const state = (key: string) => claims.find((k) => k.key === key)?.state ?? 'none';
    log('confirm', answers, `; keys left ${JSON.stringify(bodies.map((b) => state(b.key)))}`);

    // A holds a key only while it runs: nothing of the dead A's requests keeps its key.
    expect(claims.filter((k) => k.state !== 'done')).toEqual([]);
    // The customer retries every confirm left without an answer, with its key, at once.
    for (const [i, { key, body }] of bodies.entries()) {
      if (answers[i] !== null) {
        expect(answers[i]).toBe(201);
        continue;
      }
      const res = await c.post(confirmPath, body, { 'idempotency-key': key });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['idempotent-replayed']).toBe(state(key) === 'done' ? 'true' : undefined);
    }
    // Every key again: the stored answer, the same transfer.
    const ids: string[] = [];
    for (const { key, body } of bodies) {
      const res = await c.post(confirmPath, body, { 'idempotency-key': key });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['idempotent-replayed']).toBe('true');
      ids.push((res.json() as { id: string }).id);
    }
    const rows = await ctx.db.selectFrom('transactions').select(['id', 'quote_id', 'status']).execute();
    expect(rows.map((t) => t.id).sort()).toEqual([...ids].sort());
    expect(new Set(rows.map((t) => t.quote_id)).size).toBe(bodies.length);
    expect(rows.every((t) => t.status === 'awaiting_payment')).toBe(true);
    const timelines = await expectTimelinesOnce(ids);
    for (const entries of timelines.values()) expect(entries).toEqual(['awaiting_payment:confirmed']);
    const expiries = await ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', TRANSFER_JOBS.expire.name)
      .execute();
    expect(expiries).toHaveLength(bodies.length);
    await expectNothingStuck(rig);
  });

  it('a confirm whose process is killed while it holds its key: the retry on B goes through at once', async () => {
    const { c, me } = await documentsCustomer(ctx);
    await mayReallySend(ctx.db, me.id);
    const r = await recipient(c, GOOD_IBAN);
    const q = await quote(c, { ...DE_BANK, source_amount: '10000' });
    const body = { quote_id: q.id, recipient_id: r.id, purpose: null, reference: 'Rent' };
    const key = newKey();
    const confirmPath = transactionsEndpoints.createTransaction.path;
    // A stands in for an instance in the middle of this confirm: it holds the key's lock.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const c = new (require('pg').Client)(process.env.TEST_DATABASE_URL);
         c.connect().then(() => c.query('begin'))
           .then(() => c.query("select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as taken", [process.argv[1]]))
           .then((r) => console.log(r.rows[0].taken ? 'held' : 'refused'));`,
        `idempotency-key:${me.id}:${key}`,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const said = await new Promise<string>((ok) => holder.stdout.once('data', (d: Buffer) => ok(String(d).trim())));
    expect(said).toBe('held');
    expect((await c.post(confirmPath, body, { 'idempotency-key': key })).statusCode).toBe(409);
    holder.kill('SIGKILL');
    await new Promise((ok) => holder.once('exit', ok));
    // The server lets the lock go as the dead process's connection closes: no lease to wait out.
    let res = await c.post(confirmPath, body, { 'idempotency-key': key });
    for (let i = 0; i < 10 && res.statusCode === 409; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      res = await c.post(confirmPath, body, { 'idempotency-key': key });
    }
    expect(res.statusCode, res.body).toBe(201);
    expect(await ctx.db.selectFrom('transactions').select('id').execute()).toHaveLength(1);
  });

  it('a payment notice: the gateway delivers again to B, one payment applied once', { timeout: 60_000 }, async () => {
    const ids = await paidTransfers();
    const notices = (await captureWebhooks(ctx)).filter((w) => w.url.includes('/webhooks/payments/'));
    await noticesThroughKill('payment notice', notices, ids);
    const events = await ctx.db.selectFrom('webhook_events').select(['event_id', 'outcome']).execute();
    expect(events).toHaveLength(notices.length);
    expect(events.every((e) => e.outcome === 'applied')).toBe(true);
    const payments = await ctx.db.selectFrom('payments').select(['transaction_id', 'status']).execute();
    expect(payments.map((p) => p.transaction_id).sort()).toEqual([...ids].sort());
    expect(payments.every((p) => p.status === 'succeeded')).toBe(true);
    await expectNothingStuck(rig);
    const timelines = await expectTimelinesOnce(ids);
    for (const entries of timelines.values()) {
      expect(entries.filter((e) => e.endsWith(':payment_received'))).toHaveLength(1);
    }
    expect(await ctx.db.selectFrom('payouts').select('id').execute()).toHaveLength(ids.length);
  });

  it(
    'a payout notice: the partner delivers again to B, each transfer completed once',
    { timeout: 60_000 },
    async () => {
      const ids = await paidTransfers();
      for (const w of await captureWebhooks(ctx)) expect((await deliver(ctx, w)).statusCode).toBe(200);
      await drainJobs(ctx); // the payouts start (the sandbox partner settles a second later)
      rig.skew.ms = 1_500;
      const notices = (await captureWebhooks(ctx)).filter((w) => w.url.includes('/webhooks/payouts/'));
      rig.skew.ms = 0;
      await noticesThroughKill('payout notice', notices, ids);
      await expectNothingStuck(rig);
      const transfers = await ctx.db.selectFrom('transactions').select(['id', 'status']).execute();
      expect(transfers.map((t) => t.status)).toEqual(ids.map(() => 'completed'));
      const payouts = await ctx.db.selectFrom('payouts').select(['transaction_id', 'status']).execute();
      expect(payouts.map((p) => p.transaction_id).sort()).toEqual([...ids].sort());
      expect(payouts.every((p) => p.status === 'completed')).toBe(true);
      expect(await ctx.db.selectFrom('sandbox_payouts').select('payout_id').execute()).toHaveLength(ids.length);
      const timelines = await expectTimelinesOnce(ids);
      for (const entries of timelines.values()) {
        expect(entries.filter((e) => e.endsWith(':delivered'))).toHaveLength(1);
        expect(entries.filter((e) => e.startsWith('completed:'))).toHaveLength(1);
      }
    },
  );

  it('an upload: the customer uploads again on B, one document and its files', { timeout: 60_000 }, async () => {
    const clients = [];
    for (let i = 0; i < 4; i++) clients.push((await documentsCustomer(ctx)).c);
    const jpeg = await jpegWithGps();
    const parts = [page(jpeg, 'passport.jpg'), { name: 'document_number', value: 'p 1234567' }];
    const url = uploadPath('proof_of_identity', 'passport');
    await rig.startA();
    const answers = await fireAndKill(
      rig,
      clients.map((c) => () => {
        const { payload, headers } = multipart(parts);
        return rawRequest(rig.port, 'POST', url, browserHeaders(c, headers), payload);
      }),
      { spacingMs: 40, afterMs: 5 },
    );
    log('upload', answers, `; stored before the kill ${await countOf('documents')}`);
    for (const [i, c] of clients.entries()) {
      if (answers[i] !== null) {
        expect(answers[i]).toBe(201);
        continue;
      }
      const { payload, headers } = multipart(parts);
      const res = await c.request('POST', url, payload, headers);
      // Landed before the kill: "already waiting for review"; else taken now.
      expect([201, 409], res.body).toContain(res.statusCode);
    }
    const docs = await ctx.db.selectFrom('documents').select(['id', 'customer_id']).execute();
    expect(docs).toHaveLength(clients.length);
    expect(new Set(docs.map((d) => d.customer_id)).size).toBe(clients.length);
    const pages = await ctx.db.selectFrom('document_pages').select(['document_id', 'storage_key']).execute();
    expect(pages.map((p) => p.document_id).sort()).toEqual(docs.map((d) => d.id).sort());

    // The sweep (an hour on) removes what a cut-off upload stored; every page's file stays.
    rig.skew.ms = 2 * 3_600_000;
    await ctx.app.services.documents.sweep();
    const root = path.join(ctx.config.dataDir, 'documents');
    const files = (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    const keys = pages.map((p) => p.storage_key).sort();
    // Each page's file and its content type beside it (`<key>.type`), nothing else: no other body,
    // and none of what a kill inside LocalFileStorage.put leaves (temp files, a type without its body).
    expect(files.sort()).toEqual(keys.flatMap((k) => [k, `${k}.type`]).sort());
    rig.skew.ms = 0;
    await expectNothingStuck(rig);
  });
});
