import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { SessionService, type AuthContext, type ClientInfo } from '../modules/auth/session.service.ts';

export const SESSION_COOKIE = 'remit_session';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /** preHandler for routes that need a live session; sets request.auth or answers 401. */
    requireSession(request: FastifyRequest): Promise<void>;
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

export interface SessionPluginOptions {
  config: Config;
  now: Clock;
}

export default fp(
  async function sessionPlugin(app: FastifyInstance, opts: SessionPluginOptions) {
    const sessions = new SessionService(app.db, opts.config, opts.now);
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
      return { userAgent: this.headers['user-agent'], ip: this.ip, previousToken: this.cookies[SESSION_COOKIE] };
    });
    app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
      return this.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: sessions.absoluteLifetimeSeconds });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, cookieOptions);
    });
    app.decorate('requireSession', async function (request: FastifyRequest) {
      const auth = await sessions.authenticate(request.cookies[SESSION_COOKIE]);
      if (!auth) throw AppError.unauthenticated();
      request.auth = auth;
    });
  },
  { name: 'session', dependencies: ['db', 'cookies'] },
);
