// The database an operator script works on: the api's own (PostgreSQL at DATABASE_URL, else the
// embedded PGlite under DATA_DIR; stop the api first, PGlite has one process at a time), migrated.
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../src/config.ts';
import { createDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import type { Database } from '../src/db/types.ts';
import { readConfig } from '../src/read-config.ts';

/**
 * Runs `work` with the configuration and the migrated database, and closes it after; answers the
 * exit code (1 on a configuration error, printed).
 */
export async function withScriptDatabase(
  work: (db: Kysely<Database>, config: Config) => Promise<number>,
): Promise<number> {
  const config = readConfig();
  if (!config) return 1;
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const { db, kind } = createDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolMax: 2 });
  console.log(`database: ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${pgliteDir}`}`);
  try {
    await migrateToLatest(db);
    return await work(db, config);
  } finally {
    await db.destroy();
  }
}
