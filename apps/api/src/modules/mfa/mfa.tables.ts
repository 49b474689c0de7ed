// MFA by authenticator app and recovery codes (migration 20260101000100_security).
import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export interface MfaTotpTable {
  customer_id: string;
  secret_enc: string | null;
  pending_secret_enc: string | null;
  pending_created_at: NullableTimestamp;
  enabled_at: NullableTimestamp;
  /** bigint: read as string by pg, written as number. */
  last_used_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MfaRecoveryCodesTable {
  id: string;
  customer_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MfaTables {
  mfa_totp: MfaTotpTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
}
