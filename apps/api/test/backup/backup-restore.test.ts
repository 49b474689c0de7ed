import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { backup, restore, type BackupMode } from '../../src/db/backup.ts';
import { createDatabase } from '../../src/db/connection.ts';
import type { Database } from '../../src/db/types.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { Client, testConfig, type TestContext } from '../helpers.ts';
import {
  CARDS,
  deliverAll,
  getTransaction,
  payableTransfer,
  paymentReturn,
  payOnHostedPage,
  returnQuery,
  startPayment,
  type CapturedWebhook,
  type PaymentsContext,
} from '../payments/helpers.ts';
import { everyoneMaySend } from '../transfers/helpers.ts';

// docs/product/system.md#backups: a backup restored into an empty database holds the customers and
// their paid transfers, with a ledger that verifies.
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(apiDir, '../../node_modules/.bin/tsx');
const run = promisify(execFile);

async function appOn(db: Kysely<Database>): Promise<PaymentsContext> {
  const webhooks: CapturedWebhook[] = [];
  const app = await buildApp(testConfig(), {
    db,
    jobsPollMs: 0,
    webhookSender: async (url, body, headers) => void webhooks.push({ url, body, headers, delivered: false }),
  });
  await app.ready();
  await app.services.ratesJob.runOnce(); // the periodic rates.refresh is a durable job, not run here
  return { app, db, webhooks } as unknown as PaymentsContext;
}

/** A customer who paid a transfer by card: answers their email and the transfer's id. */
async function customerWithPaidTransfer(ctx: PaymentsContext): Promise<{ email: string; txId: string }> {
  const client = new Client(ctx.app);
  const email = `backup.${Date.now()}@example.com`;
  await client.signUp(email);
  everyoneMaySend(ctx as TestContext);
  const { tx } = await payableTransfer(ctx, client);
  const started = await startPayment(client, tx.id, 'card');
  const location = await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
  expect((await paymentReturn(client, tx.id, returnQuery(location))).json().status).toBe('paid');
  await deliverAll(ctx);
  return { email, txId: tx.id };
}

/** After the restore: the ledger verifies, the customer signs in and sees the paid transfer. */
async function expectRestored(db: Kysely<Database>, before: { email: string; txId: string }): Promise<void> {
  const ctx = await appOn(db);
  try {
    expect((await verifyLedger(db)).violations).toEqual([]);
    expect((await verifyLedger(db)).entries).toBeGreaterThan(0);
    const client = new Client(ctx.app);
    await client.signIn(before.email);
    expect((await getTransaction(client, before.txId)).status).toBe('paid');
  } finally {
    await ctx.app.close();
  }
}

const adminUrl = process.env.TEST_DATABASE_URL;

// Each mode in its own pass of the api suite (the suite runs on PGlite, then on PostgreSQL).
describe.skipIf(Boolean(adminUrl))('backup and restore, embedded PGlite', () => {
  it('the scripts back up a DATA_DIR and restore it into an empty one', async () => {
    const source = mkdtempSync(path.join(tmpdir(), 'remit-backup-src-'));
    const { db } = createDatabase({ pgliteDir: path.join(source, 'pglite') });
    const ctx = await appOn(db); // migrates and seeds the new database
    const before = await customerWithPaidTransfer(ctx);
    await ctx.app.close();
    await db.destroy();

    const file = path.join(source, 'backups', 'nightly.tar.gz');
    const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: source, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    await run(tsx, ['scripts/backup.ts', file], { cwd: apiDir, env });

    const target = mkdtempSync(path.join(tmpdir(), 'remit-backup-dst-'));
    await run(tsx, ['scripts/restore.ts', file], { cwd: apiDir, env: { ...env, DATA_DIR: target } });
    // never over an existing database
    await expect(restore({ kind: 'pglite', dataDir: path.join(target, 'pglite') }, file)).rejects.toThrow(
      /already holds a database/,
    );

    const restored = createDatabase({ pgliteDir: path.join(target, 'pglite') }).db;
    try {
      await expectRestored(restored, before);
    } finally {
      await restored.destroy();
    }
  }, 180_000);
});

describe.skipIf(!adminUrl)('backup and restore, PostgreSQL (pg_dump / pg_restore)', () => {
  const suffix = `${process.pid}_${Date.now()}`;
  const names = [`remit_backup_src_${suffix}`, `remit_backup_dst_${suffix}`];
  const urlOf = (name: string) => {
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = () => createDatabase({ databaseUrl: adminUrl, poolMax: 1 }).db;

  afterAll(async () => {
    const db = admin();
    try {
      for (const name of names) await sql.raw(`drop database if exists ${name}`).execute(db);
    } finally {
      await db.destroy();
    }
  });

  it('a dump restored into a new database', async () => {
    const db0 = admin();
    for (const name of names) await sql.raw(`create database ${name}`).execute(db0);
    await db0.destroy();
    const [src, dst] = names.map(urlOf) as [string, string];

    const sourceDb = createDatabase({ databaseUrl: src, poolMax: 5 }).db;
    const ctx = await appOn(sourceDb);
    const before = await customerWithPaidTransfer(ctx);
    await ctx.app.close();
    await sourceDb.destroy();

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'remit-backup-pg-')), 'remit.dump');
    const mode = (url: string): BackupMode => ({ kind: 'postgres', url });
    await backup(mode(src), file);
    await restore(mode(dst), file);
    await expect(restore(mode(dst), file)).rejects.toThrow(/not empty/);

    const restored = createDatabase({ databaseUrl: dst, poolMax: 5 }).db;
    try {
      await expectRestored(restored, before);
    } finally {
      await restored.destroy();
    }
  }, 180_000);
});
