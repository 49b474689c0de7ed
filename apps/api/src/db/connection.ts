import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './types.ts';

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory for the PGlite data files; `undefined` = in-memory PGlite. */
  pgliteDir?: string | undefined;
  /** An in-memory PGlite starting from this copy of a data directory (`PGlite.dumpDataDir`). */
  pgliteDataDir?: Blob | undefined;
  poolMax?: number;
  /** Told about a broken PostgreSQL connection (the pool drops it and opens new ones when needed). */
  onConnectionError?: (err: Error) => void;
}

export type DatabaseKind = 'postgres' | 'pglite';

/**
 * A pg pool whose clients send every SELECT as a named (prepared) statement, named after a hash of
 * its text. PostgreSQL then parses it once per connection and, after a few runs, reuses a generic
 * plan: planning was most of the cost of the per-request profile query (docs/benchmarks.md).
 * Other statements (writes, DDL, transactions) go through unchanged.
 */
function preparedSelectPool(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool);
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    if ((client as { __prepared?: boolean }).__prepared) return client;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
      text: unknown,
      values?: unknown,
      ...rest: unknown[]
    ) => {
      if (typeof text === 'string' && Array.isArray(values) && /^\s*select\b/i.test(text)) {
        const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
        return query({ name, text, values }, ...rest);
      }
      return query(text, values, ...rest);
    };
    (client as { __prepared?: boolean }).__prepared = true;
    return client;
  };
  (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = async () => wrap(await connect());
  return pool;
}

/**
 * A pool that survives PostgreSQL going away (a restart, a failover): a connection that breaks, idle
 * or checked out, is logged and dropped instead of crashing the process on an unhandled 'error'
 * event; opening a connection gives up after a few seconds, so requests fail fast with a 503 while
 * the database is down, and new connections are opened once it is back (docs/product/system.md#faults).
 */
function resilientPool(opts: DatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: opts.poolMax ?? 20,
    connectionTimeoutMillis: 3_000,
  });
  const warn = opts.onConnectionError ?? (() => undefined);
  pool.on('error', (err) => warn(err));
  pool.on('connect', (client) => client.on('error', (err) => warn(err)));
  return pool;
}

export function createDatabase(opts: DatabaseOptions): { db: Kysely<Database>; kind: DatabaseKind } {
  if (opts.databaseUrl) {
    const pool = preparedSelectPool(resilientPool(opts));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  let client: PGlite;
  if (opts.pgliteDir) {
    mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    client = new PGlite(opts.pgliteDir);
  } else {
    client = opts.pgliteDataDir ? new PGlite({ loadDataDir: opts.pgliteDataDir }) : new PGlite();
  }
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(client) }), kind: 'pglite' };
}
