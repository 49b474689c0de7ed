// What three instances share through the database (docs/product/system.md#several-instances): an
// idempotency claim made on one answers a replay on another, a quote's QuoteExpiring is pushed once
// whichever instances run the jobs, and every durable job runs once with runners on all three.
// PGlite in the first pass of the suite, PostgreSQL (TEST_DATABASE_URL) in the second.
import { Transaction } from '@remit/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client } from '../helpers.ts';
import { KE_WALLET, M_PESA, confirm, everyoneMaySend, newKey, quote, recipient } from '../transfers/helpers.ts';
import { onInstance, useFleet } from './helpers.ts';

const fleet = useFleet({ instances: 3, env: { DATABASE_POOL_MAX: '10' } });
const runAll = () => Promise.all(fleet.apps.map((app) => app.services.jobs.runDue()));

beforeEach(() => {
  for (let i = 0; i < fleet.apps.length; i++) everyoneMaySend(fleet.on(i));
});
afterEach(() => vi.restoreAllMocks());

async function transferToConfirm() {
  const a = new Client(fleet.apps[0]!);
  await a.signUp();
  const q = await quote(a, { ...KE_WALLET, source_amount: '10000' });
  const r = await recipient(a, M_PESA);
  return { a, body: { quote_id: q.id, recipient_id: r.id, purpose: 'family_support', reference: 'Rent' } };
}

describe('idempotency claims across instances', () => {
  it('a confirm replayed on B with the same Idempotency-Key answers the transfer made on A; no second transfer', async () => {
    const { a, body } = await transferToConfirm();
    const key = newKey();
    const first = await confirm(a, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const made = Transaction.parse(first.json());

    const replay = await confirm(onInstance(fleet.apps[1]!, a), body, key);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(Transaction.parse(replay.json()).id).toBe(made.id);
    const rows = await fleet.db.selectFrom('transactions').select('id').execute();
    expect(rows.map((x) => x.id)).toEqual([made.id]);
  });

  it('the same confirm sent to A, B and C at once makes one transfer; the others wait (409) or get it replayed', async () => {
    const { a, body } = await transferToConfirm();
    const key = newKey();
    const results = await Promise.all(fleet.apps.map((app) => confirm(onInstance(app, a), body, key)));
    expect(results.map((x) => x.statusCode).every((s) => s === 201 || s === 409)).toBe(true);
    const made = results.filter((x) => x.statusCode === 201 && x.headers['idempotent-replayed'] === undefined);
    expect(made).toHaveLength(1);
    const rows = await fleet.db.selectFrom('transactions').select('id').execute();
    expect(rows.map((x) => x.id)).toEqual([Transaction.parse(made[0]!.json()).id]);
  });
});

describe('quote expiry push across instances', () => {
  it('QuoteExpiring is pushed once, not once per instance, whichever instances run the jobs', async () => {
    const notifies = fleet.apps.map((app) => vi.spyOn(app.customerEvents, 'notify'));
    const a = new Client(fleet.apps[0]!);
    const me = await a.signUp();
    const q = await quote(a, { ...KE_WALLET, source_amount: '10000' });

    fleet.clock.advance(Date.parse(q.expires_at) - fleet.clock.now().getTime() - 60_000);
    await runAll();
    await runAll();
    const pushes = notifies.map((spy) => spy.mock.calls.filter(([, event]) => event === 'QuoteExpiring'));
    expect(pushes.flat()).toEqual([[me.id, 'QuoteExpiring', { quote_id: q.id, expires_at: q.expires_at }]]);
    fleet.clock.advance(60_000);
    await runAll();
    expect(notifies.flatMap((spy) => spy.mock.calls.filter(([, event]) => event === 'QuoteExpiring'))).toHaveLength(1);
  });
});

describe('durable jobs with runners on A, B and C', () => {
  const ran: { id: string; instance: number }[] = [];
  beforeAll(() => {
    fleet.apps.forEach((app, instance) =>
      app.services.jobs.register('fleet.count', async (_payload, job) => {
        ran.push({ id: job.id, instance });
        await new Promise((r) => setTimeout(r, 2)); // long enough for the others to look meanwhile
      }),
    );
  });
  beforeEach(() => {
    ran.length = 0;
  });

  it('each of 30 jobs runs exactly once, whichever instance claims it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const app = fleet.apps[i % 3]!;
      ids.push((await app.services.jobs.enqueue(fleet.db, 'fleet.count', { i }))!);
    }
    for (let pass = 0; pass < 10 && ran.length < 30; pass++) {
      await Promise.all(fleet.apps.map((app) => app.services.jobs.runDue(4)));
    }
    expect(ran.map((r) => r.id).sort()).toEqual([...ids].sort());
    const rows = await fleet.db.selectFrom('jobs').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    if (process.env.TEST_DATABASE_URL) {
      // Real connections: the instances claim side by side (SKIP LOCKED), so more than one ran jobs.
      expect(new Set(ran.map((r) => r.instance)).size).toBeGreaterThan(1);
    }
  });

  it('a job whose instance stopped mid-run is run by another once its lease is over, and only then', async () => {
    const id = (await fleet.apps[0]!.services.jobs.enqueue(fleet.db, 'fleet.count', {}))!;
    // A claims it and "dies": its lease stays, as a killed process leaves it.
    await fleet.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'api-gone', locked_until: new Date(fleet.clock.now().getTime() + 300_000) })
      .where('id', '=', id)
      .execute();
    await runAll();
    expect(ran).toEqual([]);
    fleet.clock.advance(300_001);
    await runAll();
    expect(ran.map((r) => r.id)).toEqual([id]);
    const row = await fleet.db.selectFrom('jobs').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
  });
});
