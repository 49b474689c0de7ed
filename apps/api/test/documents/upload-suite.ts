// Upload through the api and straight to storage (docs/product/account-verification.md#upload), run
// on local files (local.test.ts) and on an S3 bucket (s3.test.ts): the same calls, the same answers,
// and after every refusal nothing stored, neither a row nor a file.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { DirectUploadReceipt, VerificationTokenResponse, type UploadTarget } from '@remit/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentsRepository } from '../../src/modules/documents/documents.repository.ts';
import type { Client, TestContext } from '../helpers.ts';
import {
  created,
  customer,
  exe,
  type FlakyStorage,
  invalid,
  jpegWithGps,
  multipart,
  page,
  pdf,
  png,
  postMultipart,
  profile,
  rowCounts,
  sidewaysJpeg,
  tokenPath,
  typeIds,
  uploadPassport,
  uploadPath,
  zip,
} from './helpers.ts';

export interface StorageBackend {
  name: 'local' | 's3';
  /** The storage the app was given (a pass-through that can fail a put on demand). */
  storage: FlakyStorage;
  /** What is stored: files under DATA_DIR/documents (with their `.type` files), or the bucket's keys. */
  stored(): Promise<string[]>;
}

const PAGE_KEY = /^pages\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.type)?$/;
const MB = 1024 * 1024;

export function uploadSuite(ctx: TestContext, backend: StorageBackend): void {
  afterEach(() => {
    vi.restoreAllMocks();
    backend.storage.failPutAt = null;
  });

  /** Runs `refuse` and checks that it left no row and no file behind. */
  async function leavesNothing(refuse: () => Promise<void>): Promise<void> {
    const before = await backend.stored();
    const rows = await rowCounts(ctx);
    await refuse();
    expect(await rowCounts(ctx)).toEqual(rows);
    expect(await backend.stored()).toEqual(before);
  }

  const pagePath = (documentId: string, pageId: string) => `/client/v1/documents/${documentId}/pages/${pageId}`;

  describe(`${backend.name}: upload through the api`, () => {
    it('stores a passport cleaned of its EXIF under a random name, lists it in the profile and serves it', async () => {
      const { c, me } = await customer(ctx);
      const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
      const before = await backend.stored();
      await profile(c); // the session is cached: the upload must drop it
      const doc = created(await uploadPassport(c));
      expect(doc).toMatchObject({
        status_code: 'pending',
        status_title: 'Waiting for review',
        status_reason_code: null,
        reviewed_at: null,
        document_category: { code: 'proof_of_identity' },
        document_type: { code: 'passport' },
      });
      expect(doc.pages).toHaveLength(1);
      expect(doc.pages[0]).toMatchObject({ position: 1, side: null, content_type: 'image/jpeg' });
      expect(notify).toHaveBeenCalledWith(
        me.id,
        'DocumentStatusChanged',
        expect.objectContaining({ document_id: doc.id, status_code: 'pending', document_type_code: 'passport' }),
      );

      const mine = await profile(c);
      expect(mine.documents.map((d) => d.id)).toEqual([doc.id]);
      expect(mine.documents[0]).toEqual(doc);
      expect(mine.pending_documents.map((p) => p.document_category.code)).toEqual(['proof_of_address', 'selfie']);
      const row = await ctx.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ document_number: 'P 1234567', source: 'api', file_names: ['passport.jpg'] });

      const res = await c.get(pagePath(doc.id, doc.pages[0]!.id));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
      expect(meta.exif).toBeUndefined();
      expect(res.rawPayload.length).toBe(doc.pages[0]!.size);
      const stored = await ctx.db
        .selectFrom('document_pages')
        .selectAll()
        .where('id', '=', doc.pages[0]!.id)
        .executeTakeFirstOrThrow();
      expect(stored.sha256).toBe(createHash('sha256').update(res.rawPayload).digest('hex'));

      // Stored under a random name in pages/, nothing else.
      const added = (await backend.stored()).filter((f) => !before.includes(f));
      expect(added.length).toBeGreaterThan(0);
      for (const f of added) expect(f).toMatch(PAGE_KEY);
      expect(added.some((f) => f === stored.storage_key)).toBe(true);
      expect(added.join()).not.toContain('passport');
    });

    it('takes PNG and PDF pages: the PNG re-encoded, the PDF as it is', async () => {
      const { c } = await customer(ctx);
      const pdfBody = pdf();
      const doc = created(
        await postMultipart(c, uploadPath('proof_of_address', 'bank_statement'), [
          page(await png(), 'statement-1.png', 'image/png'),
          page(pdfBody, 'statement-2.pdf', 'application/pdf'),
        ]),
      );
      expect(doc.pages.map((p) => [p.position, p.side, p.content_type])).toEqual([
        [1, null, 'image/png'],
        [2, null, 'application/pdf'],
      ]);
      const second = await c.get(pagePath(doc.id, doc.pages[1]!.id));
      expect(second.headers['content-type']).toBe('application/pdf');
      expect(second.rawPayload.equals(pdfBody)).toBe(true);
      const first = await c.get(pagePath(doc.id, doc.pages[0]!.id));
      const meta = await sharp(first.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    });

    it('turns a sideways photo upright and drops its orientation tag', async () => {
      const { c } = await customer(ctx);
      const doc = created(await uploadPassport(c, 'passport.jpg', await sidewaysJpeg()));
      const meta = await sharp((await c.get(pagePath(doc.id, doc.pages[0]!.id))).rawPayload).metadata();
      expect(meta).toMatchObject({ width: 30, height: 40 });
      expect(meta.orientation).toBeUndefined();
    });

    it('names the sides of a national ID card, front then back', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      const doc = created(
        await postMultipart(c, uploadPath('proof_of_identity', 'national_id'), [
          page(jpeg, 'front.jpg'),
          page(await png(), 'back.png', 'image/png'),
          { name: 'document_number', value: 'ID-778899' },
        ]),
      );
      expect(doc.pages.map((p) => p.side)).toEqual(['front', 'back']);
    });
  });

  describe(`${backend.name}: file names`, () => {
    const LONG = `${'a'.repeat(249)}-scan😀.jpg`; // the 255th UTF-16 unit is the emoji's first half

    it('keeps the device’s file name, cut to 255 characters without splitting one', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      const { payload, headers } = multipart([page(jpeg, 'x.jpg'), { name: 'document_number', value: 'P1' }]);
      const named = Buffer.from(
        payload
          .toString('latin1')
          .replace('filename="x.jpg"', `filename*=UTF-8''${encodeURIComponent(`C:\\scans\\${LONG}`)}`),
        'latin1',
      );
      const doc = created(await c.request('POST', uploadPath('proof_of_identity', 'passport'), named, headers));
      const row = await ctx.db
        .selectFrom('documents')
        .select('file_names')
        .where('id', '=', doc.id)
        .executeTakeFirstOrThrow();
      expect(row.file_names).toEqual([[...LONG].slice(0, 255).join('')]);
    });
  });

  describe(`${backend.name}: pages are judged by their content`, () => {
    const passport = () => uploadPath('proof_of_identity', 'passport');
    const number = { name: 'document_number', value: 'P1234567' };

    const cases: [string, () => Promise<Parameters<typeof postMultipart>[2]>, string][] = [
      ['an executable named passport.jpg', async () => [page(exe(), 'passport.jpg'), number], 'pages.0'],
      [
        'a JPEG with a ZIP archive appended',
        async () => [page(Buffer.concat([await jpegWithGps(), zip()]), 'passport.jpg'), number],
        'pages.0',
      ],
      ['an empty file', async () => [page(Buffer.alloc(0), 'passport.jpg'), number], 'pages.0'],
      [
        'a truncated JPEG',
        async () => {
          const jpeg = await jpegWithGps();
          return [page(jpeg.subarray(0, Math.floor(jpeg.length * 0.7)), 'passport.jpg'), number];
        },
        'pages.0',
      ],
      [
        'a JPEG and a PDF hidden in one file',
        async () => [page(Buffer.concat([await jpegWithGps(), pdf()]), 'passport.jpg'), number],
        'pages.0',
      ],
      [
        'a PDF that runs a script when opened',
        async () => [
          page(
            Buffer.from(
              pdf()
                .toString('latin1')
                .replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
              'latin1',
            ),
            'passport.pdf',
            'application/pdf',
          ),
          number,
        ],
        'pages.0',
      ],
      ['a passport without its number', async () => [page(await jpegWithGps(), 'passport.jpg')], 'document_number'],
      [
        'a document number with odd characters',
        async () => [page(await jpegWithGps(), 'passport.jpg'), { name: 'document_number', value: 'P12<script>' }],
        'document_number',
      ],
      ['no page at all', async () => [number], 'pages'],
      [
        'two pages for a one-page passport',
        async () => [page(await jpegWithGps()), page(await jpegWithGps()), number],
        'pages',
      ],
      [
        'a file in an unexpected field',
        async () => [{ name: 'attachment', filename: 'a.jpg', contentType: 'image/jpeg', body: await jpegWithGps() }],
        'attachment',
      ],
    ];

    it.each(cases)('refuses %s (422) and stores nothing', async (_name, parts, key) => {
      const { c } = await customer(ctx);
      const body = await parts();
      await leavesNothing(async () => {
        const errors = invalid(await postMultipart(c, passport(), body));
        expect(Object.keys(errors)).toContain(key);
      });
    });

    it('refuses a national ID card with only its front', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      await leavesNothing(async () => {
        const errors = invalid(
          await postMultipart(c, uploadPath('proof_of_identity', 'national_id'), [
            page(jpeg, 'front.jpg'),
            { name: 'document_number', value: 'ID1' },
          ]),
        );
        expect(errors.pages).toEqual(['Upload 2 pages: the front and the back.']);
      });
    });

    it('refuses a page over 10 MB, naming it', async () => {
      const { c } = await customer(ctx);
      const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(11 * MB)]);
      await leavesNothing(async () => {
        const errors = invalid(
          await postMultipart(c, uploadPath('proof_of_identity', 'national_id'), [
            page(await jpegWithGps(), 'front.jpg'),
            page(big, 'back.jpg'),
            { name: 'document_number', value: 'ID1' },
          ]),
        );
        expect(errors).toEqual({ 'pages.1': ['Page 2 is larger than 10 MB.'] });
      });
    });

    it('refuses more than 10 files', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      await leavesNothing(async () => {
        const errors = invalid(
          await postMultipart(c, uploadPath('proof_of_address', 'utility_bill'), [
            ...Array.from({ length: 11 }, (_, i) => page(jpeg, `bill-${i}.jpg`)),
          ]),
        );
        expect(errors.pages).toEqual(['Upload at most 10 pages.']);
      });
    });

    it('refuses a file type the document type does not take (a PDF selfie)', async () => {
      const { c } = await customer(ctx);
      const token = VerificationTokenResponse.parse((await c.get(tokenPath('selfie', 'selfie'))).json());
      const liveness = (await c.get('/client/v1/account-verification/liveliness-token?api=sandbox')).json() as {
        token: string;
      };
      if (token.kind !== 'provider') throw new Error('expected a provider token');
      await leavesNothing(async () => {
        const errors = invalid(
          await postMultipart(c, uploadPath('selfie', 'selfie'), [
            page(pdf(), 'me.pdf', 'application/pdf'),
            { name: 'provider_token', value: token.token },
            { name: 'liveness_token', value: liveness.token },
          ]),
        );
        expect(errors['pages.0']).toEqual(['Page 1 is not a JPEG or PNG file.']);
      });
    });

    it('refuses unknown or mismatched category and type ids', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      const parts = [page(jpeg), { name: 'document_number', value: 'P1' }];
      const poa = typeIds('proof_of_address', 'utility_bill').categoryId;
      const passportType = typeIds('proof_of_identity', 'passport').typeId;
      await leavesNothing(async () => {
        const url = (cat: number | string, type: number | string) =>
          `/client/v1/document/upload?document_category_id=${cat}&document_type_id=${type}`;
        expect(Object.keys(invalid(await postMultipart(c, url(999, passportType), parts)))).toEqual([
          'document_category_id',
        ]);
        expect(Object.keys(invalid(await postMultipart(c, url(poa, passportType), parts)))).toEqual([
          'document_type_id',
        ]);
        expect(Object.keys(invalid(await postMultipart(c, url(poa, 999), parts)))).toEqual(['document_type_id']);
        expect(invalid(await postMultipart(c, url('x', 'y'), parts))).toHaveProperty('document_category_id');
        expect((await postMultipart(c, '/client/v1/document/upload', parts)).statusCode).toBe(422);
      });
    });

    it('answers 401 without a session, whatever is sent', async () => {
      const { c } = await customer(ctx);
      await c.post('/client/v1/logout');
      await c.csrf();
      await leavesNothing(async () => {
        expect((await uploadPassport(c)).statusCode).toBe(401);
      });
    });
  });

  describe(`${backend.name}: a document lands with all its pages or not at all`, () => {
    const nationalId = () => uploadPath('proof_of_identity', 'national_id');

    it('stores nothing when the form ends before its closing boundary', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      await leavesNothing(async () => {
        const res = await postMultipart(
          c,
          nationalId(),
          [{ name: 'document_number', value: 'ID1' }, page(jpeg, 'front.jpg'), page(jpeg, 'back.jpg')],
          { cut: 'closing' },
        );
        expect(res.statusCode).toBe(400);
      });
    });

    it('stores nothing when the second page is cut off mid-file', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      await leavesNothing(async () => {
        const res = await postMultipart(
          c,
          nationalId(),
          [{ name: 'document_number', value: 'ID1' }, page(jpeg, 'front.jpg'), page(jpeg, 'back.jpg')],
          { cut: 200 },
        );
        expect(res.statusCode).toBe(400);
      });
    });

    it('stores nothing when the request stream fails mid-upload', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      const { payload, headers } = multipart([
        { name: 'document_number', value: 'ID1' },
        page(jpeg, 'front.jpg'),
        page(jpeg, 'back.jpg'),
      ]);
      const half = payload.subarray(0, payload.length - 300);
      await leavesNothing(async () => {
        let sent = false;
        const stream = new Readable({
          read() {
            if (sent) return;
            sent = true;
            this.push(half);
            setImmediate(() => this.destroy(new Error('connection reset')));
          },
        });
        await expect(c.request('POST', nationalId(), stream, headers)).rejects.toThrow('connection reset');
        // The client saw the failure: give the handler time to have given up too.
        await new Promise((r) => setTimeout(r, 50));
      });
    });

    it('deletes the first page when storing the second fails', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      await leavesNothing(async () => {
        backend.storage.failNextPut(2);
        const res = await postMultipart(c, nationalId(), [
          page(jpeg, 'front.jpg'),
          page(jpeg, 'back.jpg'),
          { name: 'document_number', value: 'ID1' },
        ]);
        expect(res.statusCode).toBe(500);
        expect(backend.storage.puts).toBe(2);
      });
    });

    it('keeps the pages of a committed document when telling the other instances fails afterwards', async () => {
      const { c } = await customer(ctx);
      vi.spyOn(ctx.app.services.sessions, 'forgetCustomer').mockRejectedValueOnce(new Error('redis down (test)'));
      const res = await uploadPassport(c);
      expect(res.statusCode).toBe(500);
      const doc = await ctx.db.selectFrom('documents').select('id').executeTakeFirstOrThrow();
      const pages = await ctx.db.selectFrom('document_pages').selectAll().where('document_id', '=', doc.id).execute();
      expect(pages).toHaveLength(1);
      expect(await backend.storage.inner.head(pages[0]!.storage_key)).not.toBeNull();
      expect((await c.get(pagePath(doc.id, pages[0]!.id))).statusCode).toBe(200);
    });

    it('deletes the stored pages when the database write fails', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      vi.spyOn(documentsRepository, 'insertDocument').mockRejectedValueOnce(new Error('connection lost (test)'));
      await leavesNothing(async () => {
        const res = await postMultipart(c, nationalId(), [
          page(jpeg, 'front.jpg'),
          page(jpeg, 'back.jpg'),
          { name: 'document_number', value: 'ID1' },
        ]);
        expect(res.statusCode).toBe(500);
      });
    });
  });

  describe(`${backend.name}: one customer’s documents`, () => {
    it('answers the same 404 for another customer’s page, an unknown id and a malformed id', async () => {
      const a = await customer(ctx);
      const b = await customer(ctx);
      const doc = created(await uploadPassport(a.c));
      const pageId = doc.pages[0]!.id;
      const theirs = await b.c.get(pagePath(doc.id, pageId));
      expect(theirs.statusCode).toBe(404);
      for (const path of [
        pagePath(doc.id, '00000000-0000-4000-8000-000000000000'),
        pagePath('00000000-0000-4000-8000-000000000000', pageId),
        pagePath('not-an-id', pageId),
        pagePath(doc.id, '..%2f..%2fetc'),
      ]) {
        const res = await a.c.get(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.body).toBe(theirs.body);
      }
      // Not without a session either.
      await a.c.post('/client/v1/logout');
      expect((await a.c.get(pagePath(doc.id, pageId))).statusCode).toBe(401);
    });

    it('refuses a second proof of identity while one waits for review (409), and takes one after a rejection', async () => {
      const { c } = await customer(ctx);
      const first = created(await uploadPassport(c));
      await leavesNothing(async () => {
        expect((await uploadPassport(c)).statusCode).toBe(409);
      });
      expect(await ctx.app.services.documents.applyReview(first.id, { status: 'rejected', reason: 'unreadable' })).toBe(
        true,
      );
      ctx.clock.advance(60_000);
      const second = created(await uploadPassport(c));
      expect((await profile(c)).documents.map((d) => [d.id, d.status_code])).toEqual([
        [second.id, 'pending'],
        [first.id, 'rejected'],
      ]);
      expect(await ctx.app.services.documents.applyReview(second.id, { status: 'approved' })).toBe(true);
      const res = await uploadPassport(c);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Your proof of identity is already approved.' });
    });

    it('lets only one of two simultaneous uploads of the same category through', async () => {
      const { c } = await customer(ctx);
      const jpeg = await jpegWithGps();
      const before = await backend.stored();
      // Both requests pass the first check (made before their pages are inspected) before either goes on.
      const openInCategory = documentsRepository.openInCategory.bind(documentsRepository);
      const arrived: (() => void)[] = [];
      vi.spyOn(documentsRepository, 'openInCategory').mockImplementation(async (...args) => {
        if (arrived.length < 2) {
          await new Promise<void>((go) => {
            arrived.push(go);
            if (arrived.length === 2) for (const release of arrived) release();
          });
        }
        return openInCategory(...args);
      });
      const results = await Promise.all([uploadPassport(c, 'a.jpg', jpeg), uploadPassport(c, 'b.jpg', jpeg)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await rowCounts(ctx)).toEqual({ documents: 1, pages: 1 });
      const added = (await backend.stored()).filter((f) => !before.includes(f));
      expect(added.filter((f) => !f.endsWith('.type'))).toHaveLength(1);
    });
  });

  describe(`${backend.name}: straight to storage (national ID, public_upload)`, () => {
    const nationalIdToken = (query: Record<string, string> = { file_name: 'front.jpg', file_type: 'image/jpeg' }) =>
      tokenPath('proof_of_identity', 'national_id', query);

    async function target(c: Client, fileName = 'front.jpg', fileType = 'image/jpeg'): Promise<UploadTarget> {
      const res = await c.get(nationalIdToken({ file_name: fileName, file_type: fileType }));
      expect(res.statusCode, res.body).toBe(200);
      const answer = VerificationTokenResponse.parse(res.json());
      if (answer.kind !== 'upload') throw new Error('expected an upload target');
      return answer.upload;
    }

    /** The browser's PUT: to the api (embedded default, with its session) or straight to the bucket. */
    async function put(c: Client, t: UploadTarget, body: Buffer, headers = t.headers) {
      if (t.url.startsWith('/')) {
        const res = await c.request('PUT', t.url, body, lower(headers));
        return { status: res.statusCode, body: res.body };
      }
      const res = await fetch(t.url, { method: 'PUT', headers, body: new Uint8Array(body) });
      return { status: res.status, body: await res.text() };
    }

    const submit = (c: Client, ids: string[], documentNumber = 'ID 4455') =>
      c.post(uploadPath('proof_of_identity', 'national_id'), {
        pages: ids.map((upload_id) => ({ upload_id })),
        document_number: documentNumber,
      });

    it('asks for the file name and type', async () => {
      const { c } = await customer(ctx);
      expect(Object.keys(invalid(await c.get(nationalIdToken({})))).sort()).toEqual(['file_name', 'file_type']);
      expect(
        invalid(await c.get(nationalIdToken({ file_name: 'a.exe', file_type: 'application/x-msdownload' }))),
      ).toEqual({ file_type: ['Choose a JPEG, PNG, HEIC or PDF file.'] });
      // A type uploaded through the api has no upload target.
      expect(
        Object.keys(
          invalid(
            await c.get(tokenPath('proof_of_identity', 'passport', { file_name: 'a.jpg', file_type: 'image/jpeg' })),
          ),
        ),
      ).toEqual(['document_type_id']);
      expect((await c.get('/client/v1/account-verification/token/999/1')).statusCode).toBe(404);
    });

    it('puts both sides, then creates the document from them; the raw uploads go', async () => {
      const { c, me } = await customer(ctx);
      const front = await target(c, 'front.jpg');
      const back = await target(c, 'back.png', 'image/png');
      if (backend.name === 'local') {
        expect(front.url).toMatch(
          new RegExp(`^/client/v1/uploads/${front.upload_id}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`),
        );
      } else {
        expect(front.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/documents\/uploads\//);
        expect(front.url).toContain('X-Amz-Signature=');
      }
      expect(front).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, max_bytes: 10 * MB });
      expect(Date.parse(front.expires_at)).toBe(ctx.clock.now().getTime() + 15 * 60_000);

      const frontBody = await jpegWithGps();
      const res = await put(c, front, frontBody);
      expect(res.status, res.body).toBe(200);
      if (backend.name === 'local') {
        expect(DirectUploadReceipt.parse(JSON.parse(res.body))).toEqual({
          upload_id: front.upload_id,
          size: frontBody.length,
        });
      }
      expect((await put(c, back, await png())).status).toBe(200);
      expect((await backend.stored()).some((f) => f.startsWith('uploads/'))).toBe(true);

      const doc = created(await submit(c, [front.upload_id, back.upload_id]));
      expect(doc.pages.map((p) => [p.side, p.content_type])).toEqual([
        ['front', 'image/jpeg'],
        ['back', 'image/png'],
      ]);
      const row = await ctx.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ source: 'direct', file_names: ['front.jpg', 'back.png'], customer_id: me.id });
      const served = await c.get(pagePath(doc.id, doc.pages[0]!.id));
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
      expect((await backend.stored()).filter((f) => f.startsWith('uploads/'))).toEqual([]);

      // The same uploads again (the first document was rejected meanwhile): already used.
      await ctx.app.services.documents.applyReview(doc.id, { status: 'rejected', reason: 'unreadable' });
      await leavesNothing(async () => {
        expect(Object.keys(invalid(await submit(c, [front.upload_id, back.upload_id]))).sort()).toEqual([
          'pages.0',
          'pages.1',
        ]);
      });
    });

    it('refuses another customer’s upload, naming the page, and an upload named twice', async () => {
      const a = await customer(ctx);
      const b = await customer(ctx);
      const mine = await target(a.c, 'front.jpg');
      const theirs = await target(b.c, 'back.jpg');
      const jpeg = await jpegWithGps();
      expect((await put(a.c, mine, jpeg)).status).toBe(200);
      expect((await put(b.c, theirs, jpeg)).status).toBe(200);
      await leavesNothing(async () => {
        expect(invalid(await submit(a.c, [mine.upload_id, theirs.upload_id]))).toEqual({
          'pages.1': ['Page 2 was not uploaded, or its upload link has expired.'],
        });
        expect(invalid(await submit(a.c, [mine.upload_id, mine.upload_id]))).toHaveProperty('pages');
        expect(invalid(await submit(a.c, [mine.upload_id, 'not-an-id']))).toHaveProperty(['pages.1']);
      });
    });

    it('refuses a target never uploaded, and one that expired', async () => {
      const { c } = await customer(ctx);
      const front = await target(c, 'front.jpg');
      const back = await target(c, 'back.jpg');
      expect((await put(c, front, await jpegWithGps())).status).toBe(200);
      await leavesNothing(async () => {
        expect(invalid(await submit(c, [front.upload_id, back.upload_id]))).toEqual({
          'pages.1': ['Page 2 was not uploaded, or its upload link has expired.'],
        });
      });
      expect((await put(c, back, await jpegWithGps())).status).toBe(200);
      ctx.clock.advance(16 * 60_000);
      await leavesNothing(async () => {
        expect(Object.keys(invalid(await submit(c, [front.upload_id, back.upload_id]))).sort()).toEqual([
          'pages.0',
          'pages.1',
        ]);
      });
    });

    it('judges a direct upload by its content like any page', async () => {
      const { c } = await customer(ctx);
      const front = await target(c, 'front.jpg');
      const back = await target(c, 'back.jpg');
      expect((await put(c, front, await jpegWithGps())).status).toBe(200);
      expect((await put(c, back, exe())).status).toBe(200);
      const before = await backend.stored();
      const rows = await rowCounts(ctx);
      expect(invalid(await submit(c, [front.upload_id, back.upload_id]))).toEqual({
        'pages.1': ['Page 2 is not a JPEG, PNG, HEIC or PDF file.'],
      });
      expect(await rowCounts(ctx)).toEqual(rows);
      // Nothing new is stored, and the refused raw uploads are not kept either.
      const after = await backend.stored();
      expect(after.every((key) => before.includes(key))).toBe(true);
      expect(after.filter((key) => key.includes(front.upload_id) || key.includes(back.upload_id))).toEqual([]);
    });

    if (backend.name === 'local') {
      it('takes one PUT per target, from its customer, before it expires, with the announced type', async () => {
        const a = await customer(ctx);
        const b = await customer(ctx);
        const jpeg = await jpegWithGps();
        const t = await target(a.c);
        // Another customer (their own session and XSRF token) cannot put into it.
        expect((await put(b.c, t, jpeg)).status).toBe(404);
        // Nor can a tampered signature or expiry.
        const tampered = { ...t, url: t.url.replace(/signature=[^&]+/, 'signature=AAAA') };
        expect((await put(a.c, tampered, jpeg)).status).toBe(404);
        const later = { ...t, url: t.url.replace(/expires=\d+/, (m) => `expires=${Number(m.slice(8)) + 1}`) };
        expect((await put(a.c, later, jpeg)).status).toBe(404);
        // Not without the XSRF header.
        expect(
          (await a.c.request('PUT', t.url, jpeg, { 'content-type': 'image/jpeg', 'x-xsrf-token': 'x' })).statusCode,
        ).toBe(419);
        // The announced type only.
        expect(invalid(await a.c.request('PUT', t.url, jpeg, { 'content-type': 'image/png' }))).toHaveProperty('file');
        expect(
          invalid(await a.c.request('PUT', t.url, Buffer.alloc(0), { 'content-type': 'image/jpeg' })),
        ).toHaveProperty('file');
        expect((await put(a.c, t, jpeg)).status).toBe(200);
        expect((await put(a.c, t, jpeg)).status).toBe(409);

        const expiring = await target(a.c);
        ctx.clock.advance(16 * 60_000);
        const expired = await put(a.c, expiring, jpeg);
        expect(expired.status).toBe(409);
        expect(await backend.storage.inner.head(`uploads/${expiring.upload_id}`)).toBeNull();
      });

      it('refuses a PUT over 10 MB', async () => {
        const { c } = await customer(ctx);
        const t = await target(c);
        const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(10 * MB)]);
        expect((await put(c, t, big)).status).toBe(413);
        expect(await backend.storage.inner.head(`uploads/${t.upload_id}`)).toBeNull();
      });
    } else {
      it('the bucket refuses a PUT of another type than the signed one', async () => {
        const { c } = await customer(ctx);
        const t = await target(c);
        expect((await put(c, t, await png(), { 'Content-Type': 'image/png' })).status).toBe(403);
        expect(await backend.storage.inner.head(`uploads/${t.upload_id}`)).toBeNull();
      });

      it('refuses an object over 10 MB put into the bucket, without reading it', async () => {
        const { c } = await customer(ctx);
        const front = await target(c, 'front.jpg');
        const back = await target(c, 'back.jpg');
        expect((await put(c, front, await jpegWithGps())).status).toBe(200);
        expect((await put(c, back, Buffer.concat([await jpegWithGps(), Buffer.alloc(11 * MB)]))).status).toBe(200);
        backend.storage.gets = [];
        const rows = await rowCounts(ctx);
        expect(invalid(await submit(c, [front.upload_id, back.upload_id]))).toEqual({
          'pages.1': ['Page 2 is larger than 10 MB.'],
        });
        expect(await rowCounts(ctx)).toEqual(rows);
        expect(backend.storage.gets).not.toContain(`uploads/${back.upload_id}`);
      });
    }
  });
}

function lower(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
