import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

/**
 * The built web app as the api serves it (plugins/web.ts): the build's .br/.gz copies by
 * Accept-Encoding, `Vary: Accept-Encoding`, immutable hashed assets, a revalidated index.html and
 * the SPA fallback. A tiny dist folder, laid out as `vite build` writes it (apps/web/vite.config.ts).
 */
const webDist = mkdtempSync(path.join(tmpdir(), 'remit-web-assets-'));
const files: Record<string, string> = {
  'index.html': '<!doctype html><html><head><title>Remit</title></head><body><div id="root"></div></body></html>',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
  'assets/index-abc123.js': `export const x = ${JSON.stringify('remit '.repeat(400))};\n`,
  'assets/index-abc123.css': `body { color: #123456; }\n`.repeat(100),
};
mkdirSync(path.join(webDist, 'assets'));
for (const [name, text] of Object.entries(files)) {
  // The copies are marked, so a test can tell which file went out.
  writeFileSync(path.join(webDist, name), text);
  writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(`${text}/*br*/`));
  writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(`${text}/*gz*/`));
}
// A file the build left without copies (not a text asset).
writeFileSync(path.join(webDist, 'assets', 'logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

const ctx = useTestApp({ env: { WEB_DIST: webDist } });

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { accept: '*/*', ...headers } });

const IMMUTABLE = 'public, max-age=31536000, immutable';
const JS = 'assets/index-abc123.js';

describe('web assets: compressed copies by Accept-Encoding', () => {
  it('accept-encoding br: the .br copy, as content-encoding br, vary accept-encoding, immutable', async () => {
    const res = await get(`/${JS}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${files[JS]}/*br*/`);
  });

  it('accept-encoding gzip: the .gz copy, as content-encoding gzip, vary accept-encoding, immutable', async () => {
    const res = await get(`/${JS}`, { 'accept-encoding': 'gzip, deflate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(`${files[JS]}/*gz*/`);
  });

  it('the preferred encoding wins (br;q=0 refuses brotli)', async () => {
    const res = await get(`/${JS}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('no accept-encoding, identity or an encoding without a copy: the original, uncompressed', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ];
    for (const headers of variants) {
      const res = await get(`/${JS}`, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.body).toBe(files[JS]);
    }
  });

  it('stylesheets and top-level files too; only /assets is immutable', async () => {
    const css = await get('/assets/index-abc123.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe(IMMUTABLE);

    const icon = await get('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(icon.headers['content-encoding']).toBe('gzip');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('a file without copies goes out as it is', async () => {
    const res = await get('/assets/logo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('the copies are not served by their own names', async () => {
    for (const url of [`/${JS}.br`, `/${JS}.gz`, '/index.html.br']) {
      const res = await get(url, { accept: 'application/json' });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('web assets: index.html and the SPA fallback', () => {
  it('/ and every app route answer index.html compressed, no-cache, vary accept-encoding', async () => {
    for (const url of ['/', '/index.html', '/dashboard', '/reset-password/abc?x=1']) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(`${files['index.html']}/*br*/`);
    }
  });

  it('without accept-encoding, the plain index.html', async () => {
    const res = await get('/dashboard', { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(files['index.html']);
  });

  it('never swallows the api prefixes: JSON 404, even for HTML requests', async () => {
    for (const prefix of ['/client', '/sanctum', '/broadcasting', '/dev', '/docs', '/apps']) {
      const url = `${prefix}/no-such-thing`;
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });
});
