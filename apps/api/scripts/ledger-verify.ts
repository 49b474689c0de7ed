// `npm run ledger:verify`: checks every invariant of the ledger (docs/product/ledger.md#invariants)
// in the database the api uses (scripts/script-database.ts). Prints each broken invariant and exits
// 1 if there is any, 0 when the ledger balances.
import { verifyLedger } from '../src/modules/ledger/ledger-verify.ts';
import { withScriptDatabase } from './script-database.ts';

process.exitCode = await withScriptDatabase(async (db) => {
  const report = await verifyLedger(db);
  console.log(`ledger: ${report.accounts} accounts, ${report.entries} entries`);
  if (report.violations.length === 0) {
    console.log('every invariant holds');
    return 0;
  }
  console.error(`${report.violations.length} invariant(s) broken:`);
  for (const v of report.violations) console.error(`  [${v.check}] ${v.subject}: ${v.detail}`);
  return 1;
});
