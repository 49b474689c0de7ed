// Public tracking links of a transfer (migration 20261124000500_payouts). Customer-owned.
import type { Timestamp } from '../../db/column-types.ts';

export interface TrackingLinksTable {
  transaction_id: string;
  /** sha256 hex of the token. */
  token_hash: string;
  created_at: Timestamp;
}

export interface TrackingTables {
  tracking_links: TrackingLinksTable;
}
