// Shared pieces of the account-verification tests (docs/product/account-verification.md): multipart
// bodies built by hand, generated fixtures, the catalog ids, and what the database and storage hold.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  authEndpoints,
  Document,
  onboardingEndpoints,
  ValidationErrorBody,
  verificationEndpoints as v,
  type Customer,
} from '@remit/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { FileStorage, PresignedPut, StoredObject } from '../../src/adapters/storage/index.ts';
import { documentCatalog } from '../../src/modules/reference/document-catalog.ts';
import { Client, type TestContext } from '../helpers.ts';

export const GB = 826;
export const US = 840;

// ---- multipart ----

export type Part =
  { name: string; value: string } | { name: string; filename: string; contentType?: string; body: Buffer };

/**
 * A multipart/form-data body. `cut` leaves the body unfinished: `'closing'` drops the closing
 * boundary, a number keeps only that many bytes of the last part's content.
 */
export function multipart(
  parts: readonly Part[],
  opts: { cut?: 'closing' | number } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----remit${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    if (last && typeof opts.cut === 'number') {
      chunks.push(part.body.subarray(0, opts.cut));
      return {
        payload: Buffer.concat(chunks),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    }
    chunks.push(part.body, Buffer.from('\r\n'));
  }
  if (opts.cut !== 'closing') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const page = (body: Buffer, filename = 'page.jpg', contentType = 'image/jpeg'): Part => ({
  name: 'pages',
  filename,
  contentType,
  body,
});

// ---- fixtures ----

/** A JPEG whose EXIF holds a GPS position (what a phone camera writes). */
export async function jpegWithGps(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Ada Lovelace' }, IFD3: { GPSLatitude: '51/1 30/1 0/1', GPSLatitudeRef: 'N' } })
    .toBuffer();
  expect((await sharp(jpeg).metadata()).exif).toBeDefined();
  return jpeg;
}

/** A PNG carrying EXIF (with a GPS position) and an ICC profile. */
export async function png(): Promise<Buffer> {
  const image = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#0a0' } })
    .png()
    .withExif({ IFD3: { GPSLatitude: '51/1 30/1 0/1', GPSLatitudeRef: 'N' } })
    .withMetadata()
    .toBuffer();
  const meta = await sharp(image).metadata();
  expect(meta.exif && meta.icc).toBeDefined();
  return image;
}

/** A JPEG taken with the phone on its side: 40×30 pixels, EXIF orientation 6 (turn 90° clockwise). */
export function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The smallest well-formed PDF: one empty page. */
export function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, o] of objects.entries()) {
    offsets.push(text.length);
    text += `${i + 1} 0 obj\n${o}\nendobj\n`;
  }
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) text += `${String(o).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A Windows executable's first bytes. */
export function exe(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  return b;
}

/** A one-file ZIP archive (stored, not compressed). */
export function zip(): Buffer {
  const name = Buffer.from('evil.js');
  const data = Buffer.from('alert(1)');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

// ---- the catalog ----

export function typeIds(categoryCode: string, typeCode: string): { categoryId: number; typeId: number } {
  const category = documentCatalog.categoryByCode(categoryCode);
  const type = documentCatalog.typeByCode(categoryCode, typeCode);
  if (!category || !type) throw new Error(`no type ${categoryCode}/${typeCode}`);
  return { categoryId: category.id, typeId: type.id };
}

export function uploadPath(categoryCode: string, typeCode: string): string {
  const { categoryId, typeId } = typeIds(categoryCode, typeCode);
  return `${v.uploadDocument.path}?document_category_id=${categoryId}&document_type_id=${typeId}`;
}

export function tokenPath(categoryCode: string, typeCode: string, query: Record<string, string> = {}): string {
  const { categoryId, typeId } = typeIds(categoryCode, typeCode);
  const qs = new URLSearchParams(query).toString();
  return `/client/v1/account-verification/token/${categoryId}/${typeId}${qs ? `?${qs}` : ''}`;
}

// ---- customers and calls ----

/** A signed-up customer (the sign-up session is a full session), resident of `countryId` when given. */
export async function customer(ctx: TestContext, countryId: number | null = GB): Promise<{ c: Client; me: Customer }> {
  const c = new Client(ctx.app);
  let me = await c.signUp();
  if (countryId !== null) {
    const res = await c.post(onboardingEndpoints.updateCountry.path, { country_id: countryId });
    expect(res.statusCode, res.body).toBe(200);
    me = authEndpoints.getProfile.response.parse(res.json());
  }
  return { c, me };
}

export async function profile(c: Client): Promise<Customer> {
  const res = await c.profile();
  expect(res.statusCode, res.body).toBe(200);
  return authEndpoints.getProfile.response.parse(res.json());
}

export function postMultipart(c: Client, url: string, parts: readonly Part[], opts?: { cut?: 'closing' | number }) {
  const { payload, headers } = multipart(parts, opts);
  return c.request('POST', url, payload, headers);
}

/** A passport upload (one JPEG page and its number). */
export async function uploadPassport(c: Client, filename = 'passport.jpg', body?: Buffer) {
  return postMultipart(c, uploadPath('proof_of_identity', 'passport'), [
    page(body ?? (await jpegWithGps()), filename),
    { name: 'document_number', value: 'p 1234567' },
  ]);
}

export function created(res: LightMyRequestResponse): Document {
  expect(res.statusCode, res.body).toBe(201);
  return Document.parse(res.json());
}

export function invalid(res: LightMyRequestResponse): Record<string, string[]> {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json()).errors as Record<string, string[]>;
}

// ---- what is stored ----

export async function rowCounts(ctx: TestContext): Promise<{ documents: number; pages: number }> {
  const count = async (table: 'documents' | 'document_pages') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { documents: await count('documents'), pages: await count('document_pages') };
}

/** Every file under `dir`, relative to it ('' when it does not exist yet). */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Storage that passes everything on to `inner`, except the puts told to fail. */
export class FlakyStorage implements FileStorage {
  /** Fail the n-th put from now (1-based); null: never. */
  failPutAt: number | null = null;
  puts = 0;
  gets: string[] = [];

  /** Set once the real storage exists (S3 starts after the app's options are given). */
  inner!: FileStorage;

  constructor(inner?: FileStorage) {
    if (inner) this.inner = inner;
  }

  get kind() {
    return this.inner.kind;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    this.puts += 1;
    if (this.failPutAt !== null && this.puts === this.failPutAt) throw new Error('disk full (test)');
    return this.inner.put(key, body, contentType);
  }

  get(key: string): Promise<Buffer | null> {
    this.gets.push(key);
    return this.inner.get(key);
  }

  head(key: string): Promise<StoredObject | null> {
    return this.inner.head(key);
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  list(prefix: string): Promise<{ key: string; lastModified: Date }[]> {
    return this.inner.list(prefix);
  }

  presignPut(key: string, contentType: string, maxBytes: number, seconds: number): Promise<PresignedPut | null> {
    return this.inner.presignPut(key, contentType, maxBytes, seconds);
  }

  failNextPut(n: number): void {
    this.puts = 0;
    this.failPutAt = n;
  }
}

/** Polls until `check` returns a value (not undefined), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 2_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
