// Pusher signatures: channel authorisation, user authentication and HTTP API request signing.
// Reference: https://pusher.com/docs/channels/library_auth_reference/auth-signatures/ and
// https://pusher.com/docs/channels/library_auth_reference/rest-api/#authentication
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface Credentials {
  key: string;
  secret: string;
}

export function hmacSha256Hex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function md5Hex(value: string | Buffer): string {
  return createHash('md5').update(value).digest('hex');
}

/** Constant-time string comparison (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) {
    // Compare anyway so that the time does not depend on where the strings differ.
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}

/** Checks an `auth` string "key:hexsignature" against the expected signature of `payload`. */
function verifyKeyedSignature(creds: Credentials, auth: unknown, payload: string): boolean {
  if (typeof auth !== 'string') return false;
  const colon = auth.indexOf(':');
  if (colon <= 0) return false;
  const key = auth.slice(0, colon);
  const signature = auth.slice(colon + 1).toLowerCase();
  const keyOk = safeEqual(key, creds.key);
  const sigOk = safeEqual(signature, hmacSha256Hex(creds.secret, payload));
  return keyOk && sigOk;
}

// ---------------------------------------------------------------------------------------------
// Channel authorisation: auth = key ":" HMAC(secret, socket_id ":" channel [":" channel_data])
// ---------------------------------------------------------------------------------------------

function channelPayload(socketId: string, channelName: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channelName}` : `${socketId}:${channelName}:${channelData}`;
}

export function signChannel(creds: Credentials, socketId: string, channelName: string, channelData?: string): string {
  return `${creds.key}:${hmacSha256Hex(creds.secret, channelPayload(socketId, channelName, channelData))}`;
}

export function verifyChannelAuth(
  creds: Credentials,
  socketId: string,
  channelName: string,
  auth: unknown,
  channelData?: string,
): boolean {
  return verifyKeyedSignature(creds, auth, channelPayload(socketId, channelName, channelData));
}

// ---------------------------------------------------------------------------------------------
// User authentication: auth = key ":" HMAC(secret, socket_id "::user::" user_data)
// ---------------------------------------------------------------------------------------------

export function signUser(creds: Credentials, socketId: string, userData: string): string {
  return `${creds.key}:${hmacSha256Hex(creds.secret, `${socketId}::user::${userData}`)}`;
}

export function verifyUserAuth(creds: Credentials, socketId: string, userData: string, auth: unknown): boolean {
  return verifyKeyedSignature(creds, auth, `${socketId}::user::${userData}`);
}

// ---------------------------------------------------------------------------------------------
// HTTP API: auth_signature = HMAC(secret, METHOD "\n" path "\n" sorted query without signature)
// ---------------------------------------------------------------------------------------------

export const HTTP_AUTH_VERSION = '1.0';
/** Largest accepted difference between auth_timestamp and the server clock (seconds). */
export const HTTP_TIMESTAMP_TOLERANCE_SECONDS = 600;

export type QueryParams = Record<string, string | number>;

/** The canonical query string: keys lower-cased, sorted, `k=v` joined by `&`, values as sent. */
export function canonicalQueryString(params: Record<string, string | number>): string {
  return Object.keys(params)
    .filter((k) => k.toLowerCase() !== 'auth_signature')
    .map((k) => [k.toLowerCase(), String(params[k])] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function httpSignaturePayload(method: string, path: string, params: Record<string, string | number>): string {
  return `${method.toUpperCase()}\n${path}\n${canonicalQueryString(params)}`;
}

/**
 * Signs an HTTP API request as the official server SDKs do. Returns the query parameters to
 * append to the URL (including auth_signature).
 */
export function signHttpRequest(
  creds: Credentials,
  request: { method: string; path: string; body?: string; params?: QueryParams; timestamp?: number },
): Record<string, string> {
  const params: Record<string, string> = {
    auth_key: creds.key,
    auth_timestamp: String(request.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: HTTP_AUTH_VERSION,
  };
  if (request.body !== undefined && request.body.length > 0) params.body_md5 = md5Hex(request.body);
  for (const [k, v] of Object.entries(request.params ?? {})) params[k] = String(v);
  params.auth_signature = hmacSha256Hex(creds.secret, httpSignaturePayload(request.method, request.path, params));
  return params;
}

export type HttpVerification = { ok: true } | { ok: false; status: 400 | 401; message: string };

/**
 * Verifies a signed HTTP API request. `query` is the decoded query string (as Fastify gives it),
 * `rawBody` the exact bytes received. Refuses (401) a wrong key or signature, a timestamp more
 * than 600 s away from now, a wrong auth_version, or a body whose MD5 differs from body_md5.
 */
export function verifyHttpRequest(
  creds: Credentials,
  request: {
    method: string;
    path: string;
    query: Record<string, unknown>;
    rawBody?: string | Buffer;
    nowSeconds?: number;
    toleranceSeconds?: number;
  },
): HttpVerification {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.query)) {
    if (typeof v !== 'string') {
      return { ok: false, status: 400, message: `Query parameter ${k} must be given once.` };
    }
    params[k] = v;
  }
  const {
    auth_key: authKey,
    auth_timestamp: authTimestamp,
    auth_version: authVersion,
    auth_signature: signature,
  } = params;
  if (authKey === undefined || authTimestamp === undefined || authVersion === undefined || signature === undefined) {
    return { ok: false, status: 401, message: 'Missing auth_key, auth_timestamp, auth_version or auth_signature.' };
  }
  if (!safeEqual(authKey, creds.key)) return { ok: false, status: 401, message: 'Unknown auth_key.' };
  if (authVersion !== HTTP_AUTH_VERSION) {
    return { ok: false, status: 401, message: `Unsupported auth_version (expected ${HTTP_AUTH_VERSION}).` };
  }
  if (!/^\d{1,12}$/.test(authTimestamp)) return { ok: false, status: 401, message: 'Invalid auth_timestamp.' };
  const now = request.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = request.toleranceSeconds ?? HTTP_TIMESTAMP_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(authTimestamp)) > tolerance) {
    return {
      ok: false,
      status: 401,
      message: `Timestamp expired: given ${authTimestamp}, now ${now}, tolerance ${tolerance} s.`,
    };
  }
  const body = request.rawBody;
  const hasBody = body !== undefined && body.length > 0;
  if (hasBody) {
    if (params.body_md5 === undefined) return { ok: false, status: 401, message: 'Missing body_md5.' };
    if (!safeEqual(params.body_md5.toLowerCase(), md5Hex(body))) {
      return { ok: false, status: 401, message: 'body_md5 does not match the body.' };
    }
  }
  const expected = hmacSha256Hex(creds.secret, httpSignaturePayload(request.method, request.path, params));
  if (!safeEqual(signature.toLowerCase(), expected)) {
    return { ok: false, status: 401, message: 'Invalid signature.' };
  }
  return { ok: true };
}
