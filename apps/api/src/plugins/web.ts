import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { preferredEncoding, routePages } from './route-preloads.ts';

/** Paths that belong to the api: unknown ones answer JSON 404, never the SPA. */
export const API_PREFIXES = ['/client', '/sanctum', '/broadcasting', '/dev', '/docs', '/apps'];

export function isApiPath(url: string): boolean {
  const p = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/** Hashed file names under /assets never change content: cached for a year. Everything else revalidates. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serve the built web app from WEB_DIST, with an SPA fallback to index.html.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside every text file
 * (apps/web/vite.config.ts, `precompress`): a request that accepts one gets it as is
 * (`preCompressed`), with `Vary: Accept-Encoding`; without one, the original. The copies themselves
 * are not served by their own names.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
    const root = path.resolve(opts.webDist);
    const hasIndex = existsSync(path.join(root, 'index.html'));
    const pageFor = routePages(root);
    if (hasIndex) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        index: ['index.html'],
        preCompressed: true,
        cacheControl: false,
        allowedPath: (pathname) => !/\.(?:br|gz)$/.test(pathname),
        setHeaders(res, filePath) {
          // filePath is the file sent: `assets/x.js.br` for a compressed copy of `assets/x.js`.
          const rel = path.relative(root, filePath).split(path.sep).join('/');
          res.setHeader('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
          res.setHeader('vary', 'accept-encoding');
        },
      });
    } else {
      app.log.warn(`web app not found at ${root} (run \`npm run build\`); serving the api only`);
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isApiPath(request.url) && wantsHtml(request)) {
        if (!hasIndex) {
          return reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .send('The web app has not been built yet. Run `npm run build` at the repository root, then reload.\n');
        }
        reply.header('cache-control', 'no-cache');
        // A lazy route's index.html names its JavaScript for preloading (route-preloads.ts).
        const page = pageFor(request.url.split('?')[0] ?? request.url);
        if (page) {
          const encoding = preferredEncoding(request.headers['accept-encoding'] ?? '');
          reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
          if (encoding) reply.header('content-encoding', encoding);
          return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gz : page.html);
        }
        return reply.sendFile('index.html');
      }
      return reply.code(404).send({ message: 'Not Found.' });
    });
  },
  { name: 'web' },
);
