// Scheduled tasks with three instances polling for jobs (docs/product/system.md#several-instances):
// the document sweep, the resume of documents not handed to the reviewer, the idempotency-key sweep,
// the rates refresh and the check for due scheduled transfers are periodic durable jobs, so each runs
// once per tick across the fleet, not once per instance; three instances starting at once queue one
// job per task.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from '../../src/modules/jobs/periodic.ts';
import { until, useFleet } from './helpers.ts';

const fleet = useFleet({ instances: 3, ready: false, overrides: () => ({ jobsPollMs: 20 }) });

afterEach(() => vi.restoreAllMocks());

const HOUR = 3_600_000;

/** Every instance's copy of each scheduled task, watched: calls across the fleet by task. */
function watch(apps: FastifyInstance[]) {
  const spies = apps.map((app) => ({
    'documents.sweep': vi.spyOn(app.services.documents, 'sweep'),
    'documents.resume-reviews': vi.spyOn(app.services.documents, 'resumeReviews'),
    'transfers.sweep-idempotency-keys': vi.spyOn(app.services.transfers, 'sweepIdempotencyKeys'),
    // Counted, not run: a refresh on the advanced clock would date the shared rates later than the
    // other test files (running at the same time on PostgreSQL) expect.
    'rates.refresh': vi.spyOn(app.services.ratesJob, 'runOnce').mockResolvedValue(),
    'scheduled-transfers.due': vi.spyOn(app.services.scheduledTransferRunner, 'enqueueDue'),
    'transfers.mark-delays': vi.spyOn(app.services.delays, 'markOverdue'),
  }));
  return () => {
    const counts: Record<string, number> = {};
    for (const one of spies)
      for (const [task, spy] of Object.entries(one)) counts[task] = (counts[task] ?? 0) + spy.mock.calls.length;
    return counts;
  };
}

/**
 * The tasks not run hourly: the reviews every 10 minutes, due scheduled transfers every 15 (the
 * default), late steps every minute.
 */
const PERIOD: Record<string, number> = {
  'documents.resume-reviews': 10 * 60_000,
  'scheduled-transfers.due': 15 * 60_000,
  'transfers.mark-delays': 60_000,
};

const periodicJobs = (status: 'queued' | 'running' | 'done') =>
  fleet.db
    .selectFrom('jobs')
    .select(['name', 'run_at'])
    .where('name', 'like', 'periodic.%')
    .where('status', '=', status)
    .orderBy('name')
    .execute();

describe('scheduled tasks with three instances', () => {
  it('each task runs once when the fleet starts and once per tick after, whichever instance claims it', async () => {
    const counts = watch(fleet.apps);
    const names = fleet.apps[0]!.services.periodic.names();
    expect(names.sort()).toEqual(
      [
        'documents.resume-reviews',
        'documents.sweep',
        'rates.refresh',
        'scheduled-transfers.due',
        'transfers.mark-delays',
        'transfers.sweep-idempotency-keys',
      ].sort(),
    );
    const once = Object.fromEntries(names.map((n) => [n, 1]));

    // Three instances start at once: each queues the tasks it finds missing; one job per task results.
    await Promise.all(fleet.apps.map((app) => app.ready()));
    await until(async () => (await periodicJobs('done')).length === names.length, 'the first runs');
    await new Promise((r) => setTimeout(r, 150)); // several polls of every instance: nothing more
    expect(counts()).toEqual(once);
    const start = fleet.clock.now(); // 09:00, itself a tick
    expect(await periodicJobs('queued')).toEqual(
      names.sort().map((name) => ({
        name: `periodic.${name}`,
        run_at: nextTick(start, PERIOD[name] ?? HOUR),
      })),
    );

    // 09:10: the ten-minute task's tick and the minute task's (the nine ticks missed make one run), only they.
    fleet.clock.advance(10 * 60_000);
    const at0910 = { ...once, 'documents.resume-reviews': 2, 'transfers.mark-delays': 2 };
    await until(
      () => counts()['documents.resume-reviews'] === 2 && counts()['transfers.mark-delays'] === 2,
      'the 09:10 tick',
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(counts()).toEqual(at0910);

    // 10:00: every task's tick (the ten-minute ticks missed meanwhile make one run, not five).
    fleet.clock.advance(50 * 60_000);
    await until(
      () =>
        Object.values(counts()).every((n) => n >= 2) &&
        counts()['documents.resume-reviews'] === 3 &&
        counts()['transfers.mark-delays'] === 3,
      '10:00',
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(counts()).toEqual({
      ...Object.fromEntries(names.map((n) => [n, 2])),
      'documents.resume-reviews': 3,
      'transfers.mark-delays': 3,
    });
    expect((await periodicJobs('queued')).map((j) => j.name)).toEqual(names.sort().map((n) => `periodic.${n}`));
  });

  it('an instance starting while the tasks are queued (or running) adds nothing', async () => {
    await Promise.all(fleet.apps.map((app) => app.services.periodic.schedule()));
    const keyed = () =>
      fleet.db.selectFrom('jobs').select('unique_key').where('unique_key', 'like', 'periodic.%').execute();
    expect(await keyed()).toHaveLength(6);
    expect(await fleet.apps[1]!.services.periodic.schedule()).toBe(0);
    expect(await keyed()).toHaveLength(6);
  });
});
