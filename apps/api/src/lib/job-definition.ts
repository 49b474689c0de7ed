// A durable job's definition: its name, the zod schema of its payload and its handler
// (docs/decisions/0008-durable-jobs.md, "Typed jobs" in docs/ARCHITECTURE.md). Plain data with no
// database in it, so it sits in lib: a module defines its jobs here through modules/jobs (which
// re-exports it with the queue that runs them), and an adapter that needs jobs (the embedded
// sandboxes) defines its own and gets an injected `EnqueueJob`, since adapters never import modules.
import { z } from 'zod';

/** What a handler knows of the job it runs. */
export interface JobInfo {
  id: string;
  name: string;
  /** Which attempt this is (1 for the first). */
  attempt: number;
  /**
   * Lets go of the job's unique key while it runs, so the handler can queue the next run under the
   * same key (a periodic job such as the reconciler).
   */
  releaseUniqueKey(): Promise<void>;
}

export interface EnqueueOptions {
  /** When it becomes due (default: now). */
  runAt?: Date;
  /** At most one queued or running job per key: a second enqueue with the key does nothing. */
  uniqueKey?: string;
  /** Attempts before the job is marked failed (default 8). */
  maxAttempts?: number;
}

/** A stored payload its job's schema refuses: the job fails at once (no attempt can fix it). */
export class InvalidJobPayload extends Error {
  constructor(name: string, issues: string) {
    super(`Invalid payload for job ${name}: ${issues}`);
    this.name = 'InvalidJobPayload';
  }
}

/**
 * A handler may run more than once (a retry after a failure, or after its instance died mid-run), so
 * it must be idempotent: it checks the state it is about to change, under a lock. `deps` is what the
 * owner gave when it registered the job (`definition.with(deps)`).
 */
export type TypedJobHandler<P, D> = (payload: P, job: JobInfo, deps: D) => Promise<void>;

/** A job as the queue runs it: its name and a run that parses the stored payload first. */
export interface RegisteredJob {
  readonly name: string;
  /** Parses the stored payload (InvalidJobPayload when it does not parse), then runs the handler. */
  run(payload: unknown, job: JobInfo): Promise<void>;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType, D = void> {
  /** Stored in `jobs.name`: never rename one that may be queued. */
  readonly name: string;
  /** The payload as stored (JSON); `Jobs.enqueue` takes its input type, the handler its output. */
  readonly payload: S;
  readonly handler: TypedJobHandler<z.output<S>, D>;
  /** The job with what its handler needs, ready for `Jobs.register`. */
  with(deps: D): RegisteredJob;
}

/**
 * Defines a durable job: `defineJob('payment.refund', z.object({ paymentId: z.string() }), async
 * ({ paymentId }, job, payments: PaymentsService) => …)`. Enqueueing it is typed by the schema, and
 * its handler gets the parsed payload; a stored payload that does not parse fails the job at once.
 */
export function defineJob<S extends z.ZodType, D = void>(
  name: string,
  payload: S,
  handler: TypedJobHandler<z.output<S>, D>,
): JobDefinition<S, D> {
  return {
    name,
    payload,
    handler,
    with: (deps) => ({
      name,
      run: async (raw, job) => {
        const parsed = payload.safeParse(raw);
        if (!parsed.success) throw new InvalidJobPayload(name, z.prettifyError(parsed.error));
        await handler(parsed.data, job, deps);
      },
    }),
  };
}

/**
 * Schedules a job (a port: the composition root gives `(job, payload, options) => jobs.enqueue(db, …)`
 * to an adapter). Answers the job id, or null when `uniqueKey` already has one.
 */
export type EnqueueJob = <S extends z.ZodType>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any owner's deps: enqueueing never uses them
  job: JobDefinition<S, any>,
  payload: z.input<S>,
  options?: EnqueueOptions,
) => Promise<string | null>;
