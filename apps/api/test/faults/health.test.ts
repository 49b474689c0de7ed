import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.ts';

// docs/product/system.md#health-and-metrics
describe('health', () => {
  const ctx = useTestApp();

  it('live answers 200 while the process runs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready names its checks, and no versions or secrets', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', instance: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toMatch(/\d+\.\d+\.\d+|postgres|pglite|password|key/i);
  });

  it('ready answers 503 naming the failing check while the instance drains', async () => {
    ctx.app.draining = true;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'ok', instance: 'draining' },
      });
    } finally {
      ctx.app.draining = false;
    }
  });

  // Edits the migration history, so only on this file's own in-memory database (PGlite), never on a
  // PostgreSQL database other test files share.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('ready answers 503 while a migration has not run', async () => {
    const history = sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration`;
    const rows = (await history.execute(ctx.db)).rows;
    const last = rows.sort((a, b) => a.name.localeCompare(b.name)).at(-1)!;
    await sql`delete from kysely_migration where name = ${last.name}`.execute(ctx.db);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { migrations: 'failing' } });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(
        ctx.db,
      );
    }
  });
});
