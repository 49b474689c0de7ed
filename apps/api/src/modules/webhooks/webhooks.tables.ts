// The webhook inbox for payments and payouts (migration 20261124000400_payments).
import type { Timestamp } from '../../db/column-types.ts';

/** The webhook inbox: each provider event once (docs/product/money-movement.md#webhooks). */
export interface WebhookEventsTable {
  provider: string;
  event_id: string;
  type: string;
  payment_id: string | null;
  /** What receiving it did: applied, ignored, mismatch, unknown_payment. */
  outcome: string;
  received_at: Timestamp;
}

export interface WebhooksTables {
  webhook_events: WebhookEventsTable;
}
