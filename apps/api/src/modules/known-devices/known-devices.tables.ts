// Remembered browsers (migration 20260101000100_security).
import type { Timestamp } from '../../db/column-types.ts';

export interface KnownDevicesTable {
  customer_id: string;
  fingerprint: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface KnownDevicesTables {
  known_devices: KnownDevicesTable;
}
