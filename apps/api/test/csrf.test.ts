import { authEndpoints, MessageBody } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, useTestApp } from './helpers.ts';

const ctx = useTestApp();

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 and sets a readable, signed XSRF-TOKEN cookie without touching the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: authEndpoints.csrfCookie.path });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBeFalsy();
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(res.cookies.find((c) => c.name === 'remit_session')).toBeUndefined();
    const sessions = await ctx.db.selectFrom('sessions').select('id').execute();
    expect(sessions).toHaveLength(0);
  });
});

describe('CSRF protection (419)', () => {
  const body = { email: 'a@example.com', password: 'x', confirm_password: 'x' };

  it('refuses a POST without the header', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const res = await c.post(authEndpoints.signUp.path, body, { 'x-xsrf-token': '' });
    expect(res.statusCode).toBe(419);
    expect(MessageBody.parse(res.json())).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('refuses a POST with neither cookie nor header', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: authEndpoints.signOut.path });
    expect(res.statusCode).toBe(419);
    expect(MessageBody.parse(res.json()).message).toBe('CSRF token mismatch.');
  });

  it('refuses a header that does not match the cookie', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const other = new Client(ctx.app);
    await other.csrf();
    const res = await c.post(authEndpoints.signUp.path, body, { 'x-xsrf-token': other.cookies.get('XSRF-TOKEN')! });
    expect(res.statusCode).toBe(419);
  });

  it('refuses a forged token the client made up (cookie and header equal but unsigned)', async () => {
    for (const forged of ['forged', 'abc.def', 'a'.repeat(43) + '.' + 'b'.repeat(43)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: authEndpoints.signOut.path,
        headers: { cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged },
      });
      expect(res.statusCode).toBe(419);
    }
  });

  it('accepts the matching signed token, also when percent-encoded', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const token = c.cookies.get('XSRF-TOKEN')!;
    const res = await c.post(authEndpoints.signOut.path, undefined, {
      'x-xsrf-token': encodeURIComponent(token).replace(/-/g, '%2D'),
    });
    expect(res.statusCode).toBe(204);
  });

  it('does not apply to safe methods', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: authEndpoints.getPasswordPolicy.path });
    expect(res.statusCode).toBe(200);
  });
});
