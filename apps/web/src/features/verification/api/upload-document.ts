import type { Document, LivenessStep, UploadTarget } from '@remit/contract';
import { config } from '@/config/env';
import { loadApi } from '@/lib/api-loader';
import { callEndpoint } from '@/lib/call-endpoint';
import type { UploadProgress } from '@/lib/http-client';

/**
 * The upload calls of docs/product/account-verification.md: a multipart upload through the api, a
 * direct-to-storage upload (token, PUT, JSON submit) for types with `public_upload`, and the
 * provider tokens of types with an `api`. Every call takes an AbortSignal (the screens' Cancel).
 */

/** Share of the bytes sent so far, 0 to 1. */
export type OnProgress = (fraction: number) => void;

const fractionOf = (onProgress: OnProgress | undefined) =>
  onProgress &&
  ((event: UploadProgress) => {
    if (event.total) onProgress(Math.min(1, event.loaded / event.total));
  });

interface Target {
  categoryId: number;
  typeId: number;
}

export interface MultipartUpload extends Target {
  /** In page order (front then back where the type has sides). */
  pages: { file: Blob; name: string }[];
  documentNumber?: string | undefined;
  providerToken?: string | undefined;
  livenessToken?: string | undefined;
  signal: AbortSignal;
  onProgress?: OnProgress;
}

/** POST /client/v1/document/upload as multipart (UPLOAD_FIELDS): answers the new Document. */
export async function uploadMultipart(upload: MultipartUpload): Promise<Document> {
  const { http, contract } = await loadApi();
  const fields = contract.UPLOAD_FIELDS;
  const form = new FormData();
  for (const page of upload.pages) {
    // A File keeps its own name; a Blob (a camera capture) is named here.
    if ((page.file as Partial<File>).name === page.name) form.append(fields.pages, page.file);
    else form.append(fields.pages, page.file, page.name);
  }
  if (upload.documentNumber) form.append(fields.documentNumber, upload.documentNumber);
  if (upload.providerToken) form.append(fields.providerToken, upload.providerToken);
  if (upload.livenessToken) form.append(fields.livenessToken, upload.livenessToken);
  const endpoint = contract.verificationEndpoints.uploadDocument;
  const response = await http.post<unknown>(endpoint.path, form, {
    params: endpoint.query.parse({ document_category_id: upload.categoryId, document_type_id: upload.typeId }),
    signal: upload.signal,
    onUploadProgress: fractionOf(upload.onProgress),
  });
  return endpoint.response.parse(response.data);
}

/** The origin of the api (same as the page unless VITE_API_BASE_URL says otherwise). */
function apiOrigin(): string {
  return new URL(config.apiBaseUrl || window.location.origin, window.location.href).origin;
}

/** A storage PUT that failed with this HTTP status (null: no answer). */
export class StorageUploadError extends Error {
  constructor(readonly status: number | null) {
    super(`The file could not be stored (${status ?? 'no answer'})`);
    this.name = 'StorageUploadError';
  }
}

/**
 * PUT to another origin (S3): exactly the target's headers, no cookies, no app headers; an
 * XMLHttpRequest for its upload progress.
 */
function putElsewhere(target: UploadTarget, file: Blob, signal: AbortSignal, onProgress?: OnProgress): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open(target.method, target.url);
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new StorageUploadError(xhr.status));
    };
    xhr.onerror = () => reject(new StorageUploadError(null));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onloadend = () => signal.removeEventListener('abort', abort);
    if (signal.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    xhr.send(file);
  });
}

/**
 * PUT one file into its upload target. The api's own target goes through the app's http client
 * (credentials and the anti-forgery header, as every api call); another origin gets a bare request.
 */
export async function putFile(target: UploadTarget, file: Blob, signal: AbortSignal, onProgress?: OnProgress) {
  const url = new URL(target.url, config.apiBaseUrl || window.location.href);
  if (url.origin !== apiOrigin()) return putElsewhere(target, file, signal, onProgress);
  const { http } = await loadApi();
  await http.request({
    method: target.method,
    url: target.url,
    data: file,
    headers: target.headers,
    signal,
    onUploadProgress: fractionOf(onProgress),
  });
}

export interface StoredPage {
  uploadId: string;
  /** When the target stops accepting the upload id (ms since the epoch). */
  expiresAt: number;
}

export interface StorePage extends Target {
  file: Blob;
  name: string;
  contentType: string;
  signal: AbortSignal;
  onProgress?: OnProgress;
}

/** A page of a `public_upload` type straight into storage: its upload target, then the PUT. */
export async function storePage(page: StorePage): Promise<StoredPage> {
  const answer = await callEndpoint((contract) => contract.verificationEndpoints.verificationToken, {
    params: { categoryId: page.categoryId, documentTypeId: page.typeId },
    query: { file_name: page.name.slice(0, 255), file_type: page.contentType },
  });
  if (answer.kind !== 'upload') throw new Error('Expected an upload target for a public_upload type');
  page.signal.throwIfAborted();
  await putFile(answer.upload, page.file, page.signal, page.onProgress);
  return { uploadId: answer.upload.upload_id, expiresAt: Date.parse(answer.upload.expires_at) };
}

export interface DirectSubmission extends Target {
  uploadIds: string[];
  documentNumber?: string | undefined;
  signal: AbortSignal;
}

/** POST /client/v1/document/upload as JSON (DirectUploadSubmission): the stored pages by upload id. */
export async function submitDirectUpload(submission: DirectSubmission): Promise<Document> {
  const { http, contract } = await loadApi();
  const endpoint = contract.verificationEndpoints.uploadDocument;
  const body = contract.DirectUploadSubmission.parse({
    pages: submission.uploadIds.map((upload_id) => ({ upload_id })),
    ...(submission.documentNumber ? { document_number: submission.documentNumber } : {}),
  });
  const response = await http.post<unknown>(endpoint.path, body, {
    params: endpoint.query.parse({
      document_category_id: submission.categoryId,
      document_type_id: submission.typeId,
    }),
    signal: submission.signal,
  });
  return endpoint.response.parse(response.data);
}

export interface ProviderTokens {
  providerToken: string;
  livenessToken: string;
  /** What the liveness capture asks for, in order. */
  steps: LivenessStep[];
  /** The earlier of the two tokens' expiry (ms since the epoch). */
  expiresAt: number;
}

/** The provider's session token and a liveness token, for a type with an `api` (the selfie). */
export async function fetchProviderTokens(categoryId: number, typeId: number, api: string): Promise<ProviderTokens> {
  const [session, liveness] = await Promise.all([
    callEndpoint((contract) => contract.verificationEndpoints.verificationToken, {
      params: { categoryId, documentTypeId: typeId },
      query: {},
    }),
    callEndpoint((contract) => contract.verificationEndpoints.livenessToken, { query: { api } }),
  ]);
  if (session.kind !== 'provider') throw new Error('Expected a provider token for a type with an api');
  return {
    providerToken: session.token,
    livenessToken: liveness.token,
    steps: liveness.steps,
    expiresAt: Math.min(Date.parse(session.expires_at), Date.parse(liveness.expires_at)),
  };
}
