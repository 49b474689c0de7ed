import { authEndpoints, securityEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, STRONG_PASSWORD, codeFrom, uniqueEmail, useTestApp } from '../helpers.ts';
import { lastMailTo, verifiedCustomer } from '../security/helpers.ts';

/**
 * The anti-forgery token rotates with the session: sign-up, sign-in, MFA completion and sign-out
 * (docs/product/auth-and-sessions.md#csrf). A token from before the change is refused.
 */
const ctx = useTestApp();

function setCookie(res: { cookies: Array<{ name: string; value: string; maxAge?: number }> }, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** A POST with this client's session cookies but an older token as both the XSRF cookie and the header. */
async function withOldToken(c: Client, url: string, token: string, body?: unknown) {
  const current = c.cookies.get('XSRF-TOKEN');
  c.cookies.set('XSRF-TOKEN', token);
  try {
    return await c.request('POST', url, body);
  } finally {
    if (current === undefined) c.cookies.delete('XSRF-TOKEN');
    else c.cookies.set('XSRF-TOKEN', current);
  }
}

describe('rotation of the anti-forgery token', () => {
  it('sign-in: the guest token is refused afterwards; the sign-in answer carried a new one that works', async () => {
    const email = uniqueEmail('in');
    await new Client(ctx.app).signUp(email);
    const c = new Client(ctx.app);
    await c.csrf();
    const before = c.cookies.get('XSRF-TOKEN')!;
    const res = await c.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = setCookie(res, 'XSRF-TOKEN');
    expect(fresh?.value).toBeTruthy();
    expect(fresh!.value).not.toBe(before);
    expect(fresh!.maxAge).toBe(ctx.config.session.absoluteHours * 3600);
    // the guest session ends with it
    expect(setCookie(res, 'remit_guest')?.value).toBe('');
    expect(c.cookies.has('remit_guest')).toBe(false);

    const stale = await withOldToken(c, securityEndpoints.resendEmailVerification.path, before);
    expect(stale.statusCode).toBe(419);
    const ok = await c.post(securityEndpoints.resendEmailVerification.path);
    expect(ok.statusCode, ok.body).not.toBe(419);
  });

  it('sign-up: the answer carries a token of the new session; the guest token is refused', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const before = c.cookies.get('XSRF-TOKEN')!;
    const password = STRONG_PASSWORD;
    const res = await c.post(authEndpoints.signUp.path, {
      email: uniqueEmail('up'),
      password,
      confirm_password: password,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(setCookie(res, 'XSRF-TOKEN')!.value).not.toBe(before);
    expect((await withOldToken(c, authEndpoints.signOut.path, before)).statusCode).toBe(419);
    expect((await c.profile()).statusCode).toBe(200);
    expect((await c.post(authEndpoints.signOut.path)).statusCode).toBe(204);
  });

  it('MFA completion: the token of the pending session is refused afterwards', async () => {
    const { email } = await verifiedCustomer(ctx, uniqueEmail('mfa'));
    const c = new Client(ctx.app);
    await c.signIn(email);
    const pendingToken = c.cookies.get('XSRF-TOKEN')!;
    const code = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
    const res = await c.post(securityEndpoints.completeMfa.path, { otp: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(setCookie(res, 'XSRF-TOKEN')!.value).not.toBe(pendingToken);
    expect((await withOldToken(c, authEndpoints.signOut.path, pendingToken)).statusCode).toBe(419);
    expect((await c.post(authEndpoints.signOut.path)).statusCode).toBe(204);
  });

  it('sign-out: starts a fresh guest session, so sign-in works without another csrf-cookie call', async () => {
    const email = uniqueEmail('out');
    const c = new Client(ctx.app);
    await c.signUp(email);
    const signedInToken = c.cookies.get('XSRF-TOKEN')!;
    const out = await c.post(authEndpoints.signOut.path);
    expect(out.statusCode).toBe(204);
    expect(setCookie(out, 'remit_guest')?.value).toBeTruthy();
    expect(setCookie(out, 'XSRF-TOKEN')!.value).not.toBe(signedInToken);
    expect(c.cookies.has('remit_session')).toBe(false);
    // the signed-in token is worth nothing with the guest session
    expect((await withOldToken(c, authEndpoints.signOut.path, signedInToken)).statusCode).toBe(419);
    const res = await c.post(authEndpoints.signIn.path, { email, password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('change password: the session ends and a guest session takes over', async () => {
    const c = new Client(ctx.app);
    await c.signUp(uniqueEmail('pw'));
    const NEW = 'Another-Strong-Pass-77';
    const res = await c.post(securityEndpoints.changePassword.path, {
      current_password: STRONG_PASSWORD,
      password: NEW,
      confirm_password: NEW,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(c.cookies.has('remit_session')).toBe(false);
    expect(c.cookies.has('remit_guest')).toBe(true);
    expect((await c.post('/client/v1/forgot-password', { email: 'x@example.com' })).statusCode).toBe(200);
  });
});
