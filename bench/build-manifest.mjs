// The production build as the budget and bundle scripts read it: the Vite manifest
// (apps/web/dist/.vite/manifest.json, or WEB_DIST's) and the gzip -9 size of its files.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const dist = resolve(process.env.WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)));
export const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzCache = new Map();
/** gzip -9 bytes of a file of the build (path relative to the dist folder). */
export function gz(file) {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzCache.get(file);
}

/** Brotli (quality 11, as the build's .br copies) bytes of a file of the build. */
export function br(file) {
  const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
  return brotliCompressSync(readFileSync(join(dist, file)), { params }).length;
}

/** The files a manifest entry loads at once: its own and, recursively, its static imports. */
export function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

export const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** Gzipped bytes of the JavaScript among `files`. */
export const jsGz = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);

/** Every JavaScript file of the build. */
export function allJs() {
  return readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
}

/** KB as decision 0003 and docs/benchmarks.md count them: 1,024 bytes. */
export const kb = (n) => n / 1024;
