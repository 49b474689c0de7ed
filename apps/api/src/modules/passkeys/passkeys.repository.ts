import type { Executor } from '../../db/types.ts';
import type { PasskeyRow, WebauthnPurpose } from './passkeys.tables.ts';

export interface NewPasskey {
  id: string;
  customerId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  aaguid: string | null;
  userHandle: string;
  name: string;
  at: Date;
}

export interface NewChallenge {
  id: string;
  challengeHash: string;
  purpose: WebauthnPurpose;
  sessionId: string | null;
  customerId: string | null;
  browserBinding: string | null;
  expiresAt: Date;
  at: Date;
}

/** What a challenge must be bound to for its answer to count. */
export type ChallengeBinding = { sessionId: string } | { browserBinding: string };

/** SQL of the passkeys and webauthn_challenges tables (docs/product/auth-and-sessions.md#passkeys). */
export const passkeysRepository = {
  /** The customer's passkeys, newest first. */
  listForCustomer(db: Executor, customerId: string): Promise<PasskeyRow[]> {
    return db
      .selectFrom('passkeys')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /** How many passkeys the customer has (the step-up lists 'passkey' among the factors when any). */
  async countForCustomer(db: Executor, customerId: string): Promise<number> {
    const row = await db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  findByCredentialId(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
    return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  },

  /** The names of these passkeys of the customer (the devices list). */
  async namesOf(db: Executor, customerId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('passkeys')
      .select(['id', 'name'])
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async insert(db: Executor, p: NewPasskey): Promise<PasskeyRow> {
    return db
      .insertInto('passkeys')
      .values({
        id: p.id,
        customer_id: p.customerId,
        credential_id: p.credentialId,
        // a Buffer: both drivers (pg, PGlite) write it as bytea
        public_key: Buffer.from(p.publicKey),
        counter: p.counter,
        transports: JSON.stringify(p.transports),
        device_type: p.deviceType,
        backed_up: p.backedUp,
        aaguid: p.aaguid,
        user_handle: p.userHandle,
        name: p.name,
        created_at: p.at,
        last_used_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /**
   * Records a use: the new counter and the time. Conditional on the counter still being below the
   * new one (or both zero: an authenticator that keeps no counter), so two answers racing with the
   * same counter cannot both count. False when the row did not change.
   */
  async recordUse(db: Executor, id: string, counter: number, at: Date): Promise<boolean> {
    const rows = await db
      .updateTable('passkeys')
      .set({ counter, last_used_at: at })
      .where('id', '=', id)
      .where((eb) => (counter === 0 ? eb('counter', '=', 0) : eb('counter', '<', counter)))
      .returning('id')
      .execute();
    return rows.length > 0;
  },

  /** Removes one passkey of this customer; undefined when there is none with that id. */
  deleteForCustomer(db: Executor, customerId: string, id: string): Promise<{ name: string } | undefined> {
    return db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .returning('name')
      .executeTakeFirst();
  },

  async insertChallenge(db: Executor, c: NewChallenge): Promise<void> {
    await db
      .insertInto('webauthn_challenges')
      .values({
        id: c.id,
        challenge_hash: c.challengeHash,
        purpose: c.purpose,
        session_id: c.sessionId,
        customer_id: c.customerId,
        browser_binding: c.browserBinding,
        expires_at: c.expiresAt,
        consumed_at: null,
        created_at: c.at,
      })
      .execute();
  },

  /**
   * Uses up the challenge with this hash, purpose and binding if it is unexpired and unused: one
   * statement, so of two answers to one challenge (on any instance) only one gets it. Returns its
   * customer (null for a sign-in challenge), or undefined when there is no such usable challenge.
   */
  async consumeChallenge(
    db: Executor,
    challengeHash: string,
    purpose: WebauthnPurpose,
    binding: ChallengeBinding,
    at: Date,
  ): Promise<{ customerId: string | null } | undefined> {
    let q = db
      .updateTable('webauthn_challenges')
      .set({ consumed_at: at })
      .where('challenge_hash', '=', challengeHash)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', at);
    q =
      'sessionId' in binding
        ? q.where('session_id', '=', binding.sessionId)
        : q.where('browser_binding', '=', binding.browserBinding);
    const row = await q.returning('customer_id').executeTakeFirst();
    return row ? { customerId: row.customer_id } : undefined;
  },

  /** Forgets challenges expired before `before`, a bounded batch at a time (called as new ones are issued). */
  async deleteExpiredChallenges(db: Executor, before: Date, limit = 100): Promise<void> {
    await db
      .deleteFrom('webauthn_challenges')
      .where(
        'id',
        'in',
        db.selectFrom('webauthn_challenges').select('id').where('expires_at', '<', before).limit(limit),
      )
      .execute();
  },
};
