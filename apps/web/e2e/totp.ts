import { Secret, TOTP } from 'otpauth';

/** RFC 6238 TOTP (SHA-1, 30 s steps, 6 digits) of an authenticator-app secret, for a time step offset from now. */
export function totp(secretBase32: string, stepOffset = 0, now = Date.now()): string {
  const generator = new TOTP({ secret: Secret.fromBase32(secretBase32), digits: 6, period: 30, algorithm: 'SHA1' });
  return generator.generate({ timestamp: now + stepOffset * 30_000 });
}
