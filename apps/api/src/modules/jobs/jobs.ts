import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

/** What a job handler gets: its payload and which attempt this is (1 for the first). */
export interface JobContext {
  id: string;
  name: string;
  attempt: number;
}

/**
 * A job handler. It may run more than once (a retry after a failure, or after its instance died
 * mid-run), so it must be idempotent: check the state it is about to change, under a lock.
 */
export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** When it becomes due (default: now). */
  runAt?: Date;
  /** At most one queued or running job per key: a second enqueue with the key does nothing. */
  uniqueKey?: string;
  /** Attempts before the job is marked failed (default 8). */
  maxAttempts?: number;
}

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
}

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

  constructor(private readonly deps: JobsDeps) {}

  private get leaseMs(): number {
    return this.deps.leaseMs ?? 300_000;
  }

  register(name: string, handler: JobHandler): void {
    if (this.handlers.has(name)) throw new Error(`Job ${name} already has a handler`);
    this.handlers.set(name, handler);
  }

  /**
   * Schedule a job, in the caller's transaction when `db` is one (the job exists if and only if the
   * change that asked for it commits). Answers the job id, or null when `uniqueKey` already has one.
   */
  async enqueue(db: Executor, name: string, payload: unknown, options: EnqueueOptions = {}): Promise<string | null> {
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
  runDue(limit = 20): Promise<number> {
    this.running ??= this.pass(limit).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(limit: number): Promise<number> {
    const now = this.deps.now();
    const claimed = await this.claim(now, limit);
    for (const job of claimed) await this.execute(job);
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
      await handler(payload, { id: job.id, name: job.name, attempt: job.attempts });
      await this.finish(job.id, { status: 'done', last_error: null });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = job.attempts >= job.max_attempts;
      this.deps.log[failed ? 'error' : 'warn'](
        { err, job: { id: job.id, name: job.name, attempt: job.attempts } },
        failed ? `job ${job.name} failed for good` : `job ${job.name} failed; retrying`,
      );
      const runAt = new Date(this.deps.now().getTime() + retryDelayMs(job.attempts));
      await this.finish(
        job.id,
        failed ? { status: 'failed', last_error: message } : { status: 'queued', last_error: message, run_at: runAt },
      );
    }
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

  private async cleanup(now: Date): Promise<void> {
    const before = new Date(now.getTime() - (this.deps.keepDoneMs ?? 7 * 86_400_000));
    await this.deps.db.deleteFrom('jobs').where('status', '=', 'done').where('updated_at', '<', before).execute();
  }

  /** Poll for due jobs every `pollMs` (unref'd). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runDue().catch((err: unknown) => this.deps.log.error({ err }, 'jobs: a pass failed'));
    }, this.deps.pollMs ?? 1000);
    this.timer.unref();
  }

  /** Stop polling and wait for the pass under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
