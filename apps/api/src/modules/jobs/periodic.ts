import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobInfo } from '../../lib/job-definition.ts';
import type { Jobs } from './jobs.ts';

/** Work done every `everyMs`, once per tick across every instance (docs/product/system.md#several-instances). */
export interface PeriodicTask {
  /** The job's name and unique key are `periodic.<name>`: never rename one that may be queued. */
  name: string;
  everyMs: number;
  /** Throws to report a failure (logged and counted as a failed job); the next tick runs anyway. */
  run(): Promise<unknown>;
}

/** The first tick after `at`: ticks are multiples of `everyMs` since the epoch, the same on every instance. */
export function nextTick(at: Date, everyMs: number): Date {
  return new Date((Math.floor(at.getTime() / everyMs) + 1) * everyMs);
}

/**
 * Scheduled tasks as durable jobs: each task is one queued job under the unique key
 * `periodic.<name>`, claimed by one instance. When it runs it first queues the next tick under the
 * same key (in one transaction with letting go of its own key), then does the work, so a failed or
 * slow run never loses the schedule and a tick runs once whichever instances are up. `schedule()`
 * (every instance, when its job runner starts) queues a first run now for a task that has none:
 * the first instance of a new fleet runs each task at once, the others find it queued and add nothing.
 */
export class PeriodicTasks {
  private readonly tasks: PeriodicTask[] = [];

  constructor(private readonly deps: { jobs: Jobs; db: Kysely<Database>; now: Clock }) {}

  /** The tasks' jobs are registered with the queue at once. */
  add(...tasks: PeriodicTask[]): void {
    for (const task of tasks) {
      this.tasks.push(task);
      this.deps.jobs.register(jobName(task), (_payload, job) => this.tick(task, job));
    }
  }

  /** The tasks' names, in the order they were added. */
  names(): string[] {
    return this.tasks.map((t) => t.name);
  }

  /** Queues a run now for each task with none queued or running; answers how many were queued. */
  async schedule(): Promise<number> {
    let queued = 0;
    for (const task of this.tasks) {
      const id = await this.deps.jobs.enqueue(
        this.deps.db,
        jobName(task),
        {},
        {
          runAt: this.deps.now(),
          uniqueKey: jobName(task),
          maxAttempts: 1,
        },
      );
      if (id) queued++;
    }
    return queued;
  }

  private async tick(task: PeriodicTask, job: JobInfo): Promise<void> {
    // One transaction: an instance scheduling at this moment sees either this job's key or the next's.
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.jobs.releaseUniqueKey(job.id, trx);
      await this.deps.jobs.enqueue(
        trx,
        jobName(task),
        {},
        {
          runAt: nextTick(this.deps.now(), task.everyMs),
          uniqueKey: jobName(task),
          maxAttempts: 1,
        },
      );
    });
    await task.run();
  }
}

const jobName = (task: PeriodicTask) => `periodic.${task.name}`;
