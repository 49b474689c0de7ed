import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { negotiateLocale } from '../adapters/mail/templates/index.ts';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { createRedisInvalidationBus, localInvalidationBus } from '../modules/auth/session-cache-bus.ts';
import { isMfaPending, SessionService, type AuthContext, type ClientInfo } from '../modules/auth/session.service.ts';

export const SESSION_COOKIE = 'remit_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An unsafe-method route that changes nothing (e.g. signing a channel): keeps the session cache. */
    readOnly?: boolean;
  }
  interface FastifyInstance {
    sessions: SessionService;
    /**
     * preHandler for routes that need a live session; sets request.auth or answers 401. A session
     * still waiting for multi-factor authentication gets 403 `mfa_required` (PRODUCT.md).
     */
    requireSession(request: FastifyRequest): Promise<void>;
    /** Like requireSession but lets a session waiting for MFA through (only the MFA and resend calls). */
    requireSessionPendingMfa(request: FastifyRequest): Promise<void>;
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
  }
}

/** Paths that also accept `Authorization: Bearer <session token>` (seed §7, broadcasting auth). */
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
  now: Clock;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(
  async function sessionPlugin(app: FastifyInstance, opts: SessionPluginOptions) {
    const redisUrl = opts.config.session.cacheSeconds > 0 ? opts.config.redisUrl : undefined;
    const sessions = new SessionService(app.db, opts.config, opts.now, (cache) => {
      if (!redisUrl) return localInvalidationBus;
      return createRedisInvalidationBus({ url: redisUrl, target: cache, logger: app.log.child({ module: 'session-cache' }) });
    });
    app.addHook('onClose', async () => sessions.close());
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
      };
    });
    app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
      return this.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: sessions.absoluteLifetimeSeconds });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, cookieOptions);
    });
    // Whatever an unsafe request of a signed-in customer changed is committed by now: drop their
    // cached sessions (and the session the cookie named: sign-in and MFA rotate it) before answering.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!UNSAFE_METHODS.has(request.method) || request.routeOptions.config.readOnly) return done(null, payload);
      // (cookies can be missing when the request failed before they were parsed)
      const token = request.cookies?.[SESSION_COOKIE] ?? bearerSessionToken(request);
      Promise.all([
        request.auth ? sessions.forgetCustomer(request.auth.customerId) : undefined,
        token ? sessions.forgetToken(token) : undefined,
      ]).then(
        () => done(null, payload),
        (err: unknown) => done(err as Error),
      );
    });
    app.decorate('requireSessionPendingMfa', async function (request: FastifyRequest) {
      const auth = await sessions.authenticate(request.cookies[SESSION_COOKIE]);
      if (!auth) throw AppError.unauthenticated();
      request.auth = auth;
    });
    app.decorate('requireSession', async function (request: FastifyRequest) {
      const auth = await sessions.authenticate(request.cookies[SESSION_COOKIE] ?? bearerSessionToken(request));
      if (!auth) throw AppError.unauthenticated();
      // Verified email => sign-in put an MFA method on the session; until it is passed, only the
      // MFA, resend-MFA-code and logout calls are reachable. (Unverified sessions have no method.)
      if (isMfaPending(auth)) throw AppError.mfaRequired(auth.session.mfa_method!);
      request.auth = auth;
    });
  },
  { name: 'session', dependencies: ['db', 'cookies'] },
);
