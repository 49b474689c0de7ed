import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * TOTP as authenticator apps use it (docs/product/auth-and-sessions.md#authenticator-app): RFC 6238,
 * HMAC-SHA-1, 30-second steps, six digits, through the `otpauth` library. What stays ours: the
 * accepted window and the replay rule (a step is never accepted twice).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Accept the previous and next step too (clock drift). */
export const TOTP_WINDOW = 1;

const bytes = (buf: Uint8Array): Secret => new Secret({ buffer: Uint8Array.from(buf).buffer });

/** RFC 4648 base32, no padding. */
export function base32Encode(buf: Buffer): string {
  return bytes(buf).base32;
}

export function base32Decode(s: string): Buffer {
  return Buffer.from(Secret.fromBase32(s).bytes);
}

/** A new 160-bit secret (RFC 4226 recommends 160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** RFC 4226 HOTP, truncated to `digits` digits. */
export function hotp(
  key: Buffer,
  counter: number,
  digits = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  return HOTP.generate({ secret: bytes(key), counter, digits, algorithm: algorithm.toUpperCase() });
}

function totp(secretBase32: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

export function timeStep(at: Date, period = TOTP_PERIOD_SECONDS): number {
  return TOTP.counter({ period, timestamp: at.getTime() });
}

/** The code an authenticator app shows at `at` for a base32 secret. */
export function totpAt(secretBase32: string, at: Date): string {
  return totp(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * Check a code against the steps around `at` (±TOTP_WINDOW; the library compares in constant time).
 * Returns the matched step, or null. Steps at or before `lastUsedStep` are never accepted (replay).
 */
export function verifyTotp(secretBase32: string, code: string, at: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = timeStep(at) + delta;
  return lastUsedStep === null || step > lastUsedStep ? step : null;
}

/** The order of the key-URI parameters the api has always answered. */
const URI_PARAMS = ['secret', 'issuer', 'algorithm', 'digits', 'period'] as const;

/** otpauth:// URI for QR codes (Google Authenticator key-URI format). */
export function otpauthUrl(secretBase32: string, account: string, issuer: string): string {
  const uri = new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
  // The library writes `issuer` first; answer the parameters in the order clients have always had.
  const [base, query = ''] = uri.split('?');
  const params = new URLSearchParams(query);
  return `${base}?${new URLSearchParams(URI_PARAMS.map((k): [string, string] => [k, params.get(k) ?? ''])).toString()}`;
}
