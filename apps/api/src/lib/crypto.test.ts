import { describe, expect, it } from 'vitest';
import {
  csrfBinding,
  readGuestSession,
  sha256Hex,
  signCsrfToken,
  signGuestSession,
  sixDigitCode,
  verifyCsrfToken,
} from './crypto.ts';

describe('CSRF token signing', () => {
  const key = 'k'.repeat(40);
  const binding = csrfBinding({ guestId: 'guest-1' });
  it('verifies its own tokens', () => {
    const t = signCsrfToken(key, binding);
    expect(t).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verifyCsrfToken(key, binding, t)).toBe(true);
  });
  it('refuses tampered, unsigned or foreign-key tokens', () => {
    const t = signCsrfToken(key, binding);
    const [r, mac] = t.split('.') as [string, string];
    expect(verifyCsrfToken(key, binding, `${r}x.${mac}`)).toBe(false);
    expect(verifyCsrfToken(key, binding, `${r}.${mac.slice(0, -1)}A`)).toBe(mac.endsWith('A') ? true : false);
    expect(verifyCsrfToken(key, binding, r)).toBe(false);
    expect(verifyCsrfToken(key, binding, `${r}.`)).toBe(false);
    expect(verifyCsrfToken(key, binding, '')).toBe(false);
    expect(verifyCsrfToken('other'.repeat(10), binding, t)).toBe(false);
  });
  it('binds a token to its session: another session, guest or kind refuses it', () => {
    const session = csrfBinding({ sessionToken: 'tok-a' });
    const t = signCsrfToken(key, session);
    expect(verifyCsrfToken(key, session, t)).toBe(true);
    expect(verifyCsrfToken(key, csrfBinding({ sessionToken: 'tok-b' }), t)).toBe(false);
    expect(verifyCsrfToken(key, csrfBinding({ guestId: 'tok-a' }), t)).toBe(false);
    expect(verifyCsrfToken(key, binding, t)).toBe(false);
  });
});

describe('guest sessions', () => {
  const key = 'k'.repeat(40);
  it('reads back what it signed, with the issue time', () => {
    const v = signGuestSession(key, 1_900_000_000, 'abc');
    expect(readGuestSession(key, v)).toEqual({ id: 'abc.1900000000', issuedAtSeconds: 1_900_000_000 });
    expect(readGuestSession(key, signGuestSession(key, 5))?.issuedAtSeconds).toBe(5);
  });
  it('refuses a changed id or time, another key and malformed values', () => {
    const v = signGuestSession(key, 1_900_000_000, 'abc');
    const [, , mac] = v.split('.') as [string, string, string];
    expect(readGuestSession(key, `abd.1900000000.${mac}`)).toBeUndefined();
    expect(readGuestSession(key, `abc.1900000001.${mac}`)).toBeUndefined();
    expect(readGuestSession('other'.repeat(10), v)).toBeUndefined();
    for (const bad of ['', 'abc', 'abc.1', `abc.x.${mac}`, `${v}.x`, `${v}${'a'.repeat(300)}`]) {
      expect(readGuestSession(key, bad)).toBeUndefined();
    }
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
