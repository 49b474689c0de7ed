// The upload suite on an S3 bucket (docs/product/account-verification.md#upload): s3rver behind the
// SigV4-checking gateway of test/storage, so that the presigned PUT the browser makes is checked as
// AWS S3 checks it.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { S3FileStorage } from '../../src/adapters/storage/index.ts';
import { useTestApp } from '../helpers.ts';
import { startSigV4Gateway, type SigV4Gateway } from '../storage/sigv4-gateway.ts';
import { FlakyStorage } from './helpers.ts';
import { uploadSuite } from './upload-suite.ts';

// s3rver ships no types; this is the part of it the tests use.
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BUCKET = 'documents';
const KEY = 'S3RVER'; // s3rver's built-in account (access key and secret)

const storage = new FlakyStorage();
let s3: S3FileStorage | undefined;
let s3rver: S3rverServer | undefined;
let gateway: SigV4Gateway | undefined;
let directory: string | undefined;

// Registered before useTestApp's hooks: the bucket exists before the app is built, and goes after it closed.
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'remit-s3rver-docs-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await s3rver.run();
  gateway = await startSigV4Gateway(port, KEY);
  const admin = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  admin.destroy();
  s3 = new S3FileStorage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: gateway.url,
    accessKeyId: KEY,
    secretAccessKey: KEY,
    forcePathStyle: true,
  });
  storage.inner = s3;
});
afterAll(async () => {
  s3?.close();
  await gateway?.close();
  await s3rver?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

const ctx = useTestApp({ env: { SANDBOX_REVIEW_DELAY_MS: 'off' }, overrides: { storage } });

uploadSuite(ctx, {
  name: 's3',
  storage,
  stored: async () => (await storage.inner.list('')).map((o) => o.key).sort(),
});
