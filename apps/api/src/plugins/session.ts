import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { negotiateLocale } from '../adapters/mail/templates/index.ts';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { isMfaPending, type AuthContext, type SessionService } from '../modules/auth/session.service.ts';
import type { ClientInfo } from '../lib/client-info.ts';
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from '../modules/known-devices/device-cookie.ts';

export const SESSION_COOKIE = 'remit_session';
/** The device cookie of docs/product/auth-and-sessions.md#throttling (modules/known-devices/device-cookie.ts). */
export const DEVICE_COOKIE = 'remit_device';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /**
     * preHandler for routes that need a live session; sets request.auth or answers 401. A session
     * still waiting for multi-factor authentication gets 403 `mfa_required`
     * (docs/product/auth-and-sessions.md#mfa).
     */
    requireSession: SessionGuard;
    /** Like requireSession but lets a session waiting for MFA through (only the MFA and resend calls). */
    requireSessionPendingMfa: SessionGuard;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The raw session cookie, if any. */
    readonly sessionToken: string | undefined;
    /** User agent, ip and current cookie, for services that start or end sessions. */
    clientInfo(): ClientInfo;
  }
  interface FastifyReply {
    setSessionCookie(token: string): FastifyReply;
    clearSessionCookie(): FastifyReply;
    /** Remember this browser as a known device (signed value from KnownDevicesService). */
    setDeviceCookie(value: string): FastifyReply;
  }
}

/**
 * A callback-style hook (onRequest, preValidation or preHandler): with a cached session it calls
 * `done` at once, with no promise in between (docs/benchmarks.md, the signed-in budget).
 */
export type SessionGuard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Paths that also accept `Authorization: Bearer <session token>` (docs/product/realtime.md#authorisation). */
export const BEARER_PATH_PREFIXES = ['/broadcasting/'];

/** The bearer token of a request to a bearer-enabled path (only used when no session cookie came). */
export function bearerSessionToken(request: FastifyRequest): string | undefined {
  if (!BEARER_PATH_PREFIXES.some((p) => request.url.startsWith(p))) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return m?.[1];
}

/** Pusher socket ids look like `123.456`; anything else is ignored. */
const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;
function socketIdHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && SOCKET_ID.test(value) ? value : undefined;
}

export interface SessionPluginOptions {
  config: Config;
  /** Built in the composition root (its cache is told of changes by each change's unit of work). */
  sessions: SessionService;
}

export default fp(
  async function sessionPlugin(app: FastifyInstance, opts: SessionPluginOptions) {
    const { sessions } = opts;
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.config.secureCookies,
    };

    app.decorate('sessions', sessions);
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionToken', {
      getter(this: FastifyRequest) {
        return this.cookies[SESSION_COOKIE];
      },
    });
    app.decorateRequest('clientInfo', function (this: FastifyRequest): ClientInfo {
      return {
        userAgent: this.headers['user-agent'],
        ip: this.ip,
        previousToken: this.cookies[SESSION_COOKIE],
        locale: negotiateLocale(this.headers['accept-language']),
        socketId: socketIdHeader(this.headers['x-socket-id']),
        deviceCookie: this.cookies[DEVICE_COOKIE],
      };
    });
    app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
      this.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: sessions.absoluteLifetimeSeconds });
      // A new session, a new anti-forgery token (docs/product/auth-and-sessions.md#csrf).
      return this.issueCsrfCookie(token);
    });
    app.decorateReply('setDeviceCookie', function (this: FastifyReply, value: string) {
      return this.setCookie(DEVICE_COOKIE, value, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      this.clearCookie(SESSION_COOKIE, cookieOptions);
      // Signed out: a guest session and its token, so the sign-in page works at once (#csrf).
      return this.startGuestSession();
    });
    /**
     * A guard admitting the session of `tokenOf(request)`: 401 without a live one; unless
     * `allowPendingMfa`, 403 `mfa_required` while its MFA is pending. Verified email => sign-in put
     * an MFA method on the session; until it is passed, only the MFA, resend-MFA-code and logout
     * calls are reachable. (Unverified sessions have no method.)
     */
    type TokenOf = (request: FastifyRequest) => string | undefined;
    const guard = (tokenOf: TokenOf, allowPendingMfa: boolean): SessionGuard => {
      const admit = (request: FastifyRequest, auth: AuthContext | null): AppError | undefined => {
        if (!auth) return AppError.unauthenticated();
        if (!allowPendingMfa && isMfaPending(auth)) return AppError.mfaRequired(auth.session.mfa_method!);
        request.auth = auth;
        return undefined;
      };
      return (request, _reply, done) => {
        let found: ReturnType<SessionService['authenticateNow']>;
        try {
          found = sessions.authenticateNow(tokenOf(request));
        } catch (err) {
          done(err as Error);
          return;
        }
        if (found instanceof Promise) {
          void found.then(
            (auth) => done(admit(request, auth)),
            (err: unknown) => done(err as Error),
          );
        } else {
          done(admit(request, found));
        }
      };
    };
    app.decorate(
      'requireSessionPendingMfa',
      guard((request) => request.cookies[SESSION_COOKIE], true),
    );
    app.decorate(
      'requireSession',
      guard((request) => request.cookies[SESSION_COOKIE] ?? bearerSessionToken(request), false),
    );
  },
  { name: 'session', dependencies: ['cookies', 'csrf'] },
);
