// APP_KEY (docs/product/system.md#production): the strength a production key must have, and the key
// generated once into DATA_DIR/app-key outside production.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MAKE_APP_KEY =
  "Make one with `openssl rand -base64 32` or `node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"`.";

/** Characters that 32 random bytes take at the least, as base64 without padding. */
const MIN_KEY_CHARACTERS = 43;

/**
 * Why a production APP_KEY cannot be 32 random bytes, or null (docs/product/system.md#production):
 * `is too short` or `is too weak: <why>`. The key is read as hex (64+ hex digits), base64 (optionally
 * `base64:`-prefixed, 43+ characters that decode to 32+ bytes) or, failing both, as text whose
 * alphabet is estimated from the kinds of characters it uses. Refused: under 256 bits by that
 * estimate, a short alphabet (under 3 bits of entropy per character), a repeated block, or mostly
 * runs such as "abcd" or "1111". "Too short" only for fewer characters than any written form of 32
 * random bytes (43); a key as long as a base64 one is "too weak", with the reason (issue #20).
 */
export function weakAppKeyReason(raw: string): string | null {
  const key = raw.startsWith('base64:') ? raw.slice('base64:'.length) : raw;
  const chars = [...key];
  let bitsPerChar: number;
  let alphabet: string;
  if (/^[0-9a-f]+$/i.test(key)) {
    bitsPerChar = 4;
    alphabet = 'hex digits';
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(key)) {
    bitsPerChar = 6;
    alphabet = 'base64';
  } else {
    const kinds = [
      [/[a-z]/, 26, 'lowercase letters'],
      [/[A-Z]/, 26, 'uppercase letters'],
      [/[0-9]/, 10, 'digits'],
      [/[^A-Za-z0-9]/, 33, 'symbols'],
    ] as const;
    const used = kinds.filter(([re]) => re.test(key));
    bitsPerChar = Math.log2(used.reduce((sum, [, size]) => sum + size, 0));
    alphabet = used.map(([, , name]) => name).join(', ');
  }
  const length = [...key.replace(/=+$/, '')].length;
  const bits = length * bitsPerChar;
  if (bits < 256 && length < MIN_KEY_CHARACTERS) return 'is too short';

  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  if (counts.size === 1) return 'is too weak: it is one character repeated';
  let shannon = 0;
  for (const n of counts.values()) shannon -= (n / chars.length) * Math.log2(n / chars.length);
  if (shannon < 3) return `is too weak: it uses too few different characters (${counts.size})`;

  for (let period = 1; period <= chars.length / 2; period++) {
    if (chars.every((ch, i) => i < period || ch === chars[i - period])) return 'is too weak: it is a repeated block';
  }
  let runs = 0;
  for (let i = 1; i < chars.length; i++) {
    if (Math.abs(chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!) <= 1) runs += 1;
  }
  if (runs / (chars.length - 1) > 0.5) return 'is too weak: it is mostly runs of consecutive or repeated characters';
  if (bits < 256) {
    if (bitsPerChar === 4) {
      return `is too weak: its ${length} characters are all hex digits: about ${Math.floor(bits)} bits of the 256 that 32 random bytes hold (64 hex digits)`;
    }
    return `is too weak: its ${length} characters (${alphabet}) carry about ${Math.floor(bits)} bits, under the 256 of 32 random bytes`;
  }
  return null;
}

export function loadOrCreateAppKey(dataDir: string): string {
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
