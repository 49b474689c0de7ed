import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_REQUIRED } from '@remit/contract';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';

/**
 * Idempotency-Key rules (docs/product/money-movement.md#idempotency): the header's checks, the
 * request fingerprint and the answers to a key already in use.
 */

/** A key belongs to one customer for 24 hours. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

export const IDEMPOTENCY_KEY_MISSING =
  'The Idempotency-Key header is required: send a new random key with each new transfer, and the same key when you retry it.';
export const IDEMPOTENCY_KEY_INVALID = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was used with a different request.';
export const IDEMPOTENCY_KEY_RUNNING = 'A request with this Idempotency-Key is still being processed.';

/** The header's value as sent (a repeated header is refused like a malformed one): 400 unless usable. */
export function checkIdempotencyKey(header: string | string[] | undefined): string {
  if (header === undefined || header === '')
    throw AppError.badRequest(IDEMPOTENCY_KEY_MISSING, IDEMPOTENCY_KEY_REQUIRED);
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw AppError.badRequest(IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_REQUIRED);
  }
  return header;
}

/** JSON with object keys sorted at every level and undefined members left out. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The request's fingerprint: sha256 of its canonical JSON body. */
export const requestFingerprint = (body: unknown): string => sha256Hex(canonicalJson(body));
