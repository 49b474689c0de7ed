/**
 * The small HTTP client under lib/http.ts: one XMLHttpRequest per call (cookies, upload progress),
 * in place of axios and its 16 KB (docs/decisions/0017-bundle-back-to-350.md). It does what the app
 * used of axios, the same way:
 *
 * - the URL is `baseURL` + `url` (an absolute `url` stays as it is), `params` in its query string
 *   (encoded as axios encodes them; undefined values left out);
 * - the default headers, then the call's; a plain object or array body goes as JSON, a FormData or
 *   Blob as it is (the browser sets its type); the anti-forgery cookie goes back as its header;
 * - a 2xx answer resolves `{ status, data }`, its body parsed as JSON when it is JSON (else the text);
 *   any other answer, no answer, a timeout or an aborted signal rejects with an HttpError, which has
 *   the answer (`response.status`, `response.data`) when there was one;
 * - hooks around every send, as axios's interceptors: `request` before it leaves, `response` after
 *   a 2xx, `error` after a failure (its promise is the call's outcome: it may send the call again).
 */

export interface UploadProgress {
  loaded: number;
  /** Unknown when the browser cannot tell the size. */
  total?: number | undefined;
}

export interface RequestConfig {
  method?: string | undefined;
  url: string;
  data?: unknown;
  params?: Record<string, unknown> | undefined;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  onUploadProgress?: ((event: UploadProgress) => void) | undefined;
}

export interface HttpResponse<T = unknown> {
  status: number;
  data: T;
  config: RequestConfig;
}

export type HttpErrorCode = 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_CANCELED';

/** A failed call: an answer other than 2xx (with `response`), or none (network, timeout, aborted). */
export class HttpError extends Error {
  /** What the app's structural checks look for (lib/api-errors.ts, lib/query-client.ts, passkeys). */
  readonly isHttpError = true;
  constructor(
    message: string,
    readonly code: HttpErrorCode,
    readonly config: RequestConfig,
    readonly response?: { status: number; data: unknown },
  ) {
    super(message);
    this.name = code === 'ERR_CANCELED' ? 'CanceledError' : 'HttpError';
  }
}

export interface ClientDefaults {
  baseURL: string;
  withCredentials: boolean;
  /** Send the `xsrfCookieName` cookie's value as the `xsrfHeaderName` header on every call. */
  withXSRFToken: boolean;
  xsrfCookieName: string;
  xsrfHeaderName: string;
  /** Milliseconds; 0 waits for ever. */
  timeout: number;
  headers: Record<string, string>;
}

export interface ClientHooks {
  request?: (config: RequestConfig) => RequestConfig;
  response?: (response: HttpResponse) => void;
  error?: (error: HttpError) => Promise<HttpResponse>;
}

/** encodeURIComponent, with the characters axios leaves readable. */
const encode = (value: string) =>
  encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');

export function buildUrl(baseURL: string, url: string, params?: Record<string, unknown>): string {
  const absolute = /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);
  let full = absolute || !baseURL ? url : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const query = Object.entries(params ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encode(key)}=${encode(value === null ? '' : String(value))}`)
    .join('&');
  if (query) {
    const hash = full.indexOf('#');
    if (hash !== -1) full = full.slice(0, hash);
    full += (full.includes('?') ? '&' : '?') + query;
  }
  return full;
}

/** A cookie's value, URI-decoded (as axios reads the anti-forgery cookie); null when absent. */
export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    const value = rest.join('=');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

const hasHeader = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

/** Bodies the browser sends as they are, recognised by their tag as axios does (any realm's Blob). */
const RAW_BODY = /^\[object (?:Blob|File|FormData|URLSearchParams|ArrayBuffer)\]$/;

/** The body as sent, JSON for a plain object or an array (with its Content-Type). */
function bodyOf(data: unknown, headers: Record<string, string>): XMLHttpRequestBodyInit | null {
  if (data === undefined || data === null) return null;
  if (typeof data === 'string' || ArrayBuffer.isView(data) || RAW_BODY.test(Object.prototype.toString.call(data))) {
    return data as XMLHttpRequestBodyInit;
  }
  if (!hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
}

/** JSON when the text is JSON, else the text itself ('' for an empty body), as axios answers. */
function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(defaults: ClientDefaults, config: RequestConfig): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const { signal } = config;
    if (signal?.aborted) {
      reject(new HttpError('canceled', 'ERR_CANCELED', config));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open((config.method ?? 'GET').toUpperCase(), buildUrl(defaults.baseURL, config.url, config.params), true);
    xhr.withCredentials = defaults.withCredentials;
    xhr.timeout = defaults.timeout;
    const headers = { ...defaults.headers, ...config.headers };
    const body = bodyOf(config.data, headers);
    if (defaults.withXSRFToken) {
      const token = readCookie(defaults.xsrfCookieName);
      if (token !== null) headers[defaults.xsrfHeaderName] = token;
    }
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const { onUploadProgress } = config;
    if (onUploadProgress && xhr.upload) {
      xhr.upload.onprogress = (event) =>
        onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    }
    // Settled here, not on the abort event, which a pending request may never fire.
    const abort = () => {
      reject(new HttpError('canceled', 'ERR_CANCELED', config));
      xhr.abort();
    };
    xhr.onload = () => {
      const response = { status: xhr.status, data: parseBody(xhr.responseText), config };
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
      else {
        const code = xhr.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST';
        reject(new HttpError(`Request failed with status code ${xhr.status}`, code, config, response));
      }
    };
    xhr.onerror = () => reject(new HttpError('Network Error', 'ERR_NETWORK', config));
    xhr.ontimeout = () => reject(new HttpError(`timeout of ${defaults.timeout}ms exceeded`, 'ECONNABORTED', config));
    xhr.onabort = () => reject(new HttpError('canceled', 'ERR_CANCELED', config));
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}

export function createHttpClient(defaults: ClientDefaults, hooks: ClientHooks = {}) {
  const request = async <T = unknown>(config: RequestConfig): Promise<HttpResponse<T>> => {
    const sent = hooks.request ? hooks.request(config) : config;
    try {
      const response = await send(defaults, sent);
      hooks.response?.(response);
      return response as HttpResponse<T>;
    } catch (error) {
      if (!(error instanceof HttpError) || !hooks.error) throw error;
      return (await hooks.error(error)) as HttpResponse<T>;
    }
  };
  type Options = Omit<RequestConfig, 'url' | 'method' | 'data'>;
  return {
    defaults,
    request,
    get: <T = unknown>(url: string, options?: Options) => request<T>({ ...options, method: 'GET', url }),
    post: <T = unknown>(url: string, data?: unknown, options?: Options) =>
      request<T>({ ...options, method: 'POST', url, data }),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
