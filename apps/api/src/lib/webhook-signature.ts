import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of server-to-server notices (docs/product/payments.md#signatures,
 * docs/product/money-movement.md#webhooks). The header reads like Stripe's:
 *
 *     t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=<another>...]
 *
 * Several `v1` are allowed so that a sender can sign with the new and the old secret while a secret
 * rotates, and a receiver accepts any of the secrets it knows. Other schemes (`v0=...`) are ignored.
 * A notice is refused more than five minutes away from the receiver's clock, either way.
 */

export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** Longer than any header we make with a few secrets: refused before parsing. */
const MAX_HEADER_LENGTH = 2048;
const HEX_MAC = /^[0-9a-f]{64}$/;
const TIMESTAMP = /^[0-9]{1,12}$/;

export type WebhookVerification =
  | { status: 'ok'; timestamp: number }
  /** No signature header at all. */
  | { status: 'missing' }
  /** A header that is not `t=...,v1=...` (several headers, no timestamp, no v1, bad hex...). */
  | { status: 'malformed' }
  /** Signed by a known secret, but outside the tolerance (a replay, or a clock far off). */
  | { status: 'stale'; timestamp: number }
  /** No v1 matches any known secret (forged, tampered body, unknown secret). */
  | { status: 'bad_signature' };

export type WebhookSignatureFailure = Exclude<WebhookVerification['status'], 'ok'>;

/** Why an adapter refuses a notice: its signature, or a body that is not one of its events. */
export type WebhookRefusal = WebhookSignatureFailure | 'invalid_payload';

/** What an adapter's `parseWebhook` answers: a verified event, or a typed refusal. */
export type ParsedWebhook<E> = { ok: true; event: E } | { ok: false; reason: WebhookRefusal };

type Secrets = string | readonly string[];

function secretList(secrets: Secrets): readonly string[] {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  if (list.length === 0 || list.some((s) => typeof s !== 'string' || s.length === 0)) {
    throw new Error('webhook signature: at least one non-empty secret is needed');
  }
  return list;
}

/** The hex HMAC-SHA256 of `<timestamp>.<payload>` under one secret. */
export function webhookMac(secret: string, timestampSeconds: number, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(payload).digest('hex');
}

/**
 * The signature header for a payload: one `v1` per secret, in order (during a rotation pass the
 * new secret and the old one).
 */
export function signWebhook(secrets: Secrets, payload: string | Buffer, timestampSeconds: number): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new Error('webhook signature: the timestamp is whole unix seconds');
  }
  const macs = secretList(secrets).map((s) => `v1=${webhookMac(s, timestampSeconds, payload)}`);
  return [`t=${timestampSeconds}`, ...macs].join(',');
}

/** The timestamp and the v1 signatures of a header, or null when it is not of the expected form. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  if (header.length > MAX_HEADER_LENGTH) return null;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !TIMESTAMP.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!HEX_MAC.test(value)) return null;
      signatures.push(value);
    }
  }
  if (timestamp === undefined || signatures.length === 0) return null;
  return { timestamp, signatures };
}

function sameMac(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export interface VerifyOptions {
  /** The receiver's clock, in unix seconds. */
  nowSeconds: number;
  /** Defaults to {@link WEBHOOK_TOLERANCE_SECONDS}. */
  toleranceSeconds?: number;
}

/**
 * Checks a signature header against the raw body (the bytes as received, before any JSON parsing)
 * and every secret the receiver knows. Every v1 is compared with every secret in constant time;
 * the timestamp is judged after the signature, so `stale` means a genuine but old (or future) notice.
 */
export function verifyWebhook(
  header: string | readonly string[] | undefined,
  payload: string | Buffer,
  secrets: Secrets,
  opts: VerifyOptions,
): WebhookVerification {
  const keys = secretList(secrets);
  if (header === undefined || header === '' || (Array.isArray(header) && header.length === 0)) {
    return { status: 'missing' };
  }
  if (typeof header !== 'string') return { status: 'malformed' };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { status: 'malformed' };
  const expected = keys.map((k) => webhookMac(k, parsed.timestamp, payload));
  let matched = false;
  // No early exit: the time taken does not tell which signature or secret matched.
  for (const signature of parsed.signatures) {
    for (const mac of expected) if (sameMac(signature, mac)) matched = true;
  }
  if (!matched) return { status: 'bad_signature' };
  const tolerance = opts.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (Math.abs(opts.nowSeconds - parsed.timestamp) > tolerance) return { status: 'stale', timestamp: parsed.timestamp };
  return { status: 'ok', timestamp: parsed.timestamp };
}

/** A header's value from Node/Fastify headers (lower-case names) or a plain object of any case. */
export function headerValue(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  name: string,
): string | readonly string[] | undefined {
  const wanted = name.toLowerCase();
  if (Object.hasOwn(headers, wanted)) return headers[wanted];
  for (const key of Object.keys(headers)) if (key.toLowerCase() === wanted) return headers[key];
  return undefined;
}

/**
 * The one way an adapter reads a signed notice (docs/product/payments.md#signatures): the signature
 * in `header` checked against the raw body and the adapter's secrets at `at`, the body parsed as
 * JSON, then read by the adapter (`read` answers its event, or null for a body that is not one).
 */
export function parseSignedWebhook<E>(
  rawBody: string | Buffer,
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  signatureHeader: string,
  secrets: Secrets,
  at: Date,
  read: (json: unknown) => E | null,
): ParsedWebhook<E> {
  const verified = verifyWebhook(headerValue(headers, signatureHeader), rawBody, secrets, {
    nowSeconds: unixSeconds(at),
  });
  if (verified.status !== 'ok') return { ok: false, reason: verified.status };
  let event: E | null;
  try {
    event = read(JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')));
  } catch {
    // Not JSON, or an amount the money core refuses.
    event = null;
  }
  return event === null ? { ok: false, reason: 'invalid_payload' } : { ok: true, event };
}

/** Unix seconds of a date. */
export function unixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}
