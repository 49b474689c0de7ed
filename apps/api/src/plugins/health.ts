import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { pendingMigrations } from '../db/migrator.ts';

/** A check that does not answer within this time has failed: readiness never hangs on a hung dependency. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = 'ok' | 'failing' | 'draining';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the instance is closing: readiness answers 503 so the balancer stops sending to it. */
    draining: boolean;
  }
}

export interface HealthPluginOptions {
  /** Whether Redis is part of readiness (REDIS_URL set). */
  redisConfigured: boolean;
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function check(work: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await within(work(), CHECK_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'failing';
  }
}

/**
 * `GET /health/live` (the process runs) and `GET /health/ready` (database reachable, migrations at
 * head, Redis reachable when configured, not draining): docs/product/system.md#health-and-metrics.
 * Neither names versions, hosts or errors.
 */
export default fp(
  async function healthPlugin(app: FastifyInstance, opts: HealthPluginOptions) {
    app.decorate('draining', false);
    app.addHook('preClose', (done) => {
      app.draining = true;
      done();
    });

    app.get('/health/live', { logLevel: 'warn' }, (_request, reply) => reply.send({ status: 'ok' }));

    app.get('/health/ready', { logLevel: 'warn' }, async (_request, reply) => {
      const [database, migrations, redis] = await Promise.all([
        check(() => sql`select 1`.execute(app.db)),
        check(async () => {
          if ((await pendingMigrations(app.db)).length > 0) throw new Error('migrations pending');
        }),
        opts.redisConfigured ? check(() => app.rateLimitStore.ping()) : Promise.resolve(undefined),
      ]);
      const checks: Record<string, CheckResult> = { database, migrations };
      if (redis) checks.redis = redis;
      checks.instance = app.draining ? 'draining' : 'ok';
      const ok = Object.values(checks).every((c) => c === 'ok');
      return reply
        .code(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ok ? 'ok' : 'unavailable', checks });
    });
  },
  { name: 'health', dependencies: ['db', 'rate-limit'] },
);
