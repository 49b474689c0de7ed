// Which database `npm run backup` and `npm run restore` work on: the api's own, from its configuration.
import path from 'node:path';
import type { Config } from '../src/config.ts';
import type { BackupMode } from '../src/db/backup.ts';
import { readConfig } from '../src/read-config.ts';

export function backupMode(): { config: Config; mode: BackupMode } | undefined {
  const config = readConfig();
  if (!config) return undefined;
  const mode: BackupMode = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
  return { config, mode };
}

/** DATA_DIR/backups/remit-<kind>-<UTC time>.<ext> */
export function defaultBackupFile(dataDir: string, mode: BackupMode): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(dataDir, 'backups', `remit-${mode.kind}-${stamp}.${mode.kind === 'postgres' ? 'dump' : 'tar.gz'}`);
}
