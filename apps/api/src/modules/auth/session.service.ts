import type { Kysely } from 'kysely';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor, MfaMethodColumn, SessionRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import type { CustomerProfileRow } from '../customers/customer-profile.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import { sessionViewFromColumns, type SessionView } from '../customers/customer.mapper.ts';
import { SessionCache } from './session-cache.ts';
import { localInvalidationBus, type InvalidationBus, type InvalidationTarget } from './session-cache-bus.ts';
import { sessionRepository } from './session.repository.ts';

/** touched_at is refreshed at most once a minute. */
export const TOUCH_INTERVAL_MS = 60_000;

export interface StartSessionInput extends ClientInfo {
  customerId: string;
  mfaMethod: MfaMethodColumn | null;
  isMfaCompleted: boolean;
  /** The passkey the customer signed in with (docs/product/auth-and-sessions.md#passkeys). */
  passkeyId?: string | null | undefined;
}

/** Shared between requests while cached: read it, never change it (it is frozen). */
export interface AuthContext {
  readonly session: Readonly<SessionView>;
  readonly customerId: string;
  readonly lastAuthenticatedAt: Date;
  /** The action the last step-up was made for, if any (docs/product/auth-and-sessions.md#step-up). */
  readonly stepUpScope: string | null;
  /** The session's absolute end. */
  readonly expiresAt: Date;
  readonly profile: Readonly<CustomerProfileRow>;
}

/** The session has an MFA method and has not completed it yet. */
export function isMfaPending(auth: Pick<AuthContext, 'session'>): boolean {
  return auth.session.mfa_method !== null && !auth.session.is_mfa_completed;
}

function freeze(auth: AuthContext): AuthContext {
  Object.freeze(auth.session);
  if (auth.profile.address) Object.freeze(auth.profile.address);
  if (auth.profile.attribute_values) Object.freeze(auth.profile.attribute_values);
  Object.freeze(auth.profile);
  return Object.freeze(auth);
}

export interface SessionServiceDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'session'>;
  now: Clock;
  /** The session-and-profile lookup of every authenticated request. */
  profiles: Pick<CustomersService, 'profileBySessionTokenHash'>;
  /** Connects the cache to the other instances (default: a single instance). */
  createBus?: (cache: InvalidationTarget) => InvalidationBus;
}

export class SessionService {
  private readonly idleMs: number;
  private readonly absoluteMs: number;

  /** Authenticated sessions of this instance (see session-cache.ts for the rules). */
  readonly cache: SessionCache<AuthContext>;
  private readonly bus: InvalidationBus;

  private readonly db: Kysely<Database>;
  private readonly now: Clock;
  private readonly profiles: SessionServiceDeps['profiles'];

  constructor(deps: SessionServiceDeps) {
    const { config, now, createBus = () => localInvalidationBus } = deps;
    this.db = deps.db;
    this.now = now;
    this.profiles = deps.profiles;
    this.idleMs = config.session.idleMinutes * 60_000;
    this.absoluteMs = config.session.absoluteHours * 3_600_000;
    this.cache = new SessionCache({
      ttlMs: config.session.cacheSeconds * 1000,
      maxEntries: config.session.cacheMaxEntries,
      now,
    });
    this.bus = createBus(this.cache);
  }

  get absoluteLifetimeSeconds(): number {
    return Math.floor(this.absoluteMs / 1000);
  }

  /** Start a fresh session (revoking the one the client presented). Returns the cookie token. */
  async start(db: Executor, input: StartSessionInput): Promise<{ token: string; session: SessionView }> {
    const t = this.now();
    if (input.previousToken) await sessionRepository.revokeByTokenHash(db, sha256Hex(input.previousToken), t);
    const token = randomToken(32);
    const ua = parseUserAgent(input.userAgent);
    const row = await sessionRepository.insert(db, {
      id: newId(),
      token_hash: sha256Hex(token),
      public_token: randomToken(24),
      customer_id: input.customerId,
      is_mfa_completed: input.isMfaCompleted,
      mfa_method: input.mfaMethod,
      passkey_id: input.passkeyId ?? null,
      client_version: ua.clientVersion?.slice(0, 100) ?? null,
      os_version: ua.osVersion?.slice(0, 100) ?? null,
      ip: input.ip?.slice(0, 64) ?? null,
      touched_at: t,
      last_authenticated_at: t,
      expires_at: new Date(t.getTime() + this.absoluteMs),
      created_at: t,
      updated_at: t,
    });
    return { token, session: row };
  }

  /**
   * Resolve a cookie token to a live session and its customer profile: from the session cache, or
   * in one query. Null when unknown, revoked, idle for too long, or past its absolute lifetime.
   */
  authenticate(token: string | undefined): Promise<AuthContext | null> {
    return Promise.resolve(this.authenticateNow(token));
  }

  /**
   * `authenticate`, answered at once (no promise) when the session is served from the cache, so a
   * signed-in request with a cached session waits on nothing (plugins/session.ts); a promise when
   * the database has to decide.
   */
  authenticateNow(token: string | undefined): AuthContext | null | Promise<AuthContext | null> {
    if (!token || token.length > 128) return null;
    const tokenHash = sha256Hex(token);
    const nowMs = this.now().getTime();
    const cached = this.cache.get(tokenHash);
    // A hit is served only while no touch is due; otherwise the database decides (another instance
    // may have touched the session since, so "idle" is only believed from the database).
    if (cached && nowMs < cached.expiresAt.getTime() && nowMs - lastActivity(cached.session) < TOUCH_INTERVAL_MS) {
      return cached;
    }
    return this.readSession(tokenHash);
  }

  /** The database's answer for this token hash (a cache miss, or a touch due); cached if live. */
  private async readSession(tokenHash: string): Promise<AuthContext | null> {
    const ticket = this.cache.ticket();
    const row = await this.profiles.profileBySessionTokenHash(tokenHash);
    if (!row) return null;
    const t = this.now();
    if (t.getTime() >= row.s_expires_at.getTime()) return null;
    let session = sessionViewFromColumns(row);
    const last = lastActivity(session);
    if (t.getTime() - last > this.idleMs) return null;
    if (t.getTime() - last >= TOUCH_INTERVAL_MS) {
      await sessionRepository.touch(this.db, row.s_id, t);
      session = { ...session, touched_at: t };
    }
    const auth = freeze({
      session,
      customerId: row.s_customer_id,
      lastAuthenticatedAt: row.s_last_authenticated_at,
      stepUpScope: row.s_step_up_scope,
      expiresAt: row.s_expires_at,
      profile: row,
    });
    this.cache.store(tokenHash, auth.customerId, auth, ticket);
    return auth;
  }

  /**
   * After a committed change to a customer (profile, account, sessions): drop their cached sessions
   * here and on every other instance. Resolves once the other instances have been told.
   */
  async forgetCustomer(customerId: string): Promise<void> {
    this.cache.invalidate({ customerId });
    await this.bus.publish({ customerId });
  }

  /** After a committed change to one session (revoked, rotated, MFA passed). */
  async forgetToken(token: string): Promise<void> {
    if (token.length > 128) return;
    const tokenHash = sha256Hex(token);
    this.cache.invalidate({ tokenHash });
    await this.bus.publish({ tokenHash });
  }

  /** Stops listening to the other instances (app shutdown). */
  async close(): Promise<void> {
    await this.bus.close();
  }

  /** End every live session of a customer (password reset/change). Returns the ended session ids. */
  async revokeAllForCustomer(db: Executor, customerId: string): Promise<string[]> {
    return sessionRepository.revokeAllForCustomer(db, customerId, this.now());
  }

  /** The password was just re-entered on this session: it counts as freshly authenticated from `at`. */
  async markAuthenticated(db: Executor, sessionId: string, at: Date, scope: string | null = null): Promise<void> {
    await sessionRepository.markAuthenticated(db, sessionId, at, scope);
  }

  /**
   * The customer's live sessions (devices: not revoked, not past their end, active since
   * `activeSince`), most recently active first.
   */
  listLive(customerId: string, now: Date, activeSince: Date): Promise<SessionRow[]> {
    return sessionRepository.listLive(this.db, customerId, now, activeSince);
  }

  /** Ends one live session of this customer in the caller's transaction; false when there is none with that id. */
  revokeLive(trx: Executor, customerId: string, id: string, now: Date, activeSince: Date): Promise<boolean> {
    return sessionRepository.revokeLive(trx, customerId, id, now, activeSince);
  }

  /** End the session of this cookie token (the caller asks for its cache entry to go after the commit). */
  async revoke(db: Executor, token: string | undefined): Promise<void> {
    if (!token || token.length > 128) return;
    await sessionRepository.revokeByTokenHash(db, sha256Hex(token), this.now());
  }
}

function lastActivity(session: Pick<SessionView, 'touched_at' | 'created_at'>): number {
  return (session.touched_at ?? session.created_at).getTime();
}
