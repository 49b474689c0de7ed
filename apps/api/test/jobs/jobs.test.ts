// Durable jobs (docs/product/system.md#durable-jobs): scheduled in the caller's transaction, run when
// due, retried with backoff, failed after their attempts, deduplicated by key, claimed again when the
// instance that held them died, and run once across several instances (PostgreSQL, where the
// runners really race).
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/types.ts';
import { Jobs, retryDelayMs } from '../../src/modules/jobs/jobs.ts';
import { createTestDb, TestClock } from '../helpers.ts';

let db: Kysely<Database>;
const clock = new TestClock();
const quiet = { warn: () => undefined, error: () => undefined };
const runner = (instanceId: string, leaseMs = 60_000) =>
  new Jobs({ db, now: clock.now, instanceId, log: quiet, leaseMs });

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.destroy();
});
beforeEach(async () => {
  await sql`truncate table jobs`.execute(db);
});

const statusOf = async (id: string) =>
  db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'last_error', 'run_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('durable jobs', () => {
  it('runs a job when it is due, not before, with its payload', async () => {
    const jobs = runner('a');
    const seen: unknown[] = [];
    jobs.register('greet', async (payload) => {
      seen.push(payload);
    });
    const id = (await jobs.enqueue(db, 'greet', { to: 'Ada' }, { runAt: new Date(clock.now().getTime() + 60_000) }))!;
    expect(await jobs.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ to: 'Ada' }]);
    expect((await statusOf(id)).status).toBe('done');
    expect(await jobs.runDue()).toBe(0);
  });

  it('a job scheduled in a transaction that rolls back does not exist', async () => {
    const jobs = runner('a');
    await expect(
      db.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, 'greet', {});
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it('retries a failing job with backoff, then marks it failed after its attempts', async () => {
    const jobs = runner('a');
    let calls = 0;
    jobs.register('flaky', async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    const id = (await jobs.enqueue(db, 'flaky', null, { maxAttempts: 3 }))!;
    await jobs.runDue();
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    expect(await jobs.runDue()).toBe(0); // not due until the backoff has passed
    clock.advance(retryDelayMs(1));
    await jobs.runDue();
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 2 });
    clock.advance(retryDelayMs(2));
    await jobs.runDue();
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    clock.advance(3_600_000);
    expect(await jobs.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('one queued job per unique key: scheduling twice is idempotent, and the key is free again once it ran', async () => {
    const jobs = runner('a');
    jobs.register('expire', async () => undefined);
    const first = await jobs.enqueue(db, 'expire', { id: 1 }, { uniqueKey: 'expire:1' });
    expect(first).not.toBeNull();
    expect(await jobs.enqueue(db, 'expire', { id: 1 }, { uniqueKey: 'expire:1' })).toBeNull();
    await jobs.runDue();
    expect(await jobs.enqueue(db, 'expire', { id: 1 }, { uniqueKey: 'expire:1' })).not.toBeNull();
  });

  it('survives a restart: a job left running by an instance that died is claimed again after its lease', async () => {
    const dead = runner('dead', 60_000);
    dead.register('payout', () => new Promise(() => undefined)); // never finishes: the process "dies"
    const id = (await dead.enqueue(db, 'payout', { transfer: 't1' }))!;
    void dead.runDue();
    await expect.poll(async () => (await statusOf(id)).status).toBe('running');

    const next = runner('next');
    const ran: unknown[] = [];
    next.register('payout', async (payload, job) => {
      ran.push({ payload, attempt: job.attempt });
    });
    expect(await next.runDue()).toBe(0); // still leased
    clock.advance(60_001);
    expect(await next.runDue()).toBe(1);
    expect(ran).toEqual([{ payload: { transfer: 't1' }, attempt: 2 }]);
    expect((await statusOf(id)).status).toBe('done');
  });

  it('a stopping instance finishes the job under way and hands back the rest of its batch at once', async () => {
    const leaving = runner('leaving');
    let finish!: () => void;
    const ran: string[] = [];
    leaving.register('step', async (payload) => {
      ran.push((payload as { n: string }).n);
      if (ran.length === 1) await new Promise<void>((resolve) => (finish = resolve));
    });
    const ids = [];
    for (const n of ['a', 'b', 'c']) ids.push((await leaving.enqueue(db, 'step', { n }))!);
    void leaving.runDue();
    await expect.poll(() => ran.length).toBe(1);
    const stopped = leaving.stop();
    finish();
    await stopped;
    expect(ran).toHaveLength(1);
    const statuses = await Promise.all(ids.map(statusOf));
    expect(statuses.filter((s) => s.status === 'done')).toHaveLength(1);
    expect(statuses.filter((s) => s.status === 'queued' && s.attempts === 0)).toHaveLength(2);

    const next = runner('next'); // no lease to wait out
    next.register('step', async (payload) => void ran.push((payload as { n: string }).n));
    expect(await next.runDue()).toBe(2);
    expect([...ran].sort()).toEqual(['a', 'b', 'c']);
  });

  it('a backlog drains batch after batch within one poll, not one batch a poll (20 jobs a second)', async () => {
    // Only the poll's interval is faked: one tick is one poll; the database and the handlers run for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const jobs = new Jobs({ db, now: clock.now, instanceId: 'a', log: quiet, pollMs: 1000 });
    try {
      let ran = 0;
      jobs.register('step', async () => void ran++);
      for (let i = 0; i < 70; i++) await jobs.enqueue(db, 'step', { i });
      jobs.start();
      vi.advanceTimersByTime(1000);
      await expect.poll(() => ran, { timeout: 15_000 }).toBe(70);
      const left = await db.selectFrom('jobs').select('id').where('status', '!=', 'done').execute();
      expect(left).toEqual([]);
    } finally {
      await jobs.stop();
      vi.useRealTimers();
    }
  });

  it('a job without a handler fails and is retried (another instance version may know it)', async () => {
    const jobs = runner('a');
    const id = (await jobs.enqueue(db, 'unknown', null, { maxAttempts: 1 }))!;
    await jobs.runDue();
    expect(await statusOf(id)).toMatchObject({ status: 'failed', last_error: 'No handler for job unknown' });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'several instances draining the same queue run each job exactly once (PostgreSQL)',
    async () => {
      const counts = new Map<number, number>();
      const instances = ['i1', 'i2', 'i3', 'i4'].map((name) => {
        const jobs = runner(name);
        jobs.register('count', async (payload) => {
          const n = (payload as { n: number }).n;
          counts.set(n, (counts.get(n) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 2));
        });
        return jobs;
      });
      for (let n = 0; n < 60; n++) await instances[0]!.enqueue(db, 'count', { n });
      const drain = async (jobs: Jobs) => {
        while ((await jobs.runDue(5)) > 0);
      };
      await Promise.all(instances.map(drain));
      expect(counts.size).toBe(60);
      expect([...counts.values()].every((c) => c === 1)).toBe(true);
      const left = await db.selectFrom('jobs').select('id').where('status', '<>', 'done').execute();
      expect(left).toEqual([]);
    },
  );
});
