import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import {
  csrfBinding,
  readGuestSession,
  safeEqual,
  signCsrfToken,
  signGuestSession,
  verifyCsrfToken,
} from '../lib/crypto.ts';
import { BEARER_PATH_PREFIXES, SESSION_COOKIE } from './session.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
/** The guest session: a signed cookie only, no database row (docs/product/auth-and-sessions.md#csrf). */
export const GUEST_COOKIE = 'remit_guest';
/** Default lifetime of a guest session. */
export const GUEST_LIFETIME_SECONDS = 2 * 60 * 60;
/** A clock of another instance may run this far ahead. */
const CLOCK_SKEW_SECONDS = 60;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Set XSRF-TOKEN for the session the browser holds after this answer: `sessionToken` when the
     * answer sets that session cookie; else the request's session cookie; else its guest session,
     * started (or renewed past half its life) here. No storage involved.
     */
    issueCsrfCookie(sessionToken?: string): FastifyReply;
    /** Start a new guest session and set its XSRF-TOKEN (the session cookie is being cleared). */
    startGuestSession(): FastifyReply;
  }
}

export interface CsrfPluginOptions {
  appKey: string;
  secure: boolean;
  /** APP_URL: its origin is the app's own. */
  appUrl: string;
  /** Lifetime of a token bound to a session cookie (the session's absolute lifetime). */
  sessionLifetimeSeconds: number;
  guestLifetimeSeconds?: number;
  now?: Clock;
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

/** The origin of a URL (scheme, host, port; default ports dropped), or undefined ('null' included). */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Sanctum's semantics with the token bound to its session (docs/product/auth-and-sessions.md#csrf,
 * docs/decisions/0007-session-bound-csrf.md): every unsafe request must come from this app's origin
 * (when the browser says where it comes from) and send X-XSRF-TOKEN equal to the XSRF-TOKEN cookie and
 * made for the session it arrives with (the session cookie, else the guest session cookie); else 419.
 */
export default fp(
  async function csrfPlugin(app: FastifyInstance, opts: CsrfPluginOptions) {
    const exempt = opts.exemptPrefixes ?? ['/apps/'];
    const now = opts.now ?? systemClock;
    const guestLifetime = opts.guestLifetimeSeconds ?? GUEST_LIFETIME_SECONDS;
    const appOrigin = originOf(opts.appUrl);
    const cookieBase = { path: '/', sameSite: 'lax' as const, secure: opts.secure };
    const nowSeconds = () => Math.floor(now().getTime() / 1000);

    /** The request's guest session if its cookie is ours and not expired, with its age in seconds. */
    const guestOf = (request: FastifyRequest): { id: string; age: number } | undefined => {
      const value = request.cookies[GUEST_COOKIE];
      if (!value) return undefined;
      const guest = readGuestSession(opts.appKey, value);
      if (!guest) return undefined;
      const age = nowSeconds() - guest.issuedAtSeconds;
      if (age < -CLOCK_SKEW_SECONDS || age >= guestLifetime) return undefined;
      return { id: guest.id, age: Math.max(age, 0) };
    };

    /** What the request's token must be bound to: its session cookie, else its live guest session. */
    const bindingOf = (request: FastifyRequest): string | undefined => {
      const sessionToken = request.cookies[SESSION_COOKIE];
      if (sessionToken) return csrfBinding({ sessionToken });
      const guest = guestOf(request);
      return guest ? csrfBinding({ guestId: guest.id }) : undefined;
    };

    const setToken = (reply: FastifyReply, binding: string, maxAge: number): FastifyReply =>
      reply.setCookie(CSRF_COOKIE, signCsrfToken(opts.appKey, binding), { ...cookieBase, httpOnly: false, maxAge });

    const startGuest = (reply: FastifyReply): FastifyReply => {
      const value = signGuestSession(opts.appKey, nowSeconds());
      const guest = readGuestSession(opts.appKey, value)!;
      reply.setCookie(GUEST_COOKIE, value, { ...cookieBase, httpOnly: true, maxAge: guestLifetime });
      return setToken(reply, csrfBinding({ guestId: guest.id }), guestLifetime);
    };

    app.decorateReply('issueCsrfCookie', function (this: FastifyReply, sessionToken?: string) {
      const token = sessionToken ?? this.request.cookies[SESSION_COOKIE];
      if (token) {
        // A session replaces the guest session.
        if (this.request.cookies[GUEST_COOKIE] !== undefined) {
          this.clearCookie(GUEST_COOKIE, { ...cookieBase, httpOnly: true });
        }
        return setToken(this, csrfBinding({ sessionToken: token }), opts.sessionLifetimeSeconds);
      }
      const guest = guestOf(this.request);
      // Past half its life, a new guest session: the token fetched before a form is sent stays good.
      if (!guest || guest.age >= guestLifetime / 2) return startGuest(this);
      return setToken(this, csrfBinding({ guestId: guest.id }), guestLifetime - guest.age);
    });

    app.decorateReply('startGuestSession', function (this: FastifyReply) {
      return startGuest(this);
    });

    /**
     * A present Origin (else Referer) must be the app's own: APP_URL's origin, or the origin the
     * request was addressed to (a dev proxy such as Vite's forwards the browser's Host).
     */
    const fromThisApp = (request: FastifyRequest): boolean => {
      const origin = request.headers.origin;
      const referer = request.headers.referer;
      let claimed: string | undefined;
      if (origin !== undefined) claimed = originOf(origin);
      else if (referer !== undefined) claimed = originOf(referer);
      else return true; // nothing said; the token decides
      if (claimed === undefined) return false;
      return claimed === appOrigin || claimed === originOf(`${request.protocol}://${request.host}`);
    };

    const check = (request: FastifyRequest): AppError | undefined => {
      if (!UNSAFE_METHODS.has(request.method)) return undefined;
      const url = request.url;
      if (exempt.some((p) => url.startsWith(p))) return undefined;
      // A bearer request with no session cookie carries no ambient credentials, so nothing to forge
      // (docs/product/realtime.md#authorisation: a bearer authorization header when a token is configured).
      if (isBearerOnly(request)) return undefined;
      if (!fromThisApp(request)) return AppError.csrf();
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof header !== 'string' || !header || !cookie) return AppError.csrf();
      const token = decode(header);
      if (!safeEqual(token, decode(cookie))) return AppError.csrf();
      const binding = bindingOf(request);
      if (binding === undefined || !verifyCsrfToken(opts.appKey, binding, token)) return AppError.csrf();
      return undefined;
    };
    app.addHook('onRequest', (request, _reply, done) => done(check(request)));
  },
  { name: 'csrf', dependencies: ['cookies'] },
);
