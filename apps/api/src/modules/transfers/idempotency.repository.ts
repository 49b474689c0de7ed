import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

export interface IdempotencyRow {
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: unknown;
  expires_at: Date;
}

/** Idempotency keys, per customer (docs/product/money-movement.md#idempotency). */
export const idempotencyRepository = {
  /**
   * Takes the key's lock for the rest of the caller's transaction, without waiting: false when a
   * request on any instance holds it. The server lets it go when that transaction ends, or when its
   * connection closes because the process died, so a dead request never holds a key. The name is
   * hashed to 64 bits; two keys sharing a hash would only turn one request into a 409 to retry.
   */
  async lock(trx: Executor, customerId: string, key: string): Promise<boolean> {
    const { rows } = await sql<{ taken: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${`idempotency-key:${customerId}:${key}`}, 0)) as taken
    `.execute(trx);
    return rows[0]?.taken === true;
  },

  find(db: Executor, customerId: string, key: string): Promise<IdempotencyRow | undefined> {
    return db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'state', 'response_status', 'response_body', 'expires_at'])
      .where('customer_id', '=', customerId)
      .where('key', '=', key)
      .executeTakeFirst();
  },

  /**
   * Stores the answer of the key's request, in the transaction that made the answer: a new row, or
   * one over an expired row of the key, or over a `running` row (claims of an earlier version, whose
   * request died). False when a live answer is there already: the caller rolls back.
   */
  async store(
    db: Executor,
    row: {
      customerId: string;
      key: string;
      requestHash: string;
      at: Date;
      expiresAt: Date;
      response: { status: number; body: unknown };
    },
  ): Promise<boolean> {
    const done = {
      request_hash: row.requestHash,
      state: 'done',
      response_status: row.response.status,
      response_body: JSON.stringify(row.response.body),
      created_at: row.at,
      expires_at: row.expiresAt,
    } as const;
    const stored = await db
      .insertInto('idempotency_keys')
      .values({ customer_id: row.customerId, key: row.key, ...done })
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'key'])
          .doUpdateSet(done)
          .where((eb) =>
            eb.or([eb('idempotency_keys.expires_at', '<=', row.at), eb('idempotency_keys.state', '=', 'running')]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    return stored !== undefined;
  },

  /** Deletes the keys older than their 24 hours; answers how many. */
  async sweep(db: Executor, at: Date): Promise<number> {
    const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', at).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
