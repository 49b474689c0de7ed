// `npm run restore -- <file>`: restores a backup made by `npm run backup` into an EMPTY database
// (docs/product/system.md#backups): a new PostgreSQL database at DATABASE_URL, or a DATA_DIR without
// a PGlite database yet. Then start the api (it migrates) and run `npm run ledger:verify`.
import path from 'node:path';
import { restore } from '../src/db/backup.ts';
import { backupMode } from './backup-mode.ts';

const file = process.argv[2];
const found = backupMode();
if (!file) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exitCode = 1;
} else if (!found) {
  process.exitCode = 1;
} else {
  try {
    await restore(found.mode, path.resolve(file));
    console.log(`restored ${file}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
