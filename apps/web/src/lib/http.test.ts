import {
  authEndpoints,
  MFA_REQUIRED,
  securityEndpoints,
  STEP_UP_REQUIRED,
  transactionsEndpoints,
  VERIFICATION_REQUIRED,
} from '@remit/contract';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import { http, registerNavigate } from './http';
import { progressActiveCount } from './progress';
import { setSocketIdSource } from './socket-id';
import { isStepUpCancelled, registerStepUpHandler, type StepUpChallenge } from './step-up-bridge';
import { readShownError } from './api-errors';

afterEach(() => {
  registerNavigate(null);
  registerStepUpHandler(null);
});

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
        HttpResponse.json({ message: 'Verify your identity first.', code: VERIFICATION_REQUIRED }, { status: 403 }),
      ),
    );
    await expect(http.post(securityEndpoints.setupTotp.path, {})).rejects.toMatchObject({ response: { status: 403 } });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('http client: 403 step_up_required (docs/product/auth-and-sessions.md#step-up)', () => {
  const stepUpRequired = (scope?: string) =>
    HttpResponse.json(
      {
        message: 'Confirm it’s you.',
        code: STEP_UP_REQUIRED,
        factors: ['password', 'totp'],
        ...(scope ? { scope } : {}),
      },
      { status: 403 },
    );

  /** POST /client/v1/transactions answering 403 step_up_required until `open()`; records each try. */
  function protectedCall(scope?: string) {
    const tries: { key: string | null; body: unknown }[] = [];
    let allowed = false;
    server.use(
      mswHttp.post(transactionsEndpoints.createTransaction.path, async ({ request }) => {
        tries.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
        return allowed ? HttpResponse.json({ id: 'tx-1' }, { status: 201 }) : stepUpRequired(scope);
      }),
    );
    return { tries, open: () => (allowed = true) };
  }

  const send = () =>
    http.post(
      transactionsEndpoints.createTransaction.path,
      { quote_id: 'q-1' },
      { headers: { 'Idempotency-Key': 'k-1' } },
    );

  it('asks the registered dialog, then sends the same request again (same Idempotency-Key) and resolves with it', async () => {
    const call = protectedCall('transfer:new-recipient');
    const asked: StepUpChallenge[] = [];
    registerStepUpHandler(async (challenge) => {
      asked.push(challenge);
      call.open();
    });
    const res = await send();
    expect(res.status).toBe(201);
    expect(res.data).toEqual({ id: 'tx-1' });
    expect(asked).toEqual([{ factors: ['password', 'totp'], scope: 'transfer:new-recipient' }]);
    expect(call.tries).toEqual([
      { key: 'k-1', body: { quote_id: 'q-1' } },
      { key: 'k-1', body: { quote_id: 'q-1' } },
    ]);
    expect(progressActiveCount()).toBe(0);
  });

  it('cancelled: rejects with the original 403, marked so that screens show nothing', async () => {
    const call = protectedCall();
    registerStepUpHandler(() => Promise.reject(new Error('cancelled')));
    const error: unknown = await send().catch((e: unknown) => e);
    expect(error).toMatchObject({ response: { status: 403 } });
    expect(isStepUpCancelled(error)).toBe(true);
    expect(await readShownError(error)).toBeNull();
    expect(call.tries).toHaveLength(1);
  });

  it('sends the request again only once: a second 403 goes to the caller', async () => {
    const call = protectedCall();
    let asked = 0;
    registerStepUpHandler(async () => {
      asked += 1;
    });
    const error: unknown = await send().catch((e: unknown) => e);
    expect(error).toMatchObject({ response: { status: 403, data: { code: STEP_UP_REQUIRED } } });
    expect(isStepUpCancelled(error)).toBe(false);
    expect([asked, call.tries.length]).toEqual([1, 2]);
  });

  it('without a dialog (outside the signed-in screens) the 403 goes to the caller as it is', async () => {
    const call = protectedCall();
    const error: unknown = await send().catch((e: unknown) => e);
    expect(error).toMatchObject({ response: { status: 403 } });
    expect(await readShownError(error)).toMatchObject({ status: 403, code: STEP_UP_REQUIRED });
    expect(call.tries).toHaveLength(1);
  });

  it('calls that need a step-up at once share one dialog', async () => {
    const call = protectedCall();
    let asked = 0;
    let finish: () => void = () => undefined;
    registerStepUpHandler(
      () =>
        new Promise<void>((resolve) => {
          asked += 1;
          finish = () => {
            call.open();
            resolve();
          };
        }),
    );
    const both = Promise.all([send(), send()]);
    await vi.waitFor(() => expect(call.tries).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    finish();
    const results = await both;
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(asked).toBe(1);
    expect(call.tries).toHaveLength(4);
  });
});
