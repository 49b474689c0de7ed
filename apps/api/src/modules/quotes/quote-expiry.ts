import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { defineJob, type Jobs } from '../jobs/jobs.ts';

/** `QuoteExpiring` goes out this long before a quote expires (docs/product/realtime.md#events). */
export const QUOTE_EXPIRING_LEAD_MS = 60_000;

/** The durable job that pushes it (docs/product/system.md#durable-jobs). */
export const QUOTE_EXPIRING_JOB = 'quote.expiring';

interface QuoteExpiringDeps {
  db: Kysely<Database>;
  now: Clock;
  uow: Pick<UnitOfWork, 'committed'>;
}

/**
 * The job: push `QuoteExpiring` unless the quote was used meanwhile or has already expired (a job run
 * late, after a long outage, says nothing: the wizard sees the expiry itself).
 */
export const quoteExpiringJob = defineJob(
  QUOTE_EXPIRING_JOB,
  z.object({ customer_id: z.string(), quote_id: z.string(), expires_at: z.string() }),
  async (payload, _job, deps: QuoteExpiringDeps) => {
    const quote = await deps.db
      .selectFrom('quotes')
      .select(['used_at', 'expires_at'])
      .where('id', '=', payload.quote_id)
      .where('customer_id', '=', payload.customer_id)
      .executeTakeFirst();
    if (!quote || quote.used_at || deps.now().getTime() >= quote.expires_at.getTime()) return;
    await deps.uow.committed((after) =>
      after.notify(payload.customer_id, 'QuoteExpiring', {
        quote_id: payload.quote_id,
        expires_at: payload.expires_at,
      }),
    );
  },
);

/** The quotes module's durable jobs, for `Jobs.register`. */
export const quoteJobs = (deps: QuoteExpiringDeps) => [quoteExpiringJob.with(deps)];

/**
 * Schedule `QuoteExpiring` `{ quote_id, expires_at }` a minute before the quote expires
 * (docs/product/money-movement.md#quotes), in the transaction that stores the quote: a durable job,
 * so a restart in between does not lose it, and one per quote.
 */
export function scheduleQuoteExpiring(
  jobs: Pick<Jobs, 'enqueue'>,
  db: Executor,
  quote: { customerId: string; quoteId: string; expiresAt: Date },
): Promise<string | null> {
  const payload = { customer_id: quote.customerId, quote_id: quote.quoteId, expires_at: quote.expiresAt.toISOString() };
  return jobs.enqueue(db, quoteExpiringJob, payload, {
    runAt: new Date(quote.expiresAt.getTime() - QUOTE_EXPIRING_LEAD_MS),
    uniqueKey: `${QUOTE_EXPIRING_JOB}:${quote.quoteId}`,
    maxAttempts: 3,
  });
}
