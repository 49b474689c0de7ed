import {
  authEndpoints,
  verificationEndpoints,
  Document,
  type Customer,
  type DocumentCategoriesResponse,
  type DocumentCategory,
  type LivenessTokenResponse,
  type MessageBody,
  type ValidationErrorBody,
  type VerificationTokenResponse,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';
import { customerWithDocuments, documentCategories } from './verification-fixtures';

/** A part of a multipart body: a field's value, or a file's name, type and text. */
export interface FormPart {
  name: string;
  value: string;
  filename?: string;
  contentType?: string;
}

/**
 * Reads a multipart body. Needed because jsdom's XMLHttpRequest hands MSW a body that Node's own
 * `request.formData()` refuses to parse (another realm), though its bytes are right.
 */
export function parseMultipart(body: string, contentType: string | null): FormPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return [];
  return body
    .split(`--${marker}`)
    .slice(1, -1)
    .map((chunk) => {
      const content = chunk.replace(/^\r\n/, '').replace(/\r\n$/, '');
      const split = content.indexOf('\r\n\r\n');
      const head = content.slice(0, split);
      const value = content.slice(split + 4);
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
      return { name, value, ...(filename !== undefined ? { filename } : {}), ...(type ? { contentType: type } : {}) };
    });
}

/** What an upload call carried. */
export interface RecordedUpload {
  query: Record<string, string>;
  kind: 'multipart' | 'json';
  parts: FormPart[];
  json: unknown;
}

export interface RecordedPut {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface VerificationApiOptions {
  categories?: DocumentCategory[];
  customer?: Customer;
  /** Where the upload targets point: the api's own upload path (default) or another origin. */
  storage?: 'api' | 'external';
  /** Answer of the upload call instead of a new pending document. */
  uploadAnswer?: (upload: RecordedUpload) => Response | undefined;
}

export const EXTERNAL_STORAGE = 'https://storage.example.com/bucket';

/**
 * Stateful handlers of the verification calls, as the api behaves: the profile answers the
 * customer's documents, an upload adds a pending document (newest first), direct uploads go through
 * upload targets (the api's own or another origin), the selfie gets provider and liveness tokens.
 * Everything sent is recorded.
 */
export function verificationApi(options: VerificationApiOptions = {}) {
  const categories = options.categories ?? documentCategories();
  let customer = options.customer ?? customerWithDocuments();
  const uploads: RecordedUpload[] = [];
  const puts: RecordedPut[] = [];
  const tokenQueries: Record<string, string>[] = [];
  let targets = 0;
  let created = 0;

  const uploadTarget = (fileType: string) => {
    targets += 1;
    const id = `up-${targets}`;
    const url =
      options.storage === 'external'
        ? `${EXTERNAL_STORAGE}/${id}?X-Amz-Signature=abc`
        : `/client/v1/uploads/${id}?expires=9999999999&signature=sig`;
    return {
      upload_id: id,
      method: 'PUT' as const,
      url,
      headers: { 'Content-Type': fileType },
      max_bytes: 10 * 1024 * 1024,
      expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    };
  };

  const recordPut = async (request: Request) => {
    puts.push({
      url: request.url,
      headers: Object.fromEntries(request.headers.entries()),
      body: await request.text(),
    });
  };

  const handlers = [
    http.get<never, never, Customer>(authEndpoints.getProfile.path, ({ request }) => {
      logRequest(request);
      return HttpResponse.json(customer);
    }),
    http.get<never, never, DocumentCategoriesResponse>(
      verificationEndpoints.listDocumentCategories.path,
      ({ request }) => {
        logRequest(request);
        return HttpResponse.json({ document_categories: categories });
      },
    ),
    http.get<{ categoryId: string; documentTypeId: string }, never, VerificationTokenResponse | MessageBody>(
      verificationEndpoints.verificationToken.path,
      ({ request, params }) => {
        logRequest(request);
        const query = Object.fromEntries(new URL(request.url).searchParams.entries());
        tokenQueries.push({ ...query, ...params });
        const type = categories
          .find((c) => String(c.id) === params.categoryId)
          ?.document_types.find((t) => String(t.id) === params.documentTypeId);
        if (!type) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
        if (type.api) {
          return HttpResponse.json({
            kind: 'provider',
            api: type.api,
            token: 'provider-token',
            expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
          });
        }
        return HttpResponse.json({
          kind: 'upload',
          upload: uploadTarget(query.file_type ?? 'application/octet-stream'),
        });
      },
    ),
    http.get<never, never, LivenessTokenResponse>(verificationEndpoints.livenessToken.path, ({ request }) => {
      logRequest(request);
      return HttpResponse.json({
        api: new URL(request.url).searchParams.get('api') ?? 'sandbox',
        token: 'liveness-token',
        expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
        steps: ['look_straight', 'turn_left', 'smile'],
      });
    }),
    http.put(verificationEndpoints.putDirectUpload.path, async ({ request, params }) => {
      logRequest(request);
      await recordPut(request);
      return HttpResponse.json({ upload_id: String(params.uploadId), size: 1 });
    }),
    http.put(`${EXTERNAL_STORAGE}/:key`, async ({ request }) => {
      await recordPut(request);
      return new HttpResponse(null, { status: 200 });
    }),
    http.post<never, never, Document | ValidationErrorBody | MessageBody>(
      verificationEndpoints.uploadDocument.path,
      async ({ request }) => {
        logRequest(request);
        const query = Object.fromEntries(new URL(request.url).searchParams.entries());
        const contentType = request.headers.get('content-type');
        const text = await request.text();
        const upload: RecordedUpload = contentType?.startsWith('multipart/form-data')
          ? { query, kind: 'multipart', parts: parseMultipart(text, contentType), json: null }
          : { query, kind: 'json', parts: [], json: JSON.parse(text) as unknown };
        uploads.push(upload);
        const answer = options.uploadAnswer?.(upload);
        if (answer) return answer as never;
        const category = categories.find((c) => String(c.id) === query.document_category_id);
        const type = category?.document_types.find((t) => String(t.id) === query.document_type_id);
        if (!category || !type) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
        created += 1;
        const { document_types: _types, is_required: _required, ...categoryFields } = category;
        const pageCount =
          upload.kind === 'multipart'
            ? upload.parts.filter((p) => p.name === 'pages').length
            : ((upload.json as { pages: unknown[] }).pages?.length ?? 0);
        const now = new Date().toISOString();
        const document = Document.parse({
          id: `new-${created}`,
          document_category: categoryFields,
          document_type: type,
          status_code: 'pending',
          status_title: 'Pending',
          status_reason_code: null,
          status_reason: null,
          pages: Array.from({ length: pageCount }, (_, i) => ({
            id: `new-${created}-page-${i + 1}`,
            position: i + 1,
            side: type.sides?.[i] ?? null,
            content_type: 'image/jpeg',
            size: 1000,
          })),
          reviewed_at: null,
          created_at: now,
          updated_at: now,
        });
        customer = { ...customer, documents: [document, ...customer.documents] };
        return HttpResponse.json(document, { status: 201 });
      },
    ),
  ];

  return {
    handlers,
    uploads,
    puts,
    tokenQueries,
    /** Change the customer the profile answers (a review landed). */
    setCustomer(next: Customer) {
      customer = next;
    },
    customer: () => customer,
  };
}

/** Default handlers: the seeded categories (tests wanting state use server.use(...verificationApi().handlers)). */
export const verificationHandlers = [
  http.get<never, never, DocumentCategoriesResponse>(
    verificationEndpoints.listDocumentCategories.path,
    ({ request }) => {
      logRequest(request);
      return HttpResponse.json({ document_categories: documentCategories() });
    },
  ),
];
