import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PasswordPolicy } from '@remit/contract';
import { authEndpoints, MessageBody } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ConfigError, loadConfig, weakAppKeyReason } from '../src/config.ts';
import { AppError } from '../src/lib/app-error.ts';
import errorHandlerPlugin from '../src/plugins/error-handler.ts';
import { helmetOptions, staticSecurityHeaders } from '../src/plugins/helmet.ts';
import { Client, useTestApp } from './helpers.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'remit-web-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

const ctx = useTestApp({ env: { WEB_DIST: webDist } });

describe('GET /client/v1/password-policy', () => {
  it('publishes the default policy with a 5 minute public cache', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: authEndpoints.getPasswordPolicy.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(authEndpoints.getPasswordPolicy.response.parse(res.json())).toEqual({
      length: { value: 12, message: 'At least 12 characters', regex: null },
      uppercase: { value: true, message: 'At least one uppercase letter', regex: '[A-Z]' },
      lowercase: { value: true, message: 'At least one lowercase letter', regex: '[a-z]' },
      digits: { value: true, message: 'At least one number', regex: '[0-9]' },
      wildcard: { value: true, message: 'At least one special character', regex: '[^A-Za-z0-9]' },
    } satisfies PasswordPolicy);
  });
});

describe('infrastructure', () => {
  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/sanctum/csrf-cookie',
      '/client/v1/signup',
      '/client/v1/login',
      '/client/v1/logout',
      '/client/v1/profile',
      '/client/v1/password-policy',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/client/v1/signup']!.post!.responses).toHaveProperty(['201']);
    expect(doc.paths['/client/v1/signup']!.post!.responses).toHaveProperty(['422']);
    const ui = await ctx.app.inject({ method: 'GET', url: '/docs', headers: { accept: 'text/html' } });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('echoes a sane x-request-id and generates one otherwise', async () => {
    const a = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/password-policy',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(a.headers['x-request-id']).toBe('abc-123');
    const b = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/password-policy',
      headers: { 'x-request-id': 'bad id\n<script>' },
    });
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a CSP that allows the SPA and realtime', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/transactions', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // connections: this origin and the built-in realtime server at APP_URL's host (docs/product/system.md#production)
    expect(csp).toContain("connect-src 'self' ws://localhost:8080;");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('SPA fallback: index.html for app routes that accept HTML', async () => {
    for (const url of ['/transactions', '/', '/reset-password/abc', '/workflow/onboarding?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('JSON 404 under the api prefixes, even for HTML requests', async () => {
    for (const url of [
      '/client/v1/nope',
      '/dev/nope',
      '/sanctum/nope',
      '/broadcasting/nope',
      '/docs/nope',
      '/apps/nope',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(MessageBody.parse(res.json())).toEqual({ message: 'Not Found.' });
    }
    const asJson = await ctx.app.inject({
      method: 'GET',
      url: '/transactions',
      headers: { accept: 'application/json' },
    });
    expect(asJson.statusCode).toBe(404);
  });

  it('hides server error details and maps AppError codes', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/boom', async () => {
      throw new Error('secret database detail');
    });
    app.get('/forbidden', async () => {
      throw AppError.forbidden('Nope.');
    });
    app.get('/conflict', async () => {
      throw AppError.conflict('Already.');
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ message: 'Server Error' });
    expect((await app.inject({ method: 'GET', url: '/forbidden' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/conflict' })).statusCode).toBe(409);
    await app.close();
  });

  it('answers malformed JSON with a 400 message', async () => {
    const c = new Client(ctx.app);
    await c.csrf();
    const res = await c.request('POST', '/client/v1/login', undefined, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(422); // empty body = {} -> required fields
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/login',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${c.cookies.get('XSRF-TOKEN')}; remit_guest=${c.cookies.get('remit_guest')}`,
        'x-xsrf-token': decodeURIComponent(c.cookies.get('XSRF-TOKEN')!),
      },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(MessageBody.parse(bad.json()).message).toBeTruthy();
  });
});

describe('without a built web app', () => {
  const noWeb = useTestApp();
  it('answers the SPA fallback with a 503 hint', async () => {
    const res = await noWeb.app.inject({ method: 'GET', url: '/transactions', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

/** What `openssl rand -base64 32` makes. */
const STRONG_KEY = randomBytes(32).toString('base64');

describe('production hardening (docs/product/system.md#production)', () => {
  const prodEnv = { NODE_ENV: 'production', APP_KEY: STRONG_KEY, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'remit-')) };
  const configError = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.message;
      throw err;
    }
    throw new Error(`accepted: ${JSON.stringify(env)}`);
  };

  it('refuses a guessable APP_KEY in production, saying how to make one', () => {
    for (const key of [
      'a'.repeat(40),
      'a'.repeat(100),
      'ab'.repeat(30),
      'abcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabc', // a short alphabet
      'xyzzy-xyzzy-xyzzy-xyzzy-xyzzy-xyzzy-xyzzy-xyzzy', // a repeated block
      'secretsecretsecretsecretsecretsecret1',
      '0123456789'.repeat(7),
      'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      'test-app-key-0123456789-abcdefghijklmnop',
      randomBytes(16).toString('hex'), // 16 bytes, 32 characters
      randomBytes(24).toString('base64'), // 24 bytes
      'my production key is very long and secret', // words: under 256 bits
    ]) {
      const message = configError({ ...prodEnv, APP_KEY: key });
      expect(message, key).toMatch(/APP_KEY/);
      expect(message, key).toContain('openssl rand -base64 32');
      expect(message, key).toContain("require('crypto').randomBytes(32).toString('base64')");
    }
    expect(configError({ NODE_ENV: 'production', DATA_DIR: prodEnv.DATA_DIR })).toContain('openssl rand -base64 32');
  });

  it('calls a key as long as a base64 one (44 characters) too weak, with the reason, not too short', () => {
    // Issue #20 item 6: 44 `a`s (read as hex digits) were refused as "too short".
    for (const [key, reason] of [
      ['a'.repeat(44), 'it is one character repeated'],
      ['1'.repeat(44), 'it is one character repeated'],
      ['abcdefabcdefabcdefabcdefabcdefabcdefabcdefab', 'it uses too few different characters (6)'],
      ['passwordpasswordpasswordpasswordpasswordpass', 'it uses too few different characters (7)'],
      ['3f9c2e7a1b3f9c2e7a1b3f9c2e7a1b3f9c2e7a1b3f9c', 'it is a repeated block'],
      [randomBytes(22).toString('hex'), 'its 44 characters are all hex digits: about 176 bits of the 256'],
      [
        'hello world this is my secret app key ok!!!',
        'its 43 characters (lowercase letters, symbols) carry about 252 bits',
      ],
    ] as const) {
      const message = configError({ ...prodEnv, APP_KEY: key });
      expect(message, key).toContain(`APP_KEY is too weak: ${reason}`);
      expect(message, key).not.toMatch(/too short/);
      expect(message, key).toContain('openssl rand -base64 32');
    }
  });

  it('calls a key with fewer characters than 32 random bytes take too short', () => {
    for (const key of [
      'a'.repeat(40),
      randomBytes(16).toString('hex'), // 16 bytes, 32 characters
      randomBytes(24).toString('base64'), // 24 bytes
      'my production key is very long and secret', // 41 characters of words
    ]) {
      const message = configError({ ...prodEnv, APP_KEY: key });
      expect(message, key).toMatch(/APP_KEY is too short\b/);
      expect(message, key).toContain('openssl rand -base64 32');
    }
    expect(configError({ ...prodEnv, APP_KEY: 'a'.repeat(31) })).toContain(
      'APP_KEY must be at least 32 characters long',
    );
  });

  it('accepts every 32 random bytes however they are written (no false alarms)', () => {
    for (let i = 0; i < 300; i++) {
      const bytes = randomBytes(32);
      for (const key of [
        bytes.toString('base64'),
        bytes.toString('base64url'),
        bytes.toString('hex'),
        bytes.toString('hex').toUpperCase(),
        `base64:${bytes.toString('base64')}`,
      ]) {
        expect(weakAppKeyReason(key), key).toBeNull();
      }
    }
    // a long passphrase-like key of mixed characters passes too
    expect(weakAppKeyReason('R7#kq!Vz2@pW9$xLm4^bN8&cT1*dY6(eH3)fJ5_gU0+')).toBeNull();
  });

  it('keeps the development default: a key generated into DATA_DIR/app-key; weak keys are a production rule', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'remit-'));
    const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(weakAppKeyReason(dev.appKey)).toBeNull();
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).appKey).toBe(dev.appKey);
    expect(loadConfig({ NODE_ENV: 'test', APP_KEY: 'a'.repeat(40), DATA_DIR: dataDir }).appKey).toBe('a'.repeat(40));
  });

  it('hashes passwords at argon2id’s OWASP minimum by default, and production refuses less', () => {
    const minimum = { memoryCost: 19_456, timeCost: 2 };
    expect(loadConfig(prodEnv).passwordHashing).toEqual(minimum);
    expect(loadConfig({ ...prodEnv, NODE_ENV: 'development' }).passwordHashing).toEqual(minimum);
    expect(loadConfig({ ...prodEnv, NODE_ENV: 'test' }).passwordHashing).toEqual(minimum);
    const stronger = { PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_TIME_COST: '3' };
    expect(loadConfig({ ...prodEnv, ...stronger }).passwordHashing).toEqual({ memoryCost: 65_536, timeCost: 3 });
    const weakerOnes: Record<string, string>[] = [
      { PASSWORD_HASH_MEMORY_KIB: '19455' },
      { PASSWORD_HASH_TIME_COST: '1' },
    ];
    for (const weaker of weakerOnes) {
      expect(configError({ ...prodEnv, ...weaker })).toContain(
        'PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST must be at least 19456 and 2 in production',
      );
    }
    // Lower outside production only: the tests' cost (helpers.ts).
    expect(
      loadConfig({ ...prodEnv, NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_TIME_COST: '1' })
        .passwordHashing,
    ).toEqual({ memoryCost: 64, timeCost: 1 });
  });

  it('looks for due jobs every second unless JOBS_POLL_MS says otherwise (50 ms to a minute)', () => {
    expect(loadConfig(prodEnv).jobs.pollMs).toBe(1000);
    expect(loadConfig({ ...prodEnv, JOBS_POLL_MS: '100' }).jobs.pollMs).toBe(100);
    for (const bad of ['0', '49', '60001', 'soon']) {
      expect(configError({ ...prodEnv, JOBS_POLL_MS: bad }), bad).toContain('JOBS_POLL_MS');
    }
  });

  it('turns /docs off in production unless DOCS_ENABLED', () => {
    expect(loadConfig(prodEnv).docsEnabled).toBe(false);
    expect(loadConfig({ ...prodEnv, DOCS_ENABLED: 'true' }).docsEnabled).toBe(true);
    expect(loadConfig({ ...prodEnv, NODE_ENV: 'development' }).docsEnabled).toBe(true);
    expect(loadConfig({ ...prodEnv, NODE_ENV: 'development', DOCS_ENABLED: 'false' }).docsEnabled).toBe(false);
    expect(configError({ ...prodEnv, DOCS_ENABLED: 'maybe' })).toContain('DOCS_ENABLED must be true or false');
  });

  it('hosted Pusher: connect-src names this origin and that cluster’s hosts, nothing else', () => {
    const csp = staticSecurityHeaders(helmetOptions({ appUrl: 'https://remit.example.com', pusherCluster: 'eu' }))[
      'content-security-policy'
    ];
    expect(csp).toContain("connect-src 'self' wss://ws-eu.pusher.com https://sockjs-eu.pusher.com;");
    expect(() => helmetOptions({ appUrl: 'https://remit.example.com', pusherCluster: 'eu; script-src *' })).toThrow(
      /PUSHER_CLUSTER/,
    );
  });
});

describe('a production app', () => {
  const prod = useTestApp({
    env: { NODE_ENV: 'production', APP_KEY: STRONG_KEY, APP_URL: 'https://remit.example.com' },
  });

  it('does not serve /docs (a JSON 404 like any unknown api path)', async () => {
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
      const res = await prod.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(MessageBody.parse(res.json())).toEqual({ message: 'Not Found.' });
    }
  });

  it('sends a page framing headers that agree, HSTS, and connect-src with only this origin', async () => {
    // A page (the web app's fallback: its page, or the plain-text notice that it is not built); JSON
    // answers have their own set (test/security-headers.test.ts).
    const res = await prod.app.inject({ method: 'GET', url: '/transactions', headers: { accept: 'text/html' } });
    expect(res.headers['content-type']).not.toMatch(/json/);
    const csp = String(res.headers['content-security-policy']);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' wss:\/\/remit\.example\.com;/);
    expect(csp).not.toMatch(/connect-src[^;]*\s(ws:|wss:|\*)(;|\s)/);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('a production app with DOCS_ENABLED=true', () => {
  const docs = useTestApp({ env: { NODE_ENV: 'production', APP_KEY: STRONG_KEY, DOCS_ENABLED: 'true' } });

  it('serves the OpenAPI document', async () => {
    const res = await docs.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { openapi: string }).openapi).toMatch(/^3\./);
  });
});
