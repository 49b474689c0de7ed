import type { Tracking, TrackingLink, TransactionStatus } from '@remit/contract';
import { TRACKING_TOKEN_PATTERN } from '@remit/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { bucket, reserve, type RateLimitStore } from '../../lib/throttle/index.ts';
import type { AuthContext } from '../auth/session.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Public lookups per client address: 60 per 10 minutes, every request counted. */
export const TRACKING_LOOKUPS = { max: 60, windowMs: 10 * 60_000 };

export interface TrackingServiceDeps {
  db: Kysely<Database>;
  now: Clock;
  store: RateLimitStore;
  /** The shared link is `{appUrl}/track/{token}`. */
  appUrl: string;
}

/**
 * Shareable tracking links (docs/product/money-movement.md#tracking): one per transfer, stored by
 * the SHA-256 of a random 32-byte token (so the database never holds a usable link); making it
 * again replaces it, revoking deletes it. The public lookup answers only what the recipient needs.
 */
export class TrackingService {
  constructor(private readonly deps: TrackingServiceDeps) {}

  private async owned(auth: AuthContext, id: string): Promise<string> {
    const row = UUID.test(id)
      ? await this.deps.db
          .selectFrom('transactions')
          .select('id')
          .where('id', '=', id)
          .where('customer_id', '=', auth.customerId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw AppError.notFound();
    return row.id;
  }

  /** POST /client/v1/transactions/:id/tracking-link: a new token (the old link stops working). */
  async create(auth: AuthContext, id: string): Promise<TrackingLink> {
    const transactionId = await this.owned(auth, id);
    const token = randomToken(32);
    await this.deps.db
      .insertInto('tracking_links')
      .values({ transaction_id: transactionId, token_hash: sha256Hex(token), created_at: this.deps.now() })
      .onConflict((oc) =>
        oc.column('transaction_id').doUpdateSet({
          token_hash: (eb) => eb.ref('excluded.token_hash'),
          created_at: (eb) => eb.ref('excluded.created_at'),
        }),
      )
      .execute();
    return { url: `${this.deps.appUrl.replace(/\/+$/, '')}/track/${token}`, token };
  }

  /** DELETE /client/v1/transactions/:id/tracking-link. */
  async revoke(auth: AuthContext, id: string): Promise<void> {
    const transactionId = await this.owned(auth, id);
    await this.deps.db.deleteFrom('tracking_links').where('transaction_id', '=', transactionId).execute();
  }

  /**
   * GET /public/v1/track/:token: counted per address first, then one lookup by the token's hash
   * whatever the token looks like (an unknown, revoked or malformed token is the same 404 after the
   * same work). Nothing about the sender.
   */
  async lookup(token: string, client: ClientInfo): Promise<Tracking> {
    const attempt = await reserve(
      this.deps.store,
      [bucket('tracking:ip', client.ip ?? 'unknown', TRACKING_LOOKUPS)],
      'attempts',
      client.locale,
    );
    attempt.fail();
    const hash = sha256Hex(token);
    const row = await this.deps.db
      .selectFrom('tracking_links')
      .innerJoin('transactions', 'transactions.id', 'tracking_links.transaction_id')
      .select([
        'transactions.id',
        'transactions.status',
        sql<string>`transactions.target_amount::text`.as('target_amount'),
        'transactions.target_currency',
        'transactions.recipient_name',
        'transactions.delivery_estimate',
      ])
      .where('tracking_links.token_hash', '=', hash)
      .executeTakeFirst();
    if (!row || !TRACKING_TOKEN_PATTERN.test(token)) throw AppError.notFound();
    const events = await this.deps.db
      .selectFrom('transaction_events')
      .select(['status', 'at'])
      .where('transaction_id', '=', row.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return {
      status: row.status as TransactionStatus,
      amount: row.target_amount,
      currency: row.target_currency,
      recipient_first_name: row.recipient_name.trim().split(/\s+/)[0] ?? '',
      delivery_estimate: row.delivery_estimate,
      timeline: events.map((e) => ({ status: e.status as TransactionStatus, at: new Date(e.at).toISOString() })),
    };
  }
}
