import { authEndpoints, MFA_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED, securityEndpoints } from '@remit/contract';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import { http, registerNavigate } from './http';
import { progressActiveCount } from './progress';
import { setSocketIdSource } from './socket-id';

afterEach(() => registerNavigate(null));

describe('http client (global setup of docs/product/api.md)', () => {
  it('has the global defaults', () => {
    expect(http.defaults.baseURL).toBe('');
    expect(http.defaults.withCredentials).toBe(true);
    expect(http.defaults.withXSRFToken).toBe(true);
    expect(http.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(http.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(http.defaults.timeout).toBe(0);
    expect(http.defaults.headers.Accept).toBe('application/json');
    expect(http.defaults.headers['ngrok-skip-browser-warning']).toBeTruthy();
  });

  it('sends the Accept and tunnel headers and forwards the XSRF-TOKEN cookie as X-XSRF-TOKEN', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    let seen: Headers | undefined;
    server.use(
      mswHttp.post(authEndpoints.signOut.path, ({ request }) => {
        seen = request.headers;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await http.post(authEndpoints.signOut.path);
    expect(seen?.get('accept')).toBe('application/json');
    expect(seen?.get('ngrok-skip-browser-warning')).toBeTruthy();
    expect(seen?.get('x-xsrf-token')).toBe('abc=123');
  });

  it("sends this tab's realtime socket id as X-Socket-ID once connected, and nothing before", async () => {
    const seen: (string | null)[] = [];
    server.use(
      mswHttp.post(authEndpoints.signOut.path, ({ request }) => {
        seen.push(request.headers.get('x-socket-id'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await http.post(authEndpoints.signOut.path);
    setSocketIdSource(() => '1234.5678');
    try {
      await http.post(authEndpoints.signOut.path);
    } finally {
      setSocketIdSource(null);
    }
    expect(seen).toEqual([null, '1234.5678']);
  });

  it('on 401 stops the progress bar, navigates to signIn and still rejects', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    window.history.pushState({}, '', '/dashboard');
    let during = -1;
    server.use(
      mswHttp.get(authEndpoints.getProfile.path, () => {
        during = progressActiveCount();
        return HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
      }),
    );
    const request = http.get(authEndpoints.getProfile.path);
    await expect(request).rejects.toMatchObject({ response: { status: 401 } });
    expect(during).toBe(1);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(progressActiveCount()).toBe(0);
    window.history.pushState({}, '', '/');
  });

  it('on 401 while already on sign-in stays there, keeping the referer notice', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    window.history.pushState({}, '', '/?referer=change-password');
    server.use(
      mswHttp.get(authEndpoints.getProfile.path, () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    await expect(http.get(authEndpoints.getProfile.path)).rejects.toMatchObject({ response: { status: 401 } });
    expect(navigate).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });

  it('does not navigate on other errors and balances the progress counter', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    const seen: number[] = [];
    server.use(
      mswHttp.post(authEndpoints.signIn.path, async () => {
        await delay(20);
        seen.push(progressActiveCount());
        return HttpResponse.json({ message: 'Too many attempts.' }, { status: 429 });
      }),
      mswHttp.get(authEndpoints.getPasswordPolicy.path, async () => {
        await delay(20);
        seen.push(progressActiveCount());
        return HttpResponse.json({}, { status: 200 });
      }),
    );
    const a = http.post(authEndpoints.signIn.path, {});
    const b = http.get(authEndpoints.getPasswordPolicy.path);
    await Promise.all([expect(a).rejects.toMatchObject({ response: { status: 429 } }), b]);
    expect(Math.max(...seen)).toBe(2);
    expect(progressActiveCount()).toBe(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 419 fetches the current session’s token and sends the request once more, with it', async () => {
    document.cookie = 'XSRF-TOKEN=old-session; path=/';
    const seen: string[] = [];
    server.use(
      mswHttp.get(authEndpoints.csrfCookie.path, () => {
        seen.push('GET csrf-cookie');
        return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=this-session; Path=/' } });
      }),
      mswHttp.post(securityEndpoints.forgotPassword.path, async ({ request }) => {
        const token = request.headers.get('x-xsrf-token');
        seen.push(`POST ${token} ${JSON.stringify(await request.json())}`);
        return token === 'this-session'
          ? HttpResponse.json({ message: 'sent' })
          : HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 });
      }),
    );
    const res = await http.post(securityEndpoints.forgotPassword.path, { email: 'a@example.com' });
    expect(res.data).toEqual({ message: 'sent' });
    expect(seen).toEqual([
      'POST old-session {"email":"a@example.com"}',
      'GET csrf-cookie',
      'POST this-session {"email":"a@example.com"}',
    ]);
    expect(progressActiveCount()).toBe(0);
  });

  it('sends a request again after 419 only once', async () => {
    let posts = 0;
    let csrf = 0;
    server.use(
      mswHttp.get(authEndpoints.csrfCookie.path, () => {
        csrf += 1;
        return new HttpResponse(null, { status: 204 });
      }),
      mswHttp.post(authEndpoints.signOut.path, () => {
        posts += 1;
        return HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 });
      }),
    );
    await expect(http.post(authEndpoints.signOut.path)).rejects.toMatchObject({ response: { status: 419 } });
    expect([posts, csrf]).toEqual([2, 1]);
    expect(progressActiveCount()).toBe(0);
  });

  it('on 403 mfa_required navigates to multiFactorAuth and still rejects', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    server.use(
      mswHttp.get(authEndpoints.getProfile.path, () =>
        HttpResponse.json({ message: 'Multi-factor authentication required.', code: MFA_REQUIRED }, { status: 403 }),
      ),
    );
    await expect(http.get(authEndpoints.getProfile.path)).rejects.toMatchObject({ response: { status: 403 } });
    expect(navigate).toHaveBeenCalledWith('/mfa');
    expect(progressActiveCount()).toBe(0);
  });

  it('does not navigate on other 403 answers', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    server.use(
      mswHttp.post(securityEndpoints.setupTotp.path, () =>
        HttpResponse.json({ message: 'Confirm your password.', code: PASSWORD_CONFIRMATION_REQUIRED }, { status: 403 }),
      ),
    );
    await expect(http.post(securityEndpoints.setupTotp.path, {})).rejects.toMatchObject({ response: { status: 403 } });
    expect(navigate).not.toHaveBeenCalled();
  });
});
