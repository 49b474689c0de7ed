import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** index.html for one route: plain, and its brotli and gzip copies. */
export interface RoutePage {
  html: string;
  br: Buffer;
  gz: Buffer;
}

interface RouteTable {
  routes: { path: string; files: string[] }[];
}

/** `/transfer/:quoteId` → a RegExp matching `/transfer/<anything but a slash>` (and a trailing slash). */
const patternOf = (routePath: string) =>
  new RegExp(`^${routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}/?$`);

/**
 * The build's table of each lazy route's JavaScript (apps/web/build/route-preloads.ts,
 * `.vite/route-preloads.json`): index.html for a route names those files as
 * `<link rel="modulepreload">`, so the browser fetches them with the entry rather than after it has
 * run. At low priority: the entry (which runs first) keeps the bandwidth it needs, the route's
 * chunks take what is left. Answers the page for a request path, or null (no table, or not a lazy route: the plain
 * index.html then).
 */
export function routePages(root: string): (urlPath: string) => RoutePage | null {
  const tableFile = path.join(root, '.vite', 'route-preloads.json');
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(tableFile) || !existsSync(indexFile)) return () => null;
  const index = readFileSync(indexFile, 'utf8');
  const table = JSON.parse(readFileSync(tableFile, 'utf8')) as RouteTable;
  const pages = table.routes.map(({ path: routePath, files }) => {
    const links = files
      .filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f))
      .map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${f}">`)
      .join('');
    const html = index.replace('</head>', `${links}</head>`);
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
    return {
      pattern: patternOf(routePath),
      page: { html, br: brotliCompressSync(html, { params }), gz: gzipSync(html, { level: 9 }) },
    };
  });
  return (urlPath) => pages.find((p) => p.pattern.test(urlPath))?.page ?? null;
}

/** br, else gzip, when Accept-Encoding takes it (`;q=0` refuses); null: send it plain. */
export function preferredEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const taken = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, q]) => !q || !/^q=0(?:\.0*)?$/.test(q))
      .map(([name]) => name?.toLowerCase()),
  );
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : null;
}
