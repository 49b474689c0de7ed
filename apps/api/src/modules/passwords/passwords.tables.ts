// Password reset links (migration 20260101000100_security).
import type { NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export interface PasswordResetTokensTable {
  id: string;
  customer_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PasswordsTables {
  password_reset_tokens: PasswordResetTokensTable;
}
