import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import {
  InvalidJobPayload,
  type EnqueueOptions,
  type JobDefinition,
  type JobInfo,
  type RegisteredJob,
} from '../../lib/job-definition.ts';

// A module defines its jobs with `defineJob` from here (the definition itself is plain data in lib,
// so that adapters can define theirs too).
export { defineJob, InvalidJobPayload } from '../../lib/job-definition.ts';
export type { EnqueueJob, EnqueueOptions, JobDefinition, JobInfo, RegisteredJob } from '../../lib/job-definition.ts';

/**
 * An untyped handler registered by name (the queue's own tests); the api's jobs are `defineJob`
 * definitions, their payloads checked at compile time and parsed before the handler runs.
 */
export type JobHandler = (payload: unknown, job: JobInfo) => Promise<void>;

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobsDeps {
  db: Kysely<Database>;
  now: Clock;
  /** This process, for `locked_by` (diagnostics). */
  instanceId: string;
  log: Logger;
  /** How long a claimed job is this instance's; past it another instance may claim it. Default 5 minutes. */
  leaseMs?: number;
  /** How often the runner looks for due jobs. Default 1 second. */
  pollMs?: number;
  /** Finished jobs are deleted this long after they finish. Default 7 days. */
  keepDoneMs?: number;
  /** Told of every failed attempt, `final` when the job will not be retried (metrics). */
  onFailure?: (failure: { name: string; final: boolean }) => void;
}

/** Jobs claimed by one pass: one statement claims them, they run one after another. */
const BATCH = 20;

/** Retry backoff: 2^attempt seconds (2 s, 4 s, 8 s, …), at most an hour. */
export const retryDelayMs = (attempt: number): number => Math.min(3_600_000, 2 ** Math.min(attempt, 22) * 1000);

/**
 * Durable jobs (docs/product/system.md#durable-jobs, docs/decisions/0008-durable-jobs.md): a jobs
 * table that survives restarts, claimed by any number of instances with `FOR UPDATE SKIP LOCKED`
 * and a lease, so each due job runs on one instance at a time; a failed job is retried with backoff,
 * and a job whose instance died is claimed again once its lease has run out.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private lastCleanup = 0;
  private stopping = false;
  private draining = false;

  constructor(private readonly deps: JobsDeps) {}

  private get leaseMs(): number {
    return this.deps.leaseMs ?? 300_000;
  }

  /** Runs these jobs here: `jobs.register(...paymentJobs(deps))` (each module exports its jobs). */
  register(...jobs: RegisteredJob[]): void;
  /** An untyped handler by job name (the queue's own tests). */
  register(name: string, handler: JobHandler): void;
  register(...args: [string, JobHandler] | RegisteredJob[]): void {
    const entries: [string, JobHandler][] =
      typeof args[0] === 'string'
        ? [args as [string, JobHandler]]
        : (args as RegisteredJob[]).map((job) => [job.name, (payload, info) => job.run(payload, info)]);
    for (const [name, handler] of entries) {
      if (this.handlers.has(name)) throw new Error(`Job ${name} already has a handler`);
      this.handlers.set(name, handler);
    }
  }

  /**
   * Schedule a job, in the caller's transaction when `db` is one (the job exists if and only if the
   * change that asked for it commits). The payload is the definition's, checked at compile time.
   * Answers the job id, or null when `uniqueKey` already has one.
   */
  enqueue<S extends z.ZodType>(
    db: Executor,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any owner's deps: enqueueing never uses them
    job: JobDefinition<S, any>,
    payload: z.input<S>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /** Untyped, by job name (the queue's own tests). */
  enqueue(db: Executor, name: string, payload: unknown, options?: EnqueueOptions): Promise<string | null>;
  async enqueue(
    db: Executor,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    job: string | JobDefinition<z.ZodType, any>,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const name = typeof job === 'string' ? job : job.name;
    const now = this.deps.now();
    const id = newId();
    const inserted = await db
      .insertInto('jobs')
      .values({
        id,
        name,
        payload: JSON.stringify(payload ?? null),
        status: 'queued',
        unique_key: options.uniqueKey ?? null,
        run_at: options.runAt ?? now,
        max_attempts: options.maxAttempts ?? 8,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('unique_key')
          .where(sql<boolean>`unique_key is not null and status in ('queued', 'running')`)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? null;
  }

  /** Claim and run the jobs due now (at most `limit`); answers how many ran. One pass at a time. */
  runDue(limit = BATCH): Promise<number> {
    this.running ??= this.pass(limit).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(limit: number): Promise<number> {
    const now = this.deps.now();
    const claimed = await this.claim(now, limit);
    for (const [i, job] of claimed.entries()) {
      if (this.stopping) {
        // Shutting down: hand the rest of the batch back at once rather than at the end of its lease.
        await this.release(claimed.slice(i).map((j) => j.id));
        return i;
      }
      await this.execute(job);
    }
    if (now.getTime() - this.lastCleanup > 3_600_000) {
      this.lastCleanup = now.getTime();
      await this.cleanup(now);
    }
    return claimed.length;
  }

  /** One statement: due (or abandoned) jobs become this instance's, skipping rows others hold. */
  private async claim(now: Date, limit: number) {
    const until = new Date(now.getTime() + this.leaseMs);
    const result = await sql<{ id: string; name: string; payload: unknown; attempts: number; max_attempts: number }>`
      update jobs set status = 'running', locked_by = ${this.deps.instanceId}, locked_until = ${until},
        attempts = attempts + 1, updated_at = ${now}
      where id in (
        select id from jobs
        where (status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < ${now})
        order by run_at
        limit ${limit}
        for update skip locked
      )
      returning id, name, payload, attempts, max_attempts`.execute(this.deps.db);
    return result.rows;
  }

  private async execute(job: { id: string; name: string; payload: unknown; attempts: number; max_attempts: number }) {
    const handler = this.handlers.get(job.name);
    try {
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      const payload = typeof job.payload === 'string' ? (JSON.parse(job.payload) as unknown) : job.payload;
      await handler(payload, {
        id: job.id,
        name: job.name,
        attempt: job.attempts,
        releaseUniqueKey: () => this.releaseUniqueKey(job.id),
      });
      await this.finish(job.id, { status: 'done', last_error: null });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // A payload its schema refuses stays refused: no retry can fix it.
      const invalid = err instanceof InvalidJobPayload;
      const failed = invalid || job.attempts >= job.max_attempts;
      this.deps.onFailure?.({ name: job.name, final: failed });
      this.deps.log[failed ? 'error' : 'warn'](
        { err, job: { id: job.id, name: job.name, attempt: job.attempts } },
        invalid
          ? `job ${job.name} has an invalid payload: failed without retrying`
          : failed
            ? `job ${job.name} failed for good`
            : `job ${job.name} failed; retrying`,
      );
      const runAt = new Date(this.deps.now().getTime() + retryDelayMs(job.attempts));
      await this.finish(
        job.id,
        failed ? { status: 'failed', last_error: message } : { status: 'queued', last_error: message, run_at: runAt },
      );
    }
  }

  /**
   * Frees a job's unique key (it keeps running): a periodic job queues its next run under the same
   * key while it runs (the key is unique among queued and running jobs). Handlers get it as
   * `job.releaseUniqueKey()`; `db` is the caller's transaction when it queues the next run in it.
   */
  async releaseUniqueKey(jobId: string, db: Executor = this.deps.db): Promise<void> {
    await db
      .updateTable('jobs')
      .set({ unique_key: null, updated_at: this.deps.now() })
      .where('id', '=', jobId)
      .execute();
  }

  /** Only while the job is still this instance's (a lease taken over by another is left alone). */
  private async finish(
    id: string,
    values: { status: 'done' | 'failed' | 'queued'; last_error: string | null; run_at?: Date },
  ) {
    await this.deps.db
      .updateTable('jobs')
      .set({ ...values, locked_by: null, locked_until: null, updated_at: this.deps.now() })
      .where('id', '=', id)
      .where('locked_by', '=', this.deps.instanceId)
      .where('status', '=', 'running')
      .execute();
  }

  /** Gives claimed jobs back unrun: queued again, the attempt not counted, another instance may take them now. */
  private async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.deps.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'queued',
        attempts: eb('attempts', '-', 1),
        locked_by: null,
        locked_until: null,
        updated_at: this.deps.now(),
      }))
      .where('id', 'in', ids)
      .where('locked_by', '=', this.deps.instanceId)
      .where('status', '=', 'running')
      .execute();
  }

  private async cleanup(now: Date): Promise<void> {
    const before = new Date(now.getTime() - (this.deps.keepDoneMs ?? 7 * 86_400_000));
    await this.deps.db.deleteFrom('jobs').where('status', '=', 'done').where('updated_at', '<', before).execute();
  }

  /** Poll for due jobs every `pollMs` (unref'd); a backlog is drained pass after pass ({@link drain}). */
  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => void this.drain(), this.deps.pollMs ?? 1000);
    this.timer.unref();
  }

  /**
   * Passes back to back while each finds a full batch, so that a backlog drains as fast as its
   * handlers run rather than one batch a poll (20 jobs a second: 10,000 queued jobs waited over
   * 8 minutes; docs/benchmarks.md). One drain at a time; a failed pass is logged and the next poll
   * tries again.
   */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (!this.stopping && (await this.runDue(BATCH)) === BATCH) {
        // a full batch: more are probably due
      }
    } catch (err) {
      this.deps.log.error({ err }, 'jobs: a pass failed');
    } finally {
      this.draining = false;
    }
  }

  /**
   * Stop polling, let the job under way finish and release the leases of the jobs claimed with it but
   * not started, so another instance runs them at once (graceful shutdown, docs/product/system.md#faults).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
