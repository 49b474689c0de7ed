// Accounts, sessions and one-time codes (migration 20250101000000_foundation). Customer-owned.
import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export type MfaMethodColumn = 'email' | 'totp';
export type OneTimeCodePurpose = 'email_verification' | 'mfa' | 'password_reset' | 'email_change';

export interface AccountsTable {
  customer_id: string;
  /** Always stored lowercased; unique. */
  email: string;
  password_hash: string;
  email_verified_at: NullableTimestamp;
  password_changed_at: NullableTimestamp;
  mobile_number: string | null;
  mobile_number_country_id: number | null;
  mfa_method: Generated<MfaMethodColumn>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  /** sha256 (hex) of the opaque cookie token; the token itself is never stored. */
  token_hash: string;
  /** Public, non-secret handle (Customer.session.session_token). */
  public_token: string;
  customer_id: string;
  is_mfa_completed: Generated<boolean>;
  mfa_method: MfaMethodColumn | null;
  client_version: string | null;
  os_version: string | null;
  ip: string | null;
  touched_at: NullableTimestamp;
  last_authenticated_at: Timestamp;
  /** The action the last step-up was made for, if any (docs/product/auth-and-sessions.md#step-up). */
  step_up_scope: Generated<string | null>;
  /** The passkey this session was signed in with, if any (null once removed; modules/passkeys). */
  passkey_id: Generated<string | null>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SessionRow = Selectable<SessionsTable>;

export interface OneTimeCodesTable {
  id: string;
  customer_id: string;
  session_id: string | null;
  purpose: OneTimeCodePurpose;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AuthTables {
  accounts: AccountsTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
}
