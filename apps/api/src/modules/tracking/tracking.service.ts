import type { Tracking, TrackingLink, TransactionStatus } from '@remit/contract';
import { TRACKING_TOKEN_PATTERN } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { bucket, reserve, type RateLimitStore } from '../../lib/throttle/index.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';
import { trackingRepository } from './tracking.repository.ts';

/** Public lookups per client address: 60 per 10 minutes, every request counted. */
export const TRACKING_LOOKUPS = { max: 60, windowMs: 10 * 60_000 };

export interface TrackingServiceDeps {
  db: Kysely<Database>;
  now: Clock;
  store: RateLimitStore;
  /** The transfer a link is for (the transfers module owns it). */
  transfers: Pick<TransfersService, 'isCustomers' | 'publicView'>;
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
    if (!(await this.deps.transfers.isCustomers(auth.customerId, id))) throw AppError.notFound();
    return id;
  }

  /** POST /client/v1/transactions/:id/tracking-link: a new token (the old link stops working). */
  async create(auth: AuthContext, id: string): Promise<TrackingLink> {
    const transactionId = await this.owned(auth, id);
    const token = randomToken(32);
    await trackingRepository.save(this.deps.db, transactionId, sha256Hex(token), this.deps.now());
    return { url: `${this.deps.appUrl.replace(/\/+$/, '')}/track/${token}`, token };
  }

  /** DELETE /client/v1/transactions/:id/tracking-link. */
  async revoke(auth: AuthContext, id: string): Promise<void> {
    const transactionId = await this.owned(auth, id);
    await trackingRepository.delete(this.deps.db, transactionId);
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
    const transactionId = await trackingRepository.transactionIdByTokenHash(this.deps.db, hash);
    const row = transactionId ? await this.deps.transfers.publicView(transactionId) : undefined;
    if (!row || !TRACKING_TOKEN_PATTERN.test(token)) throw AppError.notFound();
    return {
      status: row.status as TransactionStatus,
      amount: row.target_amount,
      currency: row.target_currency,
      recipient_first_name: row.recipient_name.trim().split(/\s+/)[0] ?? '',
      delivery_estimate: row.delivery_estimate,
      timeline: row.timeline.map((e) => ({ status: e.status as TransactionStatus, at: new Date(e.at).toISOString() })),
      // The expected arrival and a delay, as the sender sees them (docs/product/expected-times.md).
      expected_at: row.expected_at,
      delay: row.delay,
    };
  }
}
