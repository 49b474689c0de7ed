import type { Kysely } from 'kysely';
import type { Locale } from '../../adapters/mail/templates/index.ts';
import type { Config } from '../../config.ts';
import type { Database, MfaMethodColumn } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import { customerRepository, type CustomerProfileRow, type Executor } from '../customers/customer.repository.ts';
import { sessionViewFromColumns, type SessionView } from '../customers/customer.mapper.ts';
import { sessionRepository } from './session.repository.ts';

/** touched_at is refreshed at most once a minute. */
export const TOUCH_INTERVAL_MS = 60_000;

export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
  /** The session cookie the client sent, revoked when a new session starts (rotation). */
  previousToken?: string | undefined;
  /** Language for mails sent during this request (from Accept-Language). */
  locale?: Locale | undefined;
}

export interface StartSessionInput extends ClientInfo {
  customerId: string;
  mfaMethod: MfaMethodColumn | null;
  isMfaCompleted: boolean;
}

export interface AuthContext {
  session: SessionView;
  customerId: string;
  lastAuthenticatedAt: Date;
  profile: CustomerProfileRow;
}

export class SessionService {
  private readonly idleMs: number;
  private readonly absoluteMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    config: Pick<Config, 'session'>,
    private readonly now: Clock,
  ) {
    this.idleMs = config.session.idleMinutes * 60_000;
    this.absoluteMs = config.session.absoluteHours * 3_600_000;
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
   * Resolve a cookie token to a live session and its customer profile in one query.
   * Null when unknown, revoked, idle for too long, or past its absolute lifetime.
   */
  async authenticate(token: string | undefined): Promise<AuthContext | null> {
    if (!token || token.length > 128) return null;
    const row = await customerRepository.findProfileBySessionTokenHash(this.db, sha256Hex(token));
    if (!row) return null;
    const t = this.now();
    const nowMs = t.getTime();
    if (nowMs >= row.s_expires_at.getTime()) return null;
    const lastActivity = (row.s_touched_at ?? row.s_created_at).getTime();
    if (nowMs - lastActivity > this.idleMs) return null;
    const session = sessionViewFromColumns(row);
    if (nowMs - lastActivity >= TOUCH_INTERVAL_MS) {
      await sessionRepository.touch(this.db, row.s_id, t);
      session.touched_at = t;
    }
    return { session, customerId: row.s_customer_id, lastAuthenticatedAt: row.s_last_authenticated_at, profile: row };
  }

  /** End every live session of a customer (password reset/change). Returns the ended session ids. */
  async revokeAllForCustomer(db: Executor, customerId: string): Promise<string[]> {
    return sessionRepository.revokeAllForCustomer(db, customerId, this.now());
  }

  async revoke(token: string | undefined): Promise<void> {
    if (!token || token.length > 128) return;
    await sessionRepository.revokeByTokenHash(this.db, sha256Hex(token), this.now());
  }
}
