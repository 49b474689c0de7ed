import { sql } from 'kysely';
import type { Executor, SessionRow } from '../../db/types.ts';

/**
 * A device is a live session: not revoked, not past its end, active within the idle window. Every
 * statement is scoped by the customer id of the asking session.
 */
export const devicesRepository = {
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
