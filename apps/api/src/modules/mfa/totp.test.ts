import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, otpauthUrl, totpAt, verifyTotp } from './totp.ts';

// RFC 6238 Appendix B: SHA-1 seed "12345678901234567890", 8 digits.
const SEED = Buffer.from('12345678901234567890', 'ascii');
const vectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 SHA-1 test vectors', () => {
    for (const [t, code] of vectors) expect(hotp(SEED, Math.floor(t / 30), 8)).toBe(code);
  });

  it('matches the RFC 4226 HOTP vectors (6 digits)', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expected.forEach((code, counter) => expect(hotp(SEED, counter)).toBe(code));
  });

  it('round-trips base32 (RFC 4648 vector)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(SEED)).equals(SEED)).toBe(true);
  });

  it('accepts ±1 step, refuses older/used steps and other codes', () => {
    const secret = base32Encode(SEED);
    const at = new Date(1111111111 * 1000);
    const step = Math.floor(1111111111 / 30);
    expect(verifyTotp(secret, totpAt(secret, at), at, null)).toBe(step);
    expect(verifyTotp(secret, totpAt(secret, new Date(at.getTime() - 30_000)), at, null)).toBe(step - 1);
    expect(verifyTotp(secret, totpAt(secret, new Date(at.getTime() + 30_000)), at, null)).toBe(step + 1);
    expect(verifyTotp(secret, totpAt(secret, new Date(at.getTime() - 90_000)), at, null)).toBeNull();
    expect(verifyTotp(secret, totpAt(secret, at), at, step)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', at, null)).toBeNull();
  });

  it('builds an otpauth URI with issuer and account', () => {
    const url = otpauthUrl('JBSWY3DPEHPK3PXP', 'a+b@example.com', 'Remit');
    expect(url).toBe(
      'otpauth://totp/Remit:a%2Bb%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Remit&algorithm=SHA1&digits=6&period=30',
    );
  });
});
