// `npm run rates:refresh`: fetches the mid-market rates from the configured provider (RATES_PROVIDER)
// once and stores them, in the database the api uses (scripts/script-database.ts). A failure stores
// nothing and exits 1; the rates in use stay (docs/product/money-movement.md#corridors).
import { createRatesProvider } from '../src/adapters/fx-rates/index.ts';
import { seedReferenceData } from '../src/db/seeds/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { RatesService } from '../src/modules/corridors/rates.service.ts';
import { withScriptDatabase } from './script-database.ts';

process.exitCode = await withScriptDatabase(async (db, config) => {
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
});
