// Typed jobs (docs/ARCHITECTURE.md "Durable jobs"): `defineJob(name, zod schema, handler)`, enqueued
// with a payload checked at compile time, handled with the parsed payload; a stored payload the schema
// refuses fails the job at once instead of being retried. Every job of the api is defined this way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../src/db/types.ts';
import { defineJob, Jobs, type JobInfo } from '../../src/modules/jobs/jobs.ts';
import { createTestDb, TestClock } from '../helpers.ts';

let db: Kysely<Database>;
const clock = new TestClock();
const quiet = { warn: () => undefined, error: () => undefined };
const runner = () => new Jobs({ db, now: clock.now, instanceId: 'typed', log: quiet });

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.destroy();
});
beforeEach(async () => {
  await sql`truncate table jobs`.execute(db);
});

const rowOf = (id: string) =>
  db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'last_error', 'unique_key'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const seen: { payload: { to: string; times: number }; job: Omit<JobInfo, 'releaseUniqueKey'>; deps: string }[] = [];
const greet = defineJob(
  'test.greet',
  z.object({ to: z.string(), times: z.number().int() }),
  async (payload, job, deps: { greeting: string }) => {
    seen.push({ payload, job: { id: job.id, name: job.name, attempt: job.attempt }, deps: deps.greeting });
  },
);

describe('typed jobs', () => {
  beforeEach(() => {
    seen.length = 0;
  });

  it('the handler gets the parsed payload, the job and what its owner registered it with', async () => {
    const jobs = runner();
    jobs.register(greet.with({ greeting: 'hello' }));
    const id = (await jobs.enqueue(db, greet, { to: 'Ada', times: 2 }))!;
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([
      { payload: { to: 'Ada', times: 2 }, job: { id, name: 'test.greet', attempt: 1 }, deps: 'hello' },
    ]);
    expect((await rowOf(id)).status).toBe('done');
  });

  it('checks the payload at compile time', async () => {
    const jobs = runner();
    // @ts-expect-error a key of the payload is missing
    await jobs.enqueue(db, greet, { to: 'Ada' });
    // @ts-expect-error a key has the wrong type
    await jobs.enqueue(db, greet, { to: 'Ada', times: '2' });
    // @ts-expect-error a registration needs what the handler depends on
    jobs.register(greet.with({}));
  });

  it('a stored payload the schema refuses fails the job at once, saying why, and is not retried', async () => {
    const jobs = runner();
    jobs.register(greet.with({ greeting: 'hello' }));
    const id = (await jobs.enqueue(db, 'test.greet', { to: 'Ada', times: 'twice' }, { maxAttempts: 8 }))!;
    expect(await jobs.runDue()).toBe(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/^Invalid payload for job test\.greet: /);
    expect(row.last_error).toContain('times');
    clock.advance(3_600_000);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([]);
  });

  it('a handler that fails is retried as before (only a refused payload fails at once)', async () => {
    const jobs = runner();
    const flaky = defineJob('test.flaky', z.object({}), async () => {
      throw new Error('not yet');
    });
    jobs.register(flaky.with());
    const id = (await jobs.enqueue(db, flaky, {}, { maxAttempts: 3 }))!;
    await jobs.runDue();
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'not yet' });
  });

  it('a running job can let go of its unique key to queue its next run under it', async () => {
    const jobs = runner();
    const queued: (string | null)[] = [];
    const periodic = defineJob('test.periodic', z.object({}), async (_payload, job) => {
      await job.releaseUniqueKey();
      queued.push(await jobs.enqueue(db, periodic, {}, { uniqueKey: 'test.periodic', runAt: new Date(0) }));
    });
    jobs.register(periodic.with());
    const first = (await jobs.enqueue(db, periodic, {}, { uniqueKey: 'test.periodic' }))!;
    await jobs.runDue(1);
    expect(queued).toHaveLength(1);
    expect(queued[0]).not.toBeNull();
    expect(await rowOf(first)).toMatchObject({ status: 'done', unique_key: null });
    expect(await rowOf(queued[0]!)).toMatchObject({ status: 'queued', unique_key: 'test.periodic' });
  });

  it('registering a job name twice is refused', () => {
    const jobs = runner();
    jobs.register(greet.with({ greeting: 'a' }));
    expect(() => jobs.register(greet.with({ greeting: 'b' }))).toThrow('Job test.greet already has a handler');
  });
});

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the api defines every job with defineJob', () => {
  it('no job is registered or enqueued by a bare name in src', () => {
    const bare = sourceFiles(src).flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      const hits = [
        ...code.matchAll(/\.register\(\s*['"`A-Z_]/g),
        ...code.matchAll(/\.enqueue\(\s*[\w.]+,\s*(['"`]|[A-Z_]+_JOB\b)/g),
      ];
      return hits.map((m) => `${relative(src, file)}: ${m[0]}`);
    });
    expect(bare).toEqual([]);
  });

  it('the composition root only wires jobs: no SQL and no payload casts', () => {
    // composition-root.ts and its parts in composition/ (identity, verification, money).
    const files = [join(src, 'composition-root.ts'), ...sourceFiles(join(src, 'composition'))];
    const code = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(files.length).toBeGreaterThan(1);
    expect(code).not.toMatch(/\b(updateTable|selectFrom|insertInto|deleteFrom)\(|\bsql`/);
    expect(code).not.toMatch(/payload as\b/);
  });

  it('no sandbox wiring is left in modules/', () => {
    const wirings = sourceFiles(join(src, 'modules')).filter((f) => /sandbox-wiring/.test(f));
    expect(wirings).toEqual([]);
  });
});
