// Passkeys and the WebAuthn challenges (migration 20261126000300_passkeys). Customer-owned.
import type { ColumnType, Selectable } from 'kysely';
import type { Jsonb, NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export type WebauthnPurpose = 'registration' | 'login' | 'mfa' | 'step_up';

export interface PasskeysTable {
  id: string;
  customer_id: string;
  /** base64url; unique across every customer. */
  credential_id: string;
  /** COSE public key (bytea). */
  public_key: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  counter: ColumnType<string | number, bigint | string | number | undefined, bigint | string | number>;
  transports: Jsonb<string[]>;
  device_type: string;
  backed_up: boolean;
  aaguid: string | null;
  user_handle: string;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export type PasskeyRow = Selectable<PasskeysTable>;

export interface WebauthnChallengesTable {
  id: string;
  /** sha256 (hex) of the challenge. */
  challenge_hash: string;
  purpose: WebauthnPurpose;
  session_id: string | null;
  customer_id: string | null;
  /** sha256 (hex) of the sign-in cookie (purpose 'login'). */
  browser_binding: string | null;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PasskeysTables {
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
}
