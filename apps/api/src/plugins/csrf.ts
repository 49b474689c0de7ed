import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { signCsrfToken, safeEqual, verifyCsrfToken } from '../lib/crypto.ts';
import { BEARER_PATH_PREFIXES, SESSION_COOKIE } from './session.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyReply {
    /** Set a fresh signed XSRF-TOKEN cookie (readable by JS). No storage involved. */
    issueCsrfCookie(): FastifyReply;
  }
}

export interface CsrfPluginOptions {
  appKey: string;
  secure: boolean;
  /** Path prefixes that authenticate otherwise (the Pusher HTTP events API signs its requests). */
  exemptPrefixes?: string[];
}

/** Bearer header on a bearer-enabled path and no session cookie (csrf runs before the session plugin). */
function isBearerOnly(request: FastifyRequest): boolean {
  if (!BEARER_PATH_PREFIXES.some((p) => request.url.startsWith(p))) return false;
  if (!/^Bearer\s+\S+/i.test(request.headers.authorization ?? '')) return false;
  return request.cookies[SESSION_COOKIE] === undefined;
}

function decode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/**
 * Sanctum-style double-submit: every unsafe request must send X-XSRF-TOKEN equal to the XSRF-TOKEN
 * cookie, and the value must carry a valid HMAC made with APP_KEY; otherwise 419.
 */
export default fp(
  async function csrfPlugin(app: FastifyInstance, opts: CsrfPluginOptions) {
    const exempt = opts.exemptPrefixes ?? ['/apps/'];

    app.decorateReply('issueCsrfCookie', function (this: FastifyReply) {
      return this.setCookie(CSRF_COOKIE, signCsrfToken(opts.appKey), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: opts.secure,
      });
    });

    const check = (request: FastifyRequest): AppError | undefined => {
      if (!UNSAFE_METHODS.has(request.method)) return undefined;
      const url = request.url;
      if (exempt.some((p) => url.startsWith(p))) return undefined;
      // A bearer request with no session cookie carries no ambient credentials, so nothing to forge
      // (docs/product/realtime.md#authorisation: a bearer authorization header when a token is configured).
      if (isBearerOnly(request)) return undefined;
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof header !== 'string' || !cookie) return AppError.csrf();
      const h = decode(header);
      const c = decode(cookie);
      if (!safeEqual(h, c) || !verifyCsrfToken(opts.appKey, c)) return AppError.csrf();
      return undefined;
    };
    app.addHook('onRequest', (request, _reply, done) => done(check(request)));
  },
  { name: 'csrf', dependencies: ['cookies'] },
);
