import { authEndpoints, MessageBody } from '@remit/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Client, uniqueEmail, useTestApp } from './helpers.ts';

const ctx = useTestApp();

/** Rows in every table of the database (to prove a guest session writes none). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(ctx.db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const r = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(name)}`.execute(ctx.db);
    counts[name] = Number(r.rows[0]!.n);
  }
  return counts;
}

/** A POST carrying exactly these cookies and this X-XSRF-TOKEN (no jar, no forwarding). */
function postWith(url: string, cookies: Record<string, string | undefined>, token: string | undefined, extra = {}) {
  const cookie = Object.entries(cookies)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      accept: 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(token !== undefined ? { 'x-xsrf-token': decodeURIComponent(token) } : {}),
      ...extra,
    },
  });
}

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

describe('the guest session (docs/product/auth-and-sessions.md#csrf)', () => {
  it('csrf-cookie starts a guest session: an HttpOnly, Lax, signed cookie that expires, and no row anywhere', async () => {
    const before = await rowCounts();
    const res = await ctx.app.inject({ method: 'GET', url: authEndpoints.csrfCookie.path });
    expect(res.statusCode).toBe(204);
    const guest = res.cookies.find((c) => c.name === 'remit_guest');
    expect(guest).toBeDefined();
    expect(guest!.httpOnly).toBe(true);
    expect(guest!.sameSite).toBe('Lax');
    expect(guest!.path).toBe('/');
    expect(guest!.maxAge).toBe(2 * 60 * 60);
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(xsrf.maxAge).toBe(2 * 60 * 60);
    // a crawler calling it over and over costs nothing
    for (let i = 0; i < 20; i++) await ctx.app.inject({ method: 'GET', url: authEndpoints.csrfCookie.path });
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps a valid guest session (the token stays good) and works for signed-out calls', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const guest = c.cookies.get('remit_guest');
    const token = c.cookies.get('XSRF-TOKEN');
    await c.csrf();
    expect(c.cookies.get('remit_guest')).toBe(guest);
    expect(
      (await postWith(authEndpoints.signOut.path, { remit_guest: guest, 'XSRF-TOKEN': token }, token)).statusCode,
    ).toBe(204);
    const forgot = await c.post('/client/v1/forgot-password', { email: 'nobody@example.com' });
    expect(forgot.statusCode, forgot.body).toBe(200);
  });

  it("refuses one guest's token with another guest's cookie", async () => {
    const a = new Client(ctx.app);
    await a.csrf();
    const b = new Client(ctx.app);
    await b.csrf();
    const aToken = a.cookies.get('XSRF-TOKEN')!;
    // B's guest cookie, A's token as both the XSRF cookie and the header (what a forger would plant)
    const res = await postWith(
      authEndpoints.signOut.path,
      { remit_guest: b.cookies.get('remit_guest'), 'XSRF-TOKEN': aToken },
      aToken,
    );
    expect(res.statusCode).toBe(419);
    expect(MessageBody.parse(res.json())).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('refuses a token without any session, a made-up token, and a tampered guest cookie', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const token = c.cookies.get('XSRF-TOKEN')!;
    const guest = c.cookies.get('remit_guest')!;
    expect((await postWith(authEndpoints.signOut.path, { 'XSRF-TOKEN': token }, token)).statusCode).toBe(419);
    const madeUp = 'a'.repeat(43) + '.' + 'b'.repeat(43);
    const res = await postWith(authEndpoints.signOut.path, { remit_guest: guest, 'XSRF-TOKEN': madeUp }, madeUp);
    expect(res.statusCode).toBe(419);
    const [id, iat, mac] = guest.split('.') as [string, string, string];
    for (const forged of [`${id}.${Number(iat) + 3600}.${mac}`, `${id.slice(1)}x.${iat}.${mac}`, `${id}.${iat}`, 'x']) {
      const forgedRes = await postWith(authEndpoints.signOut.path, { remit_guest: forged, 'XSRF-TOKEN': token }, token);
      expect(forgedRes.statusCode, forged).toBe(419);
    }
    // the same token with its own guest session passes
    const own = await postWith(authEndpoints.signOut.path, { remit_guest: guest, 'XSRF-TOKEN': token }, token);
    expect(own.statusCode).toBe(204);
  });

  it('refuses the token once its guest session has expired; a new csrf-cookie call starts a new one', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const stale = c.cookies.get('XSRF-TOKEN');
    ctx.clock.advance(2 * 60 * 60 * 1000 + 1000);
    const res = await c.post(authEndpoints.signOut.path);
    expect(res.statusCode).toBe(419);
    await c.csrf();
    expect(c.cookies.get('XSRF-TOKEN')).not.toBe(stale);
    expect((await c.post(authEndpoints.signOut.path)).statusCode).toBe(204);
  });

  it('renews a guest session past half its life, so a token fetched just before a form is sent stays good', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const first = c.cookies.get('remit_guest');
    ctx.clock.advance(61 * 60 * 1000);
    await c.csrf();
    expect(c.cookies.get('remit_guest')).not.toBe(first);
    ctx.clock.advance(61 * 60 * 1000);
    expect((await c.post(authEndpoints.signOut.path)).statusCode).toBe(204);
  });
});

describe('the token belongs to its session', () => {
  it("refuses session A's token with session B's cookie (and B's own works)", async () => {
    const a = new Client(ctx.app);
    await a.signUp(uniqueEmail('a'));
    const b = new Client(ctx.app);
    await b.signUp(uniqueEmail('b'));
    const aToken = a.cookies.get('XSRF-TOKEN')!;
    const bSession = b.cookies.get('remit_session');
    const forged = await postWith(
      authEndpoints.signOut.path,
      { remit_session: bSession, 'XSRF-TOKEN': aToken },
      aToken,
    );
    expect(forged.statusCode).toBe(419);
    expect((await b.profile()).statusCode).toBe(200); // B is still signed in
    expect((await b.post(authEndpoints.signOut.path)).statusCode).toBe(204);
  });

  it('csrf-cookie with a session cookie answers that session’s token and starts no guest session', async () => {
    const c = new Client(ctx.app);
    await c.signUp(uniqueEmail('s'));
    const res = await c.get(authEndpoints.csrfCookie.path);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((x) => x.name === 'remit_guest')).toBeUndefined();
    expect(c.cookies.has('remit_guest')).toBe(false);
    const xsrf = res.cookies.find((x) => x.name === 'XSRF-TOKEN')!;
    expect(xsrf.maxAge).toBe(ctx.config.session.absoluteHours * 3600);
    expect((await c.post(authEndpoints.signOut.path)).statusCode).toBe(204);
  });
});

describe('Origin and Referer (docs/product/auth-and-sessions.md#csrf)', () => {
  async function guest() {
    const c = new Client(ctx.app);
    await c.csrf();
    return c;
  }

  it('refuses an unsafe request from another origin even with a good token', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost:8080.evil.example',
      'https://localhost:8080',
      'http://localhost:8081',
      'not a url',
    ]) {
      const c = await guest();
      const res = await c.post(authEndpoints.signOut.path, undefined, { origin });
      expect(res.statusCode, origin).toBe(419);
      expect(MessageBody.parse(res.json())).toEqual({ message: 'CSRF token mismatch.' });
    }
  });

  it("accepts the app's own origin (APP_URL) and the request's own host (a dev proxy)", async () => {
    expect(new URL(ctx.config.appUrl).origin).toBe('http://localhost:8080');
    let c = await guest();
    expect((await c.post(authEndpoints.signOut.path, undefined, { origin: 'http://localhost:8080' })).statusCode).toBe(
      204,
    );
    c = await guest();
    const viaProxy = await c.post(authEndpoints.signOut.path, undefined, {
      host: 'localhost:5173',
      origin: 'http://localhost:5173',
    });
    expect(viaProxy.statusCode).toBe(204);
  });

  it('without Origin, refuses a Referer of another site and accepts one of this app', async () => {
    let c = await guest();
    const evil = await c.post(authEndpoints.signOut.path, undefined, { referer: 'https://evil.example/page' });
    expect(evil.statusCode).toBe(419);
    c = await guest();
    const own = await c.post(authEndpoints.signOut.path, undefined, { referer: 'http://localhost:8080/settings' });
    expect(own.statusCode).toBe(204);
  });

  it('does not look at Origin on safe methods', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: authEndpoints.getPasswordPolicy.path,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
