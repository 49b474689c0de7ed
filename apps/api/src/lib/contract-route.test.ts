import { defineEndpoint } from '@remit/contract';
import Fastify, { type FastifyRequest, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractRoutes, SerializedJson } from './contract-route.ts';

const open = defineEndpoint({
  method: 'GET',
  path: '/open',
  summary: 'Open',
  response: z.object({ n: z.number() }),
  auth: 'none',
});
const create = defineEndpoint({
  method: 'POST',
  path: '/things',
  summary: 'Create a thing',
  body: z.object({ name: z.string() }),
  response: z.object({ hello: z.string() }),
  status: 201,
  auth: 'session',
});
const remove = defineEndpoint({
  method: 'DELETE',
  path: '/things/:id',
  summary: 'Remove a thing',
  params: z.object({ id: z.string() }),
  response: null,
  auth: 'session',
});

/** A bare app with stand-in access checks: a session is the `x-session` header, `pending` means MFA pending. */
function bareApp(opts: { logged?: { level: number; err?: { code?: string } }[] } = {}) {
  const { logged } = opts;
  const app = logged
    ? Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } } })
    : Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const checks: string[] = [];
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (r) => void routes.push(r));
  const unauthenticated = () => Object.assign(new Error('Unauthenticated.'), { statusCode: 401 });
  const sessionOf = (request: FastifyRequest) => {
    const id = request.headers['x-session'];
    if (typeof id !== 'string') throw unauthenticated();
    return { customerId: id, pending: id === 'pending' } as unknown as NonNullable<FastifyRequest['auth']>;
  };
  app.decorateRequest('auth', null);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    checks.push('session');
    const auth = sessionOf(request);
    if ((auth as unknown as { pending: boolean }).pending) throw Object.assign(new Error('MFA'), { statusCode: 403 });
    request.auth = auth;
  });
  app.decorate('requireSessionPendingMfa', async (request: FastifyRequest) => {
    checks.push('pending-mfa');
    request.auth = sessionOf(request);
  });
  return { app, checks, routes };
}

const customerOf = (auth: NonNullable<FastifyRequest['auth']>) =>
  (auth as unknown as { customerId: string }).customerId;

describe('contractRoutes', () => {
  it('registers method, path, summary and tags from the endpoint; the access check as the hook asked for', async () => {
    const { app, routes } = bareApp();
    const route = contractRoutes(app, { tags: ['things'] });
    route(open, { tags: ['reference'] }, () => ({ n: 1 }));
    route(create, { access: 'session' }, (req) => ({ hello: req.body.name }));
    route(remove, { access: 'pending-mfa', accessHook: 'preValidation' }, () => undefined);
    await app.ready();

    const byUrl = (url: string, method: string) => routes.find((r) => r.url === url && r.method === method)!;
    expect(byUrl('/open', 'GET').schema).toMatchObject({ summary: 'Open', tags: ['reference'] });
    expect(byUrl('/open', 'GET').preHandler).toBeUndefined();
    expect(byUrl('/open', 'GET').preValidation).toBeUndefined();
    expect(byUrl('/things', 'POST').schema).toMatchObject({ summary: 'Create a thing', tags: ['things'] });
    expect(byUrl('/things', 'POST').preHandler).toBe(app.requireSession);
    expect(byUrl('/things', 'POST').preValidation).toBeUndefined();
    expect(byUrl('/things/:id', 'DELETE').preValidation).toBe(app.requireSessionPendingMfa);
    expect(byUrl('/things/:id', 'DELETE').preHandler).toBeUndefined();
    await app.close();
  });

  it('defaults the access from the endpoint: none is public, session needs requireSession', async () => {
    const { app, checks } = bareApp();
    const route = contractRoutes(app, { tags: ['things'] });
    route(open, () => ({ n: 1 }));
    route(create, (req) => ({ hello: customerOf(req.auth!) }));
    await app.ready();

    expect((await app.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
    expect(checks).toEqual([]);
    const body = { name: 'x' };
    expect((await app.inject({ method: 'POST', url: '/things', body })).statusCode).toBe(401);
    const ok = await app.inject({ method: 'POST', url: '/things', body, headers: { 'x-session': 'c1' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ hello: 'c1' });
    expect(checks).toEqual(['session', 'session']);
    await app.close();
  });

  it('pending-mfa uses requireSessionPendingMfa (lets a session waiting for MFA through)', async () => {
    const { app, checks } = bareApp();
    const route = contractRoutes(app, { tags: ['things'] });
    route(create, { access: 'pending-mfa' }, (req) => ({ hello: customerOf(req.auth) }));
    await app.ready();

    const res = await app.inject({
      method: 'POST',
      url: '/things',
      body: { name: 'x' },
      headers: { 'x-session': 'pending' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ hello: 'pending' });
    expect(checks).toEqual(['pending-mfa']);
    await app.close();
  });

  it('checks access after validation by default, before it with accessHook preValidation', async () => {
    for (const [accessHook, status] of [
      ['preHandler', 400],
      ['preValidation', 401],
    ] as const) {
      const { app, checks } = bareApp();
      contractRoutes(app, { tags: ['things'] })(create, { access: 'session', accessHook }, (req) => ({
        hello: req.body.name,
      }));
      await app.ready();
      const res = await app.inject({ method: 'POST', url: '/things', body: { name: 42 } });
      expect(res.statusCode, accessHook).toBe(status);
      expect(checks, accessHook).toEqual(accessHook === 'preHandler' ? [] : ['session']);
      await app.close();
    }
  });

  it('answers with the endpoint status and the cacheControl header (not on errors); 204 without a body', async () => {
    const { app } = bareApp();
    const route = contractRoutes(app, { tags: ['things'] });
    const removed: string[] = [];
    route(open, { cacheControl: 'public, max-age=60' }, async () => ({ n: 2 }));
    route(create, { access: 'session', cacheControl: 'no-store' }, async (req) => ({ hello: req.body.name }));
    route(remove, { access: 'session' }, async (req) => void removed.push(req.params.id));
    await app.ready();

    const a = await app.inject({ method: 'GET', url: '/open' });
    expect([a.statusCode, a.headers['cache-control'], a.json()]).toEqual([200, 'public, max-age=60', { n: 2 }]);
    const b = await app.inject({ method: 'POST', url: '/things', body: { name: 'y' }, headers: { 'x-session': 'c' } });
    expect([b.statusCode, b.headers['cache-control'], b.json()]).toEqual([201, 'no-store', { hello: 'y' }]);
    const denied = await app.inject({ method: 'POST', url: '/things', body: { name: 'y' } });
    expect([denied.statusCode, denied.headers['cache-control']]).toEqual([401, undefined]);
    const c = await app.inject({ method: 'DELETE', url: '/things/t1', headers: { 'x-session': 'c' } });
    expect([c.statusCode, c.body, c.headers['cache-control']]).toEqual([204, '', undefined]);
    expect(removed).toEqual(['t1']);
    await app.close();
  });

  it('lets a handler use the reply (cookies) or send the answer itself', async () => {
    const { app } = bareApp();
    const route = contractRoutes(app, { tags: ['things'] });
    route(open, { cacheControl: 'no-store' }, (_req, reply) => {
      reply.header('x-extra', '1');
      return { n: 3 };
    });
    route(create, { access: 'session', cacheControl: 'no-store' }, (_req, reply) =>
      reply.code(200).type('application/json; charset=utf-8').send('{"hello":"raw"}'),
    );
    await app.ready();

    const a = await app.inject({ method: 'GET', url: '/open' });
    expect([a.statusCode, a.headers['x-extra'], a.headers['cache-control'], a.json()]).toEqual([
      200,
      '1',
      'no-store',
      { n: 3 },
    ]);
    const b = await app.inject({ method: 'POST', url: '/things', body: { name: 'z' }, headers: { 'x-session': 'c' } });
    expect([b.statusCode, b.headers['cache-control'], b.body]).toEqual([200, undefined, '{"hello":"raw"}']);
    await app.close();
  });

  it('sends the answer of a handler that sent it itself once: plain or async, small or compressed later', async () => {
    // Issue #20: an async handler's `return reply.send(..)` resolves to undefined (the reply is a
    // thenable), and the helper sent again: FST_ERR_REP_ALREADY_SENT on every signed-in profile call.
    const logged: { level: number; err?: { code?: string } }[] = [];
    const { app } = bareApp({ logged });
    // An onSend that finishes later, as @fastify/compress does for a large answer.
    app.addHook('onSend', async (_req, _reply, payload) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return payload;
    });
    const route = contractRoutes(app, { tags: ['things'] });
    route(open, (_req, reply) => reply.code(200).type('application/json; charset=utf-8').send('{"n":4}'));
    route(create, { access: 'session' }, async (_req, reply) => {
      await Promise.resolve();
      return reply.code(202).type('application/json; charset=utf-8').send('{"hello":"async"}');
    });
    await app.ready();

    const a = await app.inject({ method: 'GET', url: '/open' });
    expect([a.statusCode, a.body]).toEqual([200, '{"n":4}']);
    const b = await app.inject({ method: 'POST', url: '/things', body: { name: 'z' }, headers: { 'x-session': 'c' } });
    expect([b.statusCode, b.body]).toEqual([202, '{"hello":"async"}']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged.map((l) => l.err?.code ?? l.level)).toEqual([]);
    await app.close();
  });

  it('sends a SerializedJson as is, as JSON, with the endpoint status and cacheControl', async () => {
    const logged: { level: number }[] = [];
    const { app } = bareApp({ logged });
    const route = contractRoutes(app, { tags: ['things'] });
    const once = new SerializedJson('{"n":5}');
    route(open, { cacheControl: 'private, no-store' }, () => once);
    route(create, { access: 'session' }, async () => new SerializedJson('{"hello":"pre"}'));
    await app.ready();

    for (let i = 0; i < 2; i++) {
      const a = await app.inject({ method: 'GET', url: '/open' });
      expect([a.statusCode, a.headers['content-type'], a.headers['cache-control'], a.body]).toEqual([
        200,
        'application/json; charset=utf-8',
        'private, no-store',
        '{"n":5}',
      ]);
    }
    const b = await app.inject({ method: 'POST', url: '/things', body: { name: 'z' }, headers: { 'x-session': 'c' } });
    expect([b.statusCode, b.headers['content-type'], b.body]).toEqual([
      201,
      'application/json; charset=utf-8',
      '{"hello":"pre"}',
    ]);
    expect(logged).toEqual([]);
    await app.close();
  });

  it('refuses an access that disagrees with the contract, or a session check without the session plugin', () => {
    const { app } = bareApp();
    const route = contractRoutes(app, { tags: ['things'] });
    expect(() => route(create, { access: 'public' }, () => ({ hello: 'x' }))).toThrow(
      "POST /things: access 'public' disagrees with the contract's auth 'session'",
    );
    expect(() => route(open, { access: 'session' }, () => ({ n: 1 }))).toThrow(/disagrees/);
    expect(() => contractRoutes(Fastify(), { tags: [] })(create, () => ({ hello: 'x' }))).toThrow(
      /needs the session plugin/,
    );
  });

  it('types the handler from the endpoint (checked by tsc)', () => {
    // one app a call (the apps are never started)
    const fresh = () => contractRoutes(bareApp().app, { tags: ['things'] });
    // @ts-expect-error the answer must have the response's shape
    fresh()(open, () => ({ n: 'one' }));
    // @ts-expect-error ... and its keys
    fresh()(create, { access: 'session' }, () => ({ bye: 'x' }));
    // @ts-expect-error a 204 endpoint answers nothing
    fresh()(remove, { access: 'session' }, () => ({ n: 1 }));
    // @ts-expect-error the body is typed from the endpoint
    fresh()(create, { access: 'session' }, (req) => ({ hello: req.body.nope }));
    // @ts-expect-error the params too
    fresh()(remove, { access: 'session' }, (req) => void req.params.nope);
    // @ts-expect-error without a declared session access, request.auth may be null
    fresh()(create, (req) => ({ hello: customerOf(req.auth) }));
    // @ts-expect-error a public route's request.auth may be null
    fresh()(open, { access: 'public' }, (req) => ({ n: customerOf(req.auth).length }));
    fresh()(create, { access: 'session' }, (req) => ({ hello: `${customerOf(req.auth)}:${req.body.name}` }));
  });
});
