// Backups of the api's database, for both modes (docs/product/system.md#backups): the embedded PGlite
// data folder as one gzipped tarball, PostgreSQL through pg_dump's custom format and pg_restore.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type BackupMode = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (err) =>
      reject(new Error(`${command} could not be started (${err.message}): install PostgreSQL's client tools`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Writes a backup of the database to `file` (the folder is created). The api on PGlite must be stopped. */
export async function backup(mode: BackupMode, file: string): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (mode.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, mode.url]);
    return;
  }
  if (isEmptyFolder(mode.dataDir)) throw new Error(`No PGlite database at ${mode.dataDir}: nothing to back up.`);
  const db = new PGlite(mode.dataDir);
  try {
    const tarball = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** Counts the tables of the public schema: a restore goes only into an empty database. */
async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ n: string }>(
      "select count(*)::text as n from information_schema.tables where table_schema = 'public'",
    );
    return Number(res.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` into an EMPTY database (a new PostgreSQL database, or a PGlite data folder that
 * does not exist yet): it never overwrites data. The api migrates it to its own version on start.
 */
export async function restore(mode: BackupMode, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup file at ${file}.`);
  if (mode.kind === 'postgres') {
    const tables = await postgresTableCount(mode.url);
    if (tables > 0) throw new Error(`The target database is not empty (${tables} tables): restore into a new one.`);
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', mode.url, file]);
    return;
  }
  if (!isEmptyFolder(mode.dataDir)) {
    throw new Error(`${mode.dataDir} already holds a database: restore into a new DATA_DIR or move it away.`);
  }
  mkdirSync(mode.dataDir, { recursive: true });
  const db = new PGlite(mode.dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
}
