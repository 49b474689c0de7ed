import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../src/plugins/route-preloads.ts';
import { useTestApp } from './helpers.ts';

/**
 * index.html names a lazy route's JavaScript for preloading (plugins/route-preloads.ts), from the
 * table the web build writes (apps/web/build/route-preloads.ts). A tiny dist folder with that table.
 */
const webDist = mkdtempSync(path.join(tmpdir(), 'remit-route-preloads-'));
const index = '<!doctype html><html><head><title>Remit</title></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(webDist, 'index.html'), index);
mkdirSync(path.join(webDist, '.vite'));
writeFileSync(
  path.join(webDist, '.vite', 'route-preloads.json'),
  JSON.stringify({
    routes: [
      { path: '/dashboard', files: ['/assets/dashboard-abc.js', '/assets/api-def.js'] },
      { path: '/transfer/:quoteId', files: ['/assets/transfer-wizard-abc.js', '/assets/x.js"><script>'] },
    ],
  }),
);

const ctx = useTestApp({ env: { WEB_DIST: webDist } });
const html = (url: string, encoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
const preload = (file: string) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`;

describe('web: index.html preloads the route’s JavaScript', () => {
  it('a lazy route: its files as modulepreload links in the head, no-cache, compressed by Accept-Encoding', async () => {
    const plain = await html('/dashboard');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(
      index.replace('</head>', `${preload('/assets/dashboard-abc.js')}${preload('/assets/api-def.js')}</head>`),
    );
    const br = await html('/dashboard?x=1', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await html('/dashboard', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('a route with a parameter matches any value of it; only asset file names become links', async () => {
    const res = await html('/transfer/0b7c6a52-0000-4000-9000-000000000101');
    expect(res.body).toContain(preload('/assets/transfer-wizard-abc.js'));
    expect(res.body).not.toContain('<script>');
    expect((await html('/transfer/a/b')).body).toBe(index);
  });

  it('sign-in and unknown paths: the plain index.html', async () => {
    for (const url of ['/', '/no-such-page', '/dashboard/extra']) {
      const res = await html(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(index);
    }
  });
});

describe('preferredEncoding', () => {
  it('br first, then gzip; q=0 refuses one', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('BR;q=0.5')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
  });
});
