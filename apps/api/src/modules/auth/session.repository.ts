import { sql, type Insertable } from 'kysely';
import type { SessionsTable, SessionRow } from '../../db/types.ts';
import type { Executor } from '../../db/types.ts';

export const sessionRepository = {
  async insert(db: Executor, row: Insertable<SessionsTable>): Promise<SessionRow> {
    return db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow();
  },

  async revokeByTokenHash(db: Executor, tokenHash: string, at: Date): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: at, updated_at: at })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  },

  async revokeAllForCustomer(db: Executor, customerId: string, at: Date): Promise<string[]> {
    const rows = await db
      .updateTable('sessions')
      .set({ revoked_at: at, updated_at: at })
      .where('customer_id', '=', customerId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  },

  /** The customer proved it is them again (a step-up, for `scope` if given): restarts the recent window. */
  async markAuthenticated(db: Executor, id: string, at: Date, scope: string | null = null): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_authenticated_at: at, step_up_scope: scope, updated_at: at })
      .where('id', '=', id)
      .execute();
  },

  async touch(db: Executor, id: string, at: Date): Promise<void> {
    await db.updateTable('sessions').set({ touched_at: at }).where('id', '=', id).execute();
  },

  /** The customer's live sessions (not revoked, not past their end, active since `activeSince`), most recent first. */
  async listLive(db: Executor, customerId: string, now: Date, activeSince: Date): Promise<SessionRow[]> {
    return db
      .selectFrom('sessions')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where(sql<Date>`coalesce(touched_at, created_at)`, '>=', activeSince)
      .orderBy(sql`coalesce(touched_at, created_at)`, 'desc')
      .orderBy('id')
      .execute();
  },

  /** Ends one live session of this customer; false when there is none with that id. */
  async revokeLive(db: Executor, customerId: string, id: string, now: Date, activeSince: Date): Promise<boolean> {
    const rows = await db
      .updateTable('sessions')
      .set({ revoked_at: now, updated_at: now })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where(sql<Date>`coalesce(touched_at, created_at)`, '>=', activeSince)
      .returning('id')
      .execute();
    return rows.length > 0;
  },
};
