// `npm run rates:refresh`: fetches the mid-market rates from the configured provider (RATES_PROVIDER)
// once and stores them, in the database the api uses: PostgreSQL at DATABASE_URL, else the embedded
// PGlite under DATA_DIR (stop the api first: PGlite has one process at a time). A failure stores
// nothing and exits 1; the rates in use stay (docs/product/money-movement.md#corridors).
import path from 'node:path';
import { createRatesProvider } from '../src/adapters/fx-rates/index.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { seedReferenceData } from '../src/db/seeds/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { RatesService } from '../src/modules/corridors/rates.service.ts';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const { db, kind } = createDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolMax: 2 });
  console.log(`database: ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${pgliteDir}`}`);
  try {
    await migrateToLatest(db);
    await seedReferenceData(db);
    const rates = new RatesService({
      db,
      now: systemClock,
      provider: createRatesProvider(config.rates, systemClock),
      maxAgeHours: config.rates.maxAgeHours,
    });
    let failed = false;
    try {
      const result = await rates.refresh();
      console.log(`stored ${result.currencies.length} rates from ${result.provider}, as of ${result.as_of}`);
    } catch (err) {
      failed = true;
      console.error(
        `rates:refresh from ${rates.providerName} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      console.error('nothing was stored; the rates below stay in use');
    }
    const now = systemClock().getTime();
    const maxAgeMs = config.rates.maxAgeHours * 3_600_000;
    console.log(`\nrates in use (units per EUR; quotes refused past ${config.rates.maxAgeHours} h):`);
    for (const r of await rates.latest()) {
      const asOf = new Date(r.as_of);
      const stale = now - asOf.getTime() > maxAgeMs ? '  TOO OLD: quotes refused' : '';
      console.log(`  ${r.currency}  ${r.rate.padEnd(14)} ${asOf.toISOString()}  ${r.source}${stale}`);
    }
    return failed ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
