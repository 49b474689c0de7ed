import multipart from '@fastify/multipart';
import {
  DirectUploadSubmission,
  DocumentPageParams,
  DOCUMENT_PAGE_PATH,
  UPLOAD_FIELDS,
  verificationEndpoints as e,
} from '@remit/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { contractRoutes } from '../../lib/contract-route.ts';
import { MAX_PAGE_BYTES } from '../../db/seeds/documents.ts';
import type { IncomingPage, UploadInput } from './upload-pipeline.ts';

/** At most this many pages in one upload (the largest type allows 4; the schema caps at 10). */
const MAX_FILES = 10;

/**
 * Account verification (docs/product/account-verification.md): document categories, upload
 * (multipart through the api, or JSON naming direct uploads), the token calls, the api's own upload
 * target and the owner-only page previews.
 */
export default async function documentsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app, { tags: ['account verification'] });
  const { documents } = app.services;

  await app.register(multipart, {
    limits: { fileSize: MAX_PAGE_BYTES, files: MAX_FILES, fields: 8, fieldSize: 4096, parts: MAX_FILES + 8 },
    throwFileSizeLimit: false,
  });

  route(e.listDocumentCategories, { access: 'session', cacheControl: 'no-store' }, (req) => ({
    document_categories: documents.categories(req.auth),
  }));

  route(e.uploadDocument, { access: 'session', accessHook: 'preValidation' }, async (req) => {
    // Admitted (known type, within the hourly limit, nothing open in the category) before the
    // body is read: a refused upload costs no memory.
    const admission = await documents.admitUpload(req.auth, req.query, req.clientInfo().locale);
    const input = req.isMultipart() ? await readMultipart(req) : readDirect(req.body);
    return documents.upload(req.auth, admission, input);
  });

  route(e.verificationToken, { access: 'session', cacheControl: 'no-store', compress: false }, (req) =>
    documents.verificationToken(req.auth, req.params, req.query, req.clientInfo().locale),
  );

  route(e.livenessToken, { access: 'session', cacheControl: 'no-store', compress: false }, (req) =>
    documents.livenessToken(req.auth, req.query.api, req.clientInfo().locale),
  );

  // The api's own upload target: the raw body is the file, whatever its declared type.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PAGE_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    contractRoutes(raw, { tags: ['account verification'] })(
      e.putDirectUpload,
      { access: 'session', accessHook: 'onRequest' },
      (req) =>
        documents.receiveDirectUpload(
          req.auth,
          req.params.uploadId,
          req.query,
          Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          req.headers['content-type'],
        ),
    );
  });

  app.get(
    DOCUMENT_PAGE_PATH,
    {
      schema: { params: DocumentPageParams, tags: ['account verification'], summary: 'A page of my document' },
      preHandler: app.requireSession,
    },
    async (req, reply) => {
      const params = req.params as { documentId: string; pageId: string };
      const page = await documents.page(req.auth!, params.documentId, params.pageId);
      return reply
        .header('content-type', page.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(page.body);
    },
  );
}

/** The multipart form: `pages` files in order, plus the text fields of UPLOAD_FIELDS. */
async function readMultipart(req: FastifyRequest): Promise<UploadInput> {
  const pages: IncomingPage[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== UPLOAD_FIELDS.pages && part.fieldname !== `${UPLOAD_FIELDS.pages}[]`) {
          part.file.resume();
          throw AppError.validation({ [part.fieldname.slice(0, 40)]: ['Unexpected file field.'] });
        }
        const body = await part.toBuffer();
        pages.push(
          part.file.truncated ? { fileName: part.filename, tooLarge: true } : { fileName: part.filename, body },
        );
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw AppError.validation({ pages: [`Upload at most ${MAX_FILES} pages.`] });
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw AppError.validation({ pages: ['The upload form could not be read.'] });
    }
    // A form cut off mid-stream or malformed (the parser's own errors carry no status): nothing was
    // stored, and it is the request's fault, not the server's.
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw Object.assign(new Error('The upload form could not be read.'), {
      statusCode: 400,
      code: 'FST_MULTIPART_MALFORMED',
    });
  }
  return {
    kind: 'files',
    pages,
    documentNumber: fields[UPLOAD_FIELDS.documentNumber],
    providerToken: fields[UPLOAD_FIELDS.providerToken],
    livenessToken: fields[UPLOAD_FIELDS.livenessToken],
  };
}

function readDirect(body: unknown): UploadInput {
  const parsed = DirectUploadSubmission.safeParse(body ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.length ? issue.path.join('.') : 'pages';
      (errors[key] ??= []).push(
        issue.path[0] === 'pages' && issue.code === 'too_small' ? 'Add at least one page.' : issue.message,
      );
    }
    throw AppError.validation(errors);
  }
  return { kind: 'direct', submission: parsed.data };
}
