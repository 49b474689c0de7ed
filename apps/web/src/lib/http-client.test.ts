import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { nodeFile } from '@/testing/verification-fixtures';
import { buildUrl, createHttpClient, HttpError, readCookie, type ClientDefaults } from './http-client';

const defaults: ClientDefaults = {
  baseURL: '',
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  timeout: 0,
  headers: { Accept: 'application/json' },
};

describe('buildUrl', () => {
  it('joins the base address and the path, and keeps an absolute address as it is', () => {
    expect(buildUrl('', '/client/v1/profile')).toBe('/client/v1/profile');
    expect(buildUrl('https://api.example.com/', '/client/v1/profile')).toBe(
      'https://api.example.com/client/v1/profile',
    );
    expect(buildUrl('https://api.example.com', 'https://s3.example.com/a?x=1')).toBe('https://s3.example.com/a?x=1');
  });

  it('adds the query as axios encoded it, leaving out undefined values', () => {
    expect(buildUrl('', '/t', { search: 'a b:c,d', status: 'sent', cursor: undefined, limit: 20, empty: null })).toBe(
      '/t?search=a+b:c,d&status=sent&limit=20&empty=',
    );
    expect(buildUrl('', '/t?x=1#top', { y: 'é&' })).toBe('/t?x=1&y=%C3%A9%26');
    expect(buildUrl('', '/t', {})).toBe('/t');
  });
});

describe('readCookie', () => {
  it('reads and URI-decodes one cookie', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=abc%3D123==; b=2')).toBe('abc=123==');
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=%E0%A4%A')).toBe('%E0%A4%A');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeNull();
  });
});

describe('createHttpClient', () => {
  it('sends a plain object as JSON with the default and call headers, and parses a JSON answer', async () => {
    let seen: { type: string | null; accept: string | null; key: string | null; body: unknown } | undefined;
    server.use(
      mswHttp.post('/client/v1/thing', async ({ request }) => {
        seen = {
          type: request.headers.get('content-type'),
          accept: request.headers.get('accept'),
          key: request.headers.get('idempotency-key'),
          body: await request.json(),
        };
        return HttpResponse.json({ id: 7 }, { status: 201 });
      }),
    );
    const res = await createHttpClient(defaults).post(
      '/client/v1/thing',
      { a: 1 },
      { headers: { 'Idempotency-Key': 'k' } },
    );
    expect(res).toMatchObject({ status: 201, data: { id: 7 } });
    expect(seen).toEqual({ type: 'application/json', accept: 'application/json', key: 'k', body: { a: 1 } });
  });

  it('answers the text of a body that is not JSON, and an empty string for none', async () => {
    server.use(
      mswHttp.get('/text', () => HttpResponse.text('plain')),
      mswHttp.delete('/none', () => new HttpResponse(null, { status: 204 })),
    );
    const client = createHttpClient(defaults);
    expect((await client.get('/text')).data).toBe('plain');
    expect(await client.request({ method: 'delete', url: '/none' })).toMatchObject({ status: 204, data: '' });
  });

  it('rejects any other answer with an HttpError carrying its status and body', async () => {
    server.use(mswHttp.get('/gone', () => HttpResponse.json({ message: 'Gone' }, { status: 410 })));
    const error: unknown = await createHttpClient(defaults)
      .get('/gone')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      isHttpError: true,
      code: 'ERR_BAD_REQUEST',
      message: 'Request failed with status code 410',
      response: { status: 410, data: { message: 'Gone' } },
    });
  });

  it('rejects without a response when there is no answer, and when the signal aborts', async () => {
    server.use(mswHttp.get('/down', () => HttpResponse.error()));
    const client = createHttpClient(defaults);
    await expect(client.get('/down')).rejects.toMatchObject({ code: 'ERR_NETWORK', response: undefined });
    const aborted = AbortSignal.abort();
    await expect(client.get('/down', { signal: aborted })).rejects.toMatchObject({ code: 'ERR_CANCELED' });
  });

  it('sends FormData and files as they are: the browser’s multipart type, the call’s type', async () => {
    const seen: (string | null)[] = [];
    server.use(
      mswHttp.post('/upload', async ({ request }) => {
        seen.push(request.headers.get('content-type'));
        return HttpResponse.json({});
      }),
      mswHttp.put('/put', async ({ request }) => {
        seen.push(`${request.headers.get('content-type')} ${await request.text()}`);
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const client = createHttpClient(defaults);
    const form = new FormData();
    form.append('file', nodeFile('x.txt', 'text/plain'));
    await client.post('/upload', form);
    await client.request({
      method: 'PUT',
      url: '/put',
      data: nodeFile('y.png', 'image/png', 'BYTES'),
      headers: { 'Content-Type': 'image/png' },
    });
    expect(seen).toEqual([expect.stringMatching(/^multipart\/form-data; boundary=/), 'image/png BYTES']);
  });

  it('rejects at once when the signal aborts a request still waiting for its answer', async () => {
    server.use(mswHttp.get('/slow', () => new Promise<never>(() => undefined)));
    const controller = new AbortController();
    const call = createHttpClient(defaults).get('/slow', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'ERR_CANCELED', name: 'CanceledError' });
  });

  it('runs the hooks around every send; the error hook decides the outcome', async () => {
    const calls: string[] = [];
    server.use(
      mswHttp.get(
        '/flaky',
        ({ request }) => new HttpResponse(null, { status: request.headers.get('x-try') ? 204 : 503 }),
      ),
    );
    const client = createHttpClient(defaults, {
      request: (config) => {
        calls.push(`send ${config.headers?.['x-try'] ?? 'first'}`);
        return config;
      },
      response: (res) => calls.push(`ok ${res.status}`),
      error: (error) => {
        calls.push(`error ${error.response?.status}`);
        return client.request({ ...error.config, headers: { 'x-try': 'again' } });
      },
    });
    expect((await client.get('/flaky')).status).toBe(204);
    expect(calls).toEqual(['send first', 'error 503', 'send again', 'ok 204']);
  });
});
