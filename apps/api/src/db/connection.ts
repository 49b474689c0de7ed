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
  poolMax?: number;
}

export type DatabaseKind = 'postgres' | 'pglite';

export function createDatabase(opts: DatabaseOptions): { db: Kysely<Database>; kind: DatabaseKind } {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 20 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  let client: PGlite;
  if (opts.pgliteDir) {
    mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    client = new PGlite(opts.pgliteDir);
  } else {
    client = new PGlite();
  }
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(client) }), kind: 'pglite' };
}
