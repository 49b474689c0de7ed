import { describe, expect, it } from 'vitest';
import { DeviceCookies } from './device-cookie.ts';

const KEY = 'test-app-key-0123456789-abcdefghijklmnop';

describe('device cookies (docs/product/auth-and-sessions.md#throttling)', () => {
  const cookies = new DeviceCookies(KEY);

  it('is valid for its account only, and names the device', () => {
    const c = cookies.issue('customer-a', undefined);
    expect(c).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(c).not.toContain('customer-a');
    const device = cookies.deviceFor(c, 'customer-a');
    expect(device).toBe(c.split('.')[0]);
    expect(cookies.deviceFor(c, 'customer-b')).toBeUndefined();
    expect(new DeviceCookies(`${KEY}x`).deviceFor(c, 'customer-a')).toBeUndefined();
  });

  it('refuses forged, altered and oversized values', () => {
    const c = cookies.issue('customer-a', undefined);
    const [nonce, mac] = c.split('.') as [string, string];
    const otherNonce = `${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}`;
    expect(cookies.deviceFor(`${otherNonce}.${mac}`, 'customer-a')).toBeUndefined();
    expect(cookies.deviceFor(`${nonce}.${mac.slice(0, -1)}`, 'customer-a')).toBeUndefined();
    expect(cookies.deviceFor(`${'x~'.repeat(600)}${c}`, 'customer-a')).toBeUndefined();
    expect(cookies.deviceFor('', 'customer-a')).toBeUndefined();
    expect(cookies.deviceFor(undefined, 'customer-a')).toBeUndefined();
  });

  it('keeps the device id across sign-ins and holds several accounts (five at most)', () => {
    const a = cookies.issue('customer-a', undefined);
    const again = cookies.issue('customer-a', a);
    expect(cookies.deviceFor(again, 'customer-a')).toBe(cookies.deviceFor(a, 'customer-a'));
    let jar = again;
    for (const id of ['b', 'c', 'd', 'e']) jar = cookies.issue(`customer-${id}`, jar);
    for (const id of ['a', 'b', 'c', 'd', 'e']) expect(cookies.deviceFor(jar, `customer-${id}`)).toBeDefined();
    jar = cookies.issue('customer-f', jar);
    expect(cookies.deviceFor(jar, 'customer-f')).toBeDefined();
    expect(cookies.deviceFor(jar, 'customer-a')).toBeUndefined(); // the oldest dropped out
  });
});
