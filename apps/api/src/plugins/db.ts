import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { createDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { seedReferenceData } from '../db/seeds/index.ts';
import { loadReferenceCatalogs } from '../modules/reference/catalogs.ts';
import type { Database } from '../db/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** An existing database (tests share one per worker); the app then does not destroy it on close. */
  db?: Kysely<Database>;
}

export default fp(
  async function dbPlugin(app: FastifyInstance, opts: DbPluginOptions) {
    let db = opts.db;
    const owned = !db;
    if (!db) {
      const created = createDatabase({
        databaseUrl: opts.config.databaseUrl,
        pgliteDir: path.join(opts.config.dataDir, 'pglite'),
        poolMax: opts.config.databasePoolMax,
        onConnectionError: (err) => app.log.warn({ err: { message: err.message } }, 'database connection lost'),
      });
      db = created.db;
      app.log.info(
        { database: created.kind },
        `database: ${created.kind === 'postgres' ? 'PostgreSQL' : `PGlite at ${path.join(opts.config.dataDir, 'pglite')}`}`,
      );
    }
    const applied = await migrateToLatest(db);
    if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
    await seedReferenceData(db);
    await loadReferenceCatalogs(db);
    app.decorate('db', db);
    if (owned) {
      app.addHook('onClose', async () => {
        await db.destroy();
      });
    }
  },
  { name: 'db' },
);
