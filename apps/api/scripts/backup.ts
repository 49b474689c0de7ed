// `npm run backup [-- <file>]`: a backup of the api's database (docs/product/system.md#backups).
// PostgreSQL when DATABASE_URL is set (pg_dump, custom format; the api may keep running), else the
// embedded PGlite under DATA_DIR (stop the api first: PGlite has one process at a time).
import path from 'node:path';
import { backup } from '../src/db/backup.ts';
import { backupMode, defaultBackupFile } from './backup-mode.ts';

const found = backupMode();
if (!found) {
  process.exitCode = 1;
} else {
  const file = path.resolve(process.argv[2] ?? defaultBackupFile(found.config.dataDir, found.mode));
  try {
    await backup(found.mode, file);
    console.log(`backup written to ${file}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
