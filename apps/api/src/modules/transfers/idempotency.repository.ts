import type { Executor } from '../../db/types.ts';

export interface IdempotencyRow {
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: unknown;
  expires_at: Date;
}

/**
 * How long a `running` claim is honoured. Nothing a claim guards is stored until the answer is (one
 * transaction), so a claim this old belongs to a request whose process died: the key is free again.
 */
export const RUNNING_CLAIM_LEASE_MS = 120_000;

/** Idempotency keys, per customer (docs/product/money-movement.md#idempotency). */
export const idempotencyRepository = {
  /**
   * Claims the key as `running`: true when this request now holds it (new; or the old one had
   * expired, or was left `running` longer than {@link RUNNING_CLAIM_LEASE_MS} by a process that died
   * before answering, and is overwritten), false when a live row already exists.
   */
  async claim(
    db: Executor,
    row: { customerId: string; key: string; requestHash: string; at: Date; expiresAt: Date },
  ): Promise<boolean> {
    // A new claim, or the one that overwrites a stale row of the same key.
    const running = {
      request_hash: row.requestHash,
      state: 'running',
      response_status: null,
      response_body: null,
      created_at: row.at,
      expires_at: row.expiresAt,
    } as const;
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ customer_id: row.customerId, key: row.key, ...running })
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'key'])
          .doUpdateSet(running)
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<=', row.at),
              eb.and([
                eb('idempotency_keys.state', '=', 'running'),
                eb('idempotency_keys.created_at', '<=', new Date(row.at.getTime() - RUNNING_CLAIM_LEASE_MS)),
              ]),
            ]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    return claimed !== undefined;
  },

  find(db: Executor, customerId: string, key: string): Promise<IdempotencyRow | undefined> {
    return db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'state', 'response_status', 'response_body', 'expires_at'])
      .where('customer_id', '=', customerId)
      .where('key', '=', key)
      .executeTakeFirst();
  },

  /** Stores the answer and marks the key done (in the transaction that made the answer). */
  async complete(
    db: Executor,
    customerId: string,
    key: string,
    requestHash: string,
    response: { status: number; body: unknown },
  ): Promise<void> {
    await db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: response.status, response_body: JSON.stringify(response.body) })
      .where('customer_id', '=', customerId)
      .where('key', '=', key)
      .where('request_hash', '=', requestHash)
      .where('state', '=', 'running')
      .execute();
  },

  /** Lets the key go after a failed request, so that a corrected retry may use it. */
  async release(db: Executor, customerId: string, key: string, requestHash: string): Promise<void> {
    await db
      .deleteFrom('idempotency_keys')
      .where('customer_id', '=', customerId)
      .where('key', '=', key)
      .where('request_hash', '=', requestHash)
      .where('state', '=', 'running')
      .execute();
  },

  /** Deletes the keys older than their 24 hours; answers how many. */
  async sweep(db: Executor, at: Date): Promise<number> {
    const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', at).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
