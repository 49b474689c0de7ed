import { authEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, useTestApp } from '../helpers.ts';

/** Behind https (APP_URL): Secure cookies, and only the https origin is the app's own (#csrf). */
const ctx = useTestApp({ env: { APP_URL: 'https://remit.example' } });

describe('anti-forgery behind https', () => {
  it('marks the guest session and the token Secure', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: authEndpoints.csrfCookie.path });
    expect(res.cookies.find((c) => c.name === 'remit_guest')?.secure).toBe(true);
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
  });

  it("accepts APP_URL's origin and refuses the same host over http or another port", async () => {
    for (const [origin, status] of [
      ['https://remit.example', 204],
      ['https://remit.example:443', 204],
      ['http://remit.example', 419],
      ['https://remit.example:8443', 419],
      ['https://sub.remit.example', 419],
    ] as const) {
      const c = new Client(ctx.app);
      await c.csrf();
      const res = await c.post(authEndpoints.signOut.path, undefined, { origin, host: 'api.internal:8080' });
      expect(res.statusCode, origin).toBe(status);
    }
  });
});
