import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { helmetOptions, JSON_CSP, staticSecurityHeaders } from '../src/plugins/helmet.ts';
import { Client, useTestApp } from './helpers.ts';

/**
 * The security headers (docs/product/system.md#production, docs/decisions/0016-json-security-headers.md):
 * a JSON answer gets the headers that mean something for data (nosniff, the framing pair, HSTS,
 * Referrer-Policy, CORP) and a policy that loads nothing; every other answer (pages, files) gets
 * helmet's full set with the app's policy, as before.
 */
const APP_URL = 'https://remit.example.com';
const webDist = mkdtempSync(path.join(tmpdir(), 'remit-web-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

const ctx = useTestApp({
  env: { NODE_ENV: 'production', APP_KEY: randomBytes(32).toString('base64'), APP_URL, WEB_DIST: webDist },
});

/** helmet's full set with the app's options: what a page gets. */
const full = staticSecurityHeaders(helmetOptions({ appUrl: APP_URL }));
const JSON_SET = {
  'content-security-policy': JSON_CSP,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
};
/** The headers helmet sends that a JSON answer goes without. */
const DOCUMENT_ONLY = Object.keys(full).filter((name) => !(name in JSON_SET));

function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(full).flatMap((name) => (name in headers ? [[name, headers[name]]] : [])));
}

describe('security headers', () => {
  it('a JSON answer: nosniff, framing, HSTS, Referrer-Policy, CORP and a policy that loads nothing', async () => {
    expect(DOCUMENT_ONLY).toEqual(
      expect.arrayContaining(['cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-xss-protection']),
    );
    const client = new Client(ctx.app);
    await client.signUp();
    const answers = [
      await client.profile(),
      await ctx.app.inject({ method: 'GET', url: authEndpoints.getPasswordPolicy.path }),
      // errors too: a 401 and a JSON 404, even to a request that accepts HTML
      await ctx.app.inject({ method: 'GET', url: authEndpoints.getProfile.path }),
      await ctx.app.inject({ method: 'GET', url: '/client/v1/nope', headers: { accept: 'text/html' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(securityHeadersOf(res.headers)).toEqual(JSON_SET);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('a page and a file get the full set with the app’s policy', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/transactions', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const file = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(file.statusCode).toBe(200);
    for (const res of [page, file]) {
      expect(securityHeadersOf(res.headers)).toEqual(full);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('an answer with no body gets the full set (it is not JSON)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: authEndpoints.csrfCookie.path });
    expect(res.statusCode).toBe(204);
    expect(securityHeadersOf(res.headers)).toEqual(full);
  });
});
