// The FileStorage contract (docs/product/account-verification.md#upload), run against local files
// and against an S3 bucket served by s3rver behind a SigV4-checking gateway (sigv4-gateway.ts).
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFileStorage,
  LocalFileStorage,
  S3FileStorage,
  type FileStorage,
  type S3StorageSettings,
} from '../../src/adapters/storage/index.ts';
import { startSigV4Gateway, type SigV4Gateway } from './sigv4-gateway.ts';

// s3rver ships no types; this is the part of it the tests use.
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose?: boolean;
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BUCKET = 'documents';
// s3rver's built-in account.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

interface S3Stack {
  settings: S3StorageSettings;
  s3rverPort: number;
  stop(): Promise<void>;
}

/** s3rver on a random loopback port with its own directory, a bucket, and the signature gateway. */
async function startS3(): Promise<S3Stack> {
  const directory = await mkdtemp(join(tmpdir(), 'remit-s3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await s3rver.run();
  let gateway: SigV4Gateway | undefined;
  try {
    gateway = await startSigV4Gateway(port, SECRET_ACCESS_KEY);
    const settings: S3StorageSettings = {
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: gateway.url,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    };
    const admin = new S3Client({
      region: settings.region,
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    });
    await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
    admin.destroy();
    const g = gateway;
    return {
      settings,
      s3rverPort: port,
      stop: async () => {
        await g.close();
        await s3rver.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await gateway?.close();
    await s3rver.close();
    throw err;
  }
}

interface Backend {
  name: 'local' | 's3';
  start(): Promise<{ storage: FileStorage; stop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'local',
    async start() {
      const dir = await mkdtemp(join(tmpdir(), 'remit-storage-'));
      return {
        storage: new LocalFileStorage(join(dir, 'documents')),
        stop: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async start() {
      const stack = await startS3();
      const storage = new S3FileStorage(stack.settings);
      return {
        storage,
        stop: async () => {
          storage.close();
          await stack.stop();
        },
      };
    },
  },
];

const BAD_KEYS = [
  '',
  '../escape',
  'a/../../escape',
  '..',
  '/etc/passwd',
  'a//b',
  'a/',
  'a/./b',
  'file.pdf',
  'Upper',
  'a b',
  'a\\b',
  'a%2f..',
  'é',
  'a\0b',
  'x'.repeat(600),
];

describe.each(backends)('$name file storage', (backend) => {
  let storage: FileStorage;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, stop } = await backend.start());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('is the kind it says', () => {
    expect(storage.kind).toBe(backend.name);
  });

  it('puts, gets and heads an object', async () => {
    const body = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02, 0xfe]);
    await storage.put('customers/c1/documents/d1/page-1', body, 'image/jpeg');
    expect(await storage.get('customers/c1/documents/d1/page-1')).toEqual(body);
    expect(await storage.head('customers/c1/documents/d1/page-1')).toEqual({
      key: 'customers/c1/documents/d1/page-1',
      size: body.length,
      contentType: 'image/jpeg',
    });
  });

  it('replaces an object put again under the same key', async () => {
    await storage.put('replace/me', Buffer.from('first version'), 'image/png');
    await storage.put('replace/me', Buffer.from('second'), 'application/pdf');
    expect((await storage.get('replace/me'))?.toString()).toBe('second');
    expect(await storage.head('replace/me')).toEqual({ key: 'replace/me', size: 6, contentType: 'application/pdf' });
  });

  it('keeps a 1 MB binary body intact', async () => {
    const body = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < body.length; i++) body[i] = (i * 31 + (i >> 8)) & 0xff;
    await storage.put('big/object', body, 'application/pdf');
    expect((await storage.get('big/object'))?.equals(body)).toBe(true);
  });

  it('answers null for a missing key, and deleting one is fine', async () => {
    expect(await storage.get('missing/key')).toBeNull();
    expect(await storage.head('missing/key')).toBeNull();
    await expect(storage.delete('missing/key')).resolves.toBeUndefined();
    // A "directory" of other keys is not an object either.
    await storage.put('parent/child', Buffer.from('x'), 'image/png');
    expect(await storage.get('parent')).toBeNull();
    expect(await storage.head('parent')).toBeNull();
  });

  it('deletes an object', async () => {
    await storage.put('to-delete/one', Buffer.from('bye'), 'image/png');
    await storage.delete('to-delete/one');
    expect(await storage.get('to-delete/one')).toBeNull();
    expect(await storage.head('to-delete/one')).toBeNull();
    expect(await storage.list('to-delete/')).toEqual([]);
  });

  it('lists the keys under a prefix, with their last modification', async () => {
    const before = Date.now() - 5_000;
    await storage.put('list/c1/a', Buffer.from('1'), 'image/png');
    await storage.put('list/c1/b/c', Buffer.from('2'), 'image/png');
    await storage.put('list/c10/a', Buffer.from('3'), 'image/png');
    await storage.put('list/c2/a', Buffer.from('4'), 'image/png');
    const keys = async (prefix: string) => (await storage.list(prefix)).map((o) => o.key).sort();

    expect(await keys('list/c1/')).toEqual(['list/c1/a', 'list/c1/b/c']);
    expect(await keys('list/c1')).toEqual(['list/c1/a', 'list/c1/b/c', 'list/c10/a']);
    expect(await keys('list/')).toEqual(['list/c1/a', 'list/c1/b/c', 'list/c10/a', 'list/c2/a']);
    expect(await keys('list/nothing/')).toEqual([]);
    expect(await keys('')).toEqual(expect.arrayContaining(['list/c1/a', 'list/c2/a', 'replace/me']));
    for (const { lastModified } of await storage.list('list/')) {
      expect(lastModified).toBeInstanceOf(Date);
      expect(lastModified.getTime()).toBeGreaterThan(before);
      expect(lastModified.getTime()).toBeLessThan(Date.now() + 5_000);
    }
  });

  it.each(BAD_KEYS)('refuses the key %j for every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.head(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    if (backend.name === 's3') {
      await expect(storage.presignPut(key, 'image/png', 1000, 60)).rejects.toThrow(/Invalid storage key/);
    }
  });

  it.each(['../', '/', 'a//', 'A/', 'a.b/'])('refuses the list prefix %j', async (prefix) => {
    await expect(storage.list(prefix)).rejects.toThrow(/Invalid storage prefix/);
  });

  it('refuses a content type that is not a bare type/subtype', async () => {
    for (const type of ['', 'image', 'image/png; charset=x', 'text/html\r\nx-evil: 1']) {
      await expect(storage.put('bad/type', Buffer.from('x'), type)).rejects.toThrow(/Invalid content type/);
    }
    expect(await storage.head('bad/type')).toBeNull();
  });
});

describe('LocalFileStorage on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'remit-storage-disk-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates private directories and files, and leaves no temp file behind', async () => {
    const root = join(dir, 'documents');
    const storage = new LocalFileStorage(root);
    await storage.put('customers/c1/page', Buffer.from('secret'), 'image/png');
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    expect((await stat(join(root, 'customers'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(root, 'customers/c1'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(root, 'customers/c1/page'))).mode & 0o777).toBe(0o600);
    expect((await readdir(join(root, 'customers/c1'))).sort()).toEqual(['page', 'page.type']);
    expect(await storage.list('')).toEqual([{ key: 'customers/c1/page', lastModified: expect.any(Date) }]);
  });

  it('removes what a write cut off by a crash left behind, once it is old enough, and nothing else', async () => {
    const root = join(dir, 'leftovers');
    const storage = new LocalFileStorage(root);
    await storage.put('pages/kept', Buffer.from('page'), 'image/png');
    const pages = join(root, 'pages');
    // a process killed inside put(): its temp files, and a content type whose body never arrived
    await writeFile(join(pages, '.cut.0123456789abcdef.tmp'), 'half');
    await writeFile(join(pages, '.cut.type.fedcba9876543210.tmp'), 'image/');
    await writeFile(join(pages, 'cut.type'), 'image/png');
    // too recent: a write may be under way
    expect(await storage.removeLeftovers(new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await storage.removeLeftovers(new Date(Date.now() + 1000))).toBe(3);
    expect((await readdir(pages)).sort()).toEqual(['kept', 'kept.type']);
    expect(await storage.get('pages/kept')).toEqual(Buffer.from('page'));
  });

  it('writes inside its root only, whatever the key', async () => {
    const storage = new LocalFileStorage(join(dir, 'jail/documents'));
    await expect(storage.put('../outside', Buffer.from('x'), 'image/png')).rejects.toThrow();
    await expect(readdir(join(dir, 'jail'))).rejects.toThrow(/ENOENT/);
  });

  it('has no presigned upload: the api signs its own URL', async () => {
    expect(await new LocalFileStorage(dir).presignPut()).toBeNull();
  });
});

describe('S3FileStorage presigned PUT', () => {
  let stack: S3Stack;
  let storage: S3FileStorage;
  beforeAll(async () => {
    stack = await startS3();
    storage = new S3FileStorage(stack.settings);
  });
  afterAll(async () => {
    storage?.close();
    await stack?.stop();
  });

  it('uploads with fetch, the signed Content-Type header included', async () => {
    const before = Date.now();
    const presigned = await storage.presignPut('uploads/c1/page-1', 'image/jpeg', 10 * 1024 * 1024, 300);
    expect(presigned).not.toBeNull();
    const { method, url, headers, expiresAt } = presigned!;
    expect(method).toBe('PUT');
    expect(headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + 300_000);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 300_000);

    const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const res = await fetch(url, { method, headers, body });
    expect(res.status).toBe(200);
    expect(await storage.get('uploads/c1/page-1')).toEqual(body);
    expect(await storage.head('uploads/c1/page-1')).toMatchObject({ size: body.length, contentType: 'image/jpeg' });
  });

  it('refuses a PUT with another Content-Type, or to another key', async () => {
    const { url, headers } = (await storage.presignPut('uploads/c1/page-2', 'image/png', 1000, 300))!;
    let res = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: '<html>' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('SignatureDoesNotMatch');
    res = await fetch(url.replace('page-2', 'page-3'), { method: 'PUT', headers, body: 'x' });
    expect(res.status).toBe(403);
    expect(await storage.head('uploads/c1/page-2')).toBeNull();
    expect(await storage.head('uploads/c1/page-3')).toBeNull();
  });

  it('s3rver alone does not check SigV4 signatures (why the gateway is there)', async () => {
    const { url } = (await storage.presignPut('uploads/c1/page-4', 'image/png', 1000, 300))!;
    const direct = new URL(url);
    direct.port = String(stack.s3rverPort);
    // The signature covers the gateway's host, yet s3rver takes it, with the wrong type too.
    const res = await fetch(direct, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: '<html>' });
    expect(res.status).toBe(200);
    await storage.delete('uploads/c1/page-4');
  });

  it('refuses absurd presign arguments', async () => {
    await expect(storage.presignPut('uploads/x', 'image/png', 0, 60)).rejects.toThrow(/maxBytes/);
    await expect(storage.presignPut('uploads/x', 'image/png', 100, 0)).rejects.toThrow(/expiresInSeconds/);
    await expect(storage.presignPut('uploads/x', 'image/png', 100, 8 * 24 * 3600)).rejects.toThrow(/expiresIn/);
    await expect(storage.presignPut('uploads/x', 'image/png\r\nx: y', 100, 60)).rejects.toThrow(/content type/);
  });
});

describe('createFileStorage', () => {
  it('is local under DATA_DIR/documents without S3 settings, S3 with them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'remit-storage-create-'));
    try {
      const local = createFileStorage({ dataDir: dir });
      expect(local.kind).toBe('local');
      await local.put('a/b', Buffer.from('x'), 'image/png');
      expect((await stat(join(dir, 'documents/a/b'))).isFile()).toBe(true);

      const s3 = createFileStorage({
        dataDir: dir,
        s3: {
          bucket: 'b',
          region: 'eu-west-1',
          endpoint: undefined,
          accessKeyId: 'k',
          secretAccessKey: 's',
          forcePathStyle: false,
        },
      });
      expect(s3).toBeInstanceOf(S3FileStorage);
      expect(s3.kind).toBe('s3');
      (s3 as S3FileStorage).close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
