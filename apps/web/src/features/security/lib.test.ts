import { describe, expect, it } from 'vitest';
import { buildCustomer } from '@/testing/fixtures';
import { decodeResetToken, homeRouteFor, maskEmail } from './lib';

const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('decodeResetToken', () => {
  it('decodes base64url without padding', () => {
    expect(decodeResetToken(b64url('abc1'))).toBe('abc1'); // YWJjMQ
    expect(decodeResetToken('YWJjMQ')).toBe('abc1');
  });

  it('decodes plain base64 with padding', () => {
    expect(decodeResetToken('YWJjMQ==')).toBe('abc1');
    expect(decodeResetToken(encodeURIComponent('YWJjMQ=='))).toBe('abc1');
  });

  it('handles url-safe characters', () => {
    const token = 'ab?>~~?>x'; // base64 contains + and /
    const standard = btoa(token);
    expect(standard).toMatch(/[+/]/);
    expect(decodeResetToken(b64url(token))).toBe(token);
    expect(decodeResetToken(standard)).toBe(token);
  });

  it('decodes a realistic 64-hex token', () => {
    const token = 'f'.repeat(20) + '0123456789abcdef'.repeat(2) + 'a'.repeat(12);
    expect(decodeResetToken(b64url(token))).toBe(token);
  });

  it('refuses garbage', () => {
    expect(decodeResetToken(undefined)).toBeNull();
    expect(decodeResetToken('')).toBeNull();
    expect(decodeResetToken('not base64!')).toBeNull();
    expect(decodeResetToken('a')).toBeNull();
    expect(decodeResetToken('%E0%A4%A')).toBeNull();
    expect(decodeResetToken(btoa('\u0000\u0001\u0002'))).toBeNull();
    expect(decodeResetToken('/w')).toBeNull(); // 0xff: not UTF-8
  });
});

describe('helpers', () => {
  it('masks the email', () => {
    expect(maskEmail('jane@example.com')).toBe('j•••@example.com');
  });

  it('sends an incomplete customer to onboarding', () => {
    expect(homeRouteFor(buildCustomer())).toBe('/workflow/onboarding');
  });
});
