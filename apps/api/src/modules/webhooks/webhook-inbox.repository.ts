import type { Executor } from '../../db/types.ts';

/** `webhook_events`: one row per notice received, by (provider, event id). */
export const webhookInboxRepository = {
  /** Stores a notice: true when it is new, false for a repeat. */
  async store(db: Executor, e: { provider: string; eventId: string; type: string; at: Date }): Promise<boolean> {
    const row = await db
      .insertInto('webhook_events')
      .values({
        provider: e.provider,
        event_id: e.eventId,
        type: e.type,
        payment_id: null,
        outcome: 'received',
        received_at: e.at,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async recordOutcome(
    db: Executor,
    provider: string,
    eventId: string,
    outcome: string,
    paymentId: string | null,
  ): Promise<void> {
    await db
      .updateTable('webhook_events')
      .set({ payment_id: paymentId, outcome })
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute();
  },
};
