import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * One-shot digest (`crypto.hash`, Node >= 20.12): no Hash object per call. Every signed-in request
 * hashes its session token here (docs/benchmarks.md, the signed-in budget).
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

export function hmacBase64Url(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** A six-digit one-time code, uniformly random, zero-padded. */
export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Anti-forgery token bound to one session (docs/product/auth-and-sessions.md#csrf):
 * `random.hmac(APP_KEY, 'csrf:' + binding + ':' + random)`, verifiable without storage. `binding`
 * names the session the token belongs to (see csrfBinding); a token never verifies for another one.
 */
export function signCsrfToken(key: string, binding: string, random: string = randomToken(32)): string {
  return `${random}.${hmacBase64Url(key, `csrf:${binding}:${random}`)}`;
}

/** Longer than any token we make (43 + 1 + 43): refused before hashing. */
const MAX_TOKEN_LENGTH = 256;

export function verifyCsrfToken(key: string, binding: string, token: string): boolean {
  if (token.length > MAX_TOKEN_LENGTH) return false;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot === token.length - 1) return false;
  const random = token.slice(0, dot);
  const mac = token.slice(dot + 1);
  return safeEqual(mac, hmacBase64Url(key, `csrf:${binding}:${random}`));
}

/**
 * What an anti-forgery token is bound to: a session cookie (by its sha256, the form the database
 * keeps) or a guest session (its signed id). The prefixes keep the two apart.
 */
export function csrfBinding(session: { sessionToken: string } | { guestId: string }): string {
  return 'sessionToken' in session ? `session:${sha256Hex(session.sessionToken)}` : `guest:${session.guestId}`;
}

/**
 * A guest session (docs/product/auth-and-sessions.md#csrf): `id.issuedAtSeconds.hmac`, kept only in
 * its cookie (no storage, so an anonymous visit costs nothing).
 */
export function signGuestSession(key: string, issuedAtSeconds: number, id: string = randomToken(32)): string {
  const body = `${id}.${issuedAtSeconds}`;
  return `${body}.${hmacBase64Url(key, `guest:${body}`)}`;
}

/** The guest session of a cookie value if it carries our HMAC; its age is for the caller to judge. */
export function readGuestSession(key: string, value: string): { id: string; issuedAtSeconds: number } | undefined {
  if (value.length > MAX_TOKEN_LENGTH) return undefined;
  const m = /^([\w-]{1,64})\.(\d{1,12})\.([\w-]{1,64})$/.exec(value);
  if (!m) return undefined;
  const [, id, issuedAt, mac] = m as unknown as [string, string, string, string];
  if (!safeEqual(mac, hmacBase64Url(key, `guest:${id}.${issuedAt}`))) return undefined;
  return { id: `${id}.${issuedAt}`, issuedAtSeconds: Number(issuedAt) };
}
