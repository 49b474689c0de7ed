import { createHash, timingSafeEqual } from 'node:crypto';
import { TransactionStatus } from '@remit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../lib/clock.ts';
import type { WebhookRefusal } from '../lib/webhook-signature.ts';

/** What the services tell the metrics (passed to them by the composition root). */
export interface ServiceMetrics {
  /** A job attempt failed; `final` when it will not be retried (modules/jobs/jobs.ts). */
  jobFailed: (failure: { name: string; final: boolean }) => void;
  /** A webhook was refused: its signature, or a body that is not an event (modules/webhooks/). */
  webhookRefused: (inbox: string, reason: WebhookRefusal) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServiceMetrics;
  }
}

export interface MetricsPluginOptions {
  /** METRICS_TOKEN; undefined: no /metrics (404 like any unknown path) and nothing is measured. */
  token: string | undefined;
  now: Clock;
}

/** The route label of a request no route matched (404s of unknown paths, the SPA fallback aside). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Request durations in seconds: a signed-in GET answers in about a millisecond (docs/benchmarks.md). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time (digests of equal length). */
function authorised(header: string | undefined, expected: Buffer): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return timingSafeEqual(digest(m?.[1] ?? ''), expected) && m !== null;
}

const noMetrics: ServiceMetrics = { jobFailed: () => undefined, webhookRefused: () => undefined };

/**
 * `GET /metrics` in Prometheus text format, behind `Authorization: Bearer <METRICS_TOKEN>`
 * (docs/product/system.md#metrics). Each app has its own registry. Per request: one callback-style
 * onResponse hook observing `reply.elapsedTime` under the route pattern. The gauges (jobs, transfers,
 * sockets, session cache) are read at scrape time.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: MetricsPluginOptions) {
    if (!opts.token) {
      app.decorate('metrics', noMetrics);
      return;
    }
    const expected = digest(opts.token);
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status code.',
      labelNames: ['route', 'method', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    });
    const jobFailures = new Counter({
      name: 'remit_job_failures_total',
      help: 'Failed attempts of durable jobs, by job name; final="true" when the job will not be retried.',
      labelNames: ['name', 'final'] as const,
      registers,
    });
    const webhookFailures = new Counter({
      name: 'remit_webhook_verification_failures_total',
      help: 'Refused webhooks, by inbox and reason (missing, malformed, stale, bad_signature, invalid_payload).',
      labelNames: ['inbox', 'reason'] as const,
      registers,
    });
    const jobsQueued = new Gauge({
      name: 'remit_jobs_queued',
      help: 'Durable jobs waiting to run (status queued, due or not), by job name.',
      labelNames: ['name'] as const,
      registers,
    });
    const oldestDue = new Gauge({
      name: 'remit_jobs_oldest_due_age_seconds',
      help: 'How long the oldest due queued job has waited past its run time, in seconds (0: none waiting).',
      registers,
    });
    const transfers = new Gauge({
      name: 'remit_transfers',
      help: 'Transfers by status.',
      labelNames: ['status'] as const,
      registers,
    });
    const sockets = new Gauge({
      name: 'remit_realtime_sockets',
      help: "Open WebSocket connections of this instance's built-in realtime server (0 with hosted Pusher).",
      registers,
    });
    const cacheHits = new Counter({
      name: 'remit_session_cache_hits_total',
      help: 'Signed-in requests whose session came from the per-instance cache.',
      registers,
    });
    const cacheMisses = new Counter({
      name: 'remit_session_cache_misses_total',
      help: 'Signed-in requests whose session had to be read from the database.',
      registers,
    });

    app.decorate('metrics', {
      jobFailed: ({ name, final }) => jobFailures.inc({ name, final: String(final) }),
      webhookRefused: (inbox, reason) => webhookFailures.inc({ inbox, reason }),
    } satisfies ServiceMetrics);

    app.addHook('onResponse', (request, reply, done) => {
      duration.observe(
        {
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          method: request.method,
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    /** Sets the gauges read at scrape time: the jobs and transactions tables, sockets, the session cache. */
    async function readGauges(): Promise<void> {
      const now = opts.now();
      const [queued, due, byStatus] = await Promise.all([
        app.db
          .selectFrom('jobs')
          .select(['name', (eb) => eb.fn.countAll<string>().as('count')])
          .where('status', '=', 'queued')
          .groupBy('name')
          .execute(),
        app.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.min('run_at').as('oldest'))
          .where('status', '=', 'queued')
          .where('run_at', '<=', now)
          .executeTakeFirst(),
        app.db
          .selectFrom('transactions')
          .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
          .groupBy('status')
          .execute(),
      ]);
      jobsQueued.reset();
      for (const row of queued) jobsQueued.set({ name: row.name }, Number(row.count));
      const oldest = due?.oldest ? new Date(due.oldest).getTime() : undefined;
      oldestDue.set(oldest === undefined ? 0 : Math.max(0, (now.getTime() - oldest) / 1000));
      transfers.reset();
      for (const status of TransactionStatus.options) transfers.set({ status }, 0);
      for (const row of byStatus) transfers.set({ status: row.status }, Number(row.count));
      sockets.set(app.hasDecorator('realtime') ? app.realtime.connectionCount() : 0);
      const cache = app.sessions.cache.stats();
      cacheHits.reset();
      cacheHits.inc(cache.hits);
      cacheMisses.reset();
      cacheMisses.inc(cache.misses);
    }

    app.get('/metrics', { logLevel: 'warn' }, async (request: FastifyRequest, reply: FastifyReply) => {
      if (!authorised(request.headers.authorization, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthenticated.' });
      }
      await readGauges();
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
