import { describe, expect, it } from 'vitest';
import { sha256Hex, signCsrfToken, sixDigitCode, verifyCsrfToken } from './crypto.ts';

describe('CSRF token signing', () => {
  const key = 'k'.repeat(40);
  it('verifies its own tokens', () => {
    const t = signCsrfToken(key);
    expect(t).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verifyCsrfToken(key, t)).toBe(true);
  });
  it('refuses tampered, unsigned or foreign-key tokens', () => {
    const t = signCsrfToken(key);
    const [r, mac] = t.split('.') as [string, string];
    expect(verifyCsrfToken(key, `${r}x.${mac}`)).toBe(false);
    expect(verifyCsrfToken(key, `${r}.${mac.slice(0, -1)}A`)).toBe(mac.endsWith('A') ? true : false);
    expect(verifyCsrfToken(key, r)).toBe(false);
    expect(verifyCsrfToken(key, `${r}.`)).toBe(false);
    expect(verifyCsrfToken(key, '')).toBe(false);
    expect(verifyCsrfToken('other'.repeat(10), t)).toBe(false);
  });
});

describe('helpers', () => {
  it('makes six-digit codes', () => {
    for (let i = 0; i < 200; i++) expect(sixDigitCode()).toMatch(/^\d{6}$/);
  });
  it('hashes with sha256', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
