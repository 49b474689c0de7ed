import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** Adds `Vary: Accept-Encoding` (once) to an answer. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * The one onSend hook of a compressed route: `Vary: Accept-Encoding`, then @fastify/compress's own
 * hook (`compress`) unless the answer is a string or buffer under the threshold, which that hook would
 * pass through unchanged after its header and encoding checks (about a µs a request,
 * docs/benchmarks.md, "Issue #23 item 1").
 */
function compressOnSend(compress: onSendHookHandler): onSendHookHandler {
  return function compressedAnswer(request, reply, payload, done) {
    varyOnEncoding(reply);
    if ((typeof payload === 'string' || Buffer.isBuffer(payload)) && Buffer.byteLength(payload) < COMPRESS_THRESHOLD) {
      done(null, payload);
      return;
    }
    return compress.call(this, request, reply, payload, done);
  };
}

/**
 * Compresses every answer of a compressible type (JSON, text, SVG…) over `COMPRESS_THRESHOLD`
 * bytes, brotli or gzip by the request's `Accept-Encoding`; every answer of those routes, compressed
 * or not, says `Vary: Accept-Encoding`. Request bodies are never decompressed (a small gzip body
 * could inflate far past the body limit).
 *
 * The built web app is not compressed here: it is sent as the build's .br/.gz copies
 * (plugins/web.ts); this only sees a file that has no copy.
 *
 * BREACH (https://www.breachattack.com, issue 15): a compressed answer that holds a secret next to
 * text the requester controls lets an attacker who can watch answer sizes guess the secret a byte
 * at a time. Those routes opt out with `compress: false` (the contract-route option of the same
 * name), whatever their size today; a route that joins one of these kinds must opt out too:
 * - POST /client/v1/mfa/totp/setup: the TOTP secret, its otpauth URL and QR code;
 * - POST /client/v1/mfa/totp/confirm and /client/v1/mfa/recovery-codes: the recovery codes
 *   (GET /client/v1/mfa/settings and POST /client/v1/mfa/totp/disable go with them);
 * - GET /sanctum/csrf-cookie, POST /client/v1/signup, /client/v1/login, /client/v1/mfa (MFA
 *   completed) and /client/v1/logout: they set or clear the session and CSRF tokens;
 * - POST /client/v1/forgot-password, /client/v1/reset-password and /client/v1/change-password;
 * - POST /broadcasting/auth and /broadcasting/user-auth: signatures over the socket id and the
 *   channel the requester sent;
 * - GET /dev/mailbox (development only): every mailed code and reset link.
 * - POST /client/v1/transactions/:id/tracking-link: the tracking token (shown once).
 * - POST /client/v1/recipients/:id/reveal: a recipient's account details in full.
 * `app.uncompressedRoutes` lists them as registered; apps/api/test/compression.test.ts checks it.
 */
export default fp(
  async function compressPlugin(app: FastifyInstance) {
    const uncompressed = new Set<string>();
    app.decorate('uncompressedRoutes', uncompressed as ReadonlySet<string>);
    /** The onSend hooks of each compressed route before @fastify/compress adds its own. */
    const before = new WeakMap<object, readonly unknown[]>();
    app.addHook('onRoute', (route) => {
      if (route.compress !== false) {
        before.set(route, [route.onSend ?? []].flat());
        return;
      }
      for (const method of [route.method].flat()) if (method !== 'HEAD') uncompressed.add(`${method} ${route.url}`);
    });
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
    });
    // Runs after @fastify/compress's own onRoute hook: its onSend hook is the one it appended.
    app.addHook('onRoute', (route) => {
      const own = before.get(route);
      if (own === undefined) return;
      const hooks = [route.onSend ?? []].flat();
      const added = hooks.slice(own.length);
      if (
        added.length !== 1 ||
        hooks.slice(0, own.length).some((h, i) => h !== own[i]) ||
        typeof added[0] !== 'function'
      ) {
        throw new Error(`${String(route.method)} ${route.url}: @fastify/compress did not add exactly one onSend hook`);
      }
      // Small or not, the answer of such a route depends on Accept-Encoding: say so to every cache.
      route.onSend = [...own, compressOnSend(added[0] as onSendHookHandler)] as typeof route.onSend;
    });
  },
  { name: 'compress' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /path` of every route registered with `compress: false` (plugins/compress.ts). */
    uncompressedRoutes: ReadonlySet<string>;
  }
}
