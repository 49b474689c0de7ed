import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
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

/** Anti-forgery token: `random.hmac(random)`, verifiable without storage. */
export function signCsrfToken(key: string, random: string = randomToken(32)): string {
  return `${random}.${hmacBase64Url(key, `csrf:${random}`)}`;
}

export function verifyCsrfToken(key: string, token: string): boolean {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot === token.length - 1) return false;
  const random = token.slice(0, dot);
  const mac = token.slice(dot + 1);
  return safeEqual(mac, hmacBase64Url(key, `csrf:${random}`));
}
