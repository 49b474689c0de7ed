import { z } from 'zod';
import { Id, NullableTimestamp, Timestamp } from '../common/primitives.ts';

export const MfaMethod = z.enum(['email', 'totp']);
export type MfaMethod = z.infer<typeof MfaMethod>;

/**
 * A signed-in session; every session row is also a "device" (docs/product/auth-and-sessions.md#devices).
 * `session_token` is a public handle of the session, never the cookie secret.
 */
export const Session = z.object({
  id: Id,
  is_mfa_completed: z.boolean(),
  session_token: z.string(),
  mfa_method: MfaMethod.nullable(),
  client_version: z.string().nullable(),
  os_version: z.string().nullable(),
  touched_at: NullableTimestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
  /**
   * The name of the passkey this session was signed in with (or passed MFA with), null when none or
   * once it is removed; filled in the devices list (docs/product/auth-and-sessions.md#passkeys).
   */
  passkey_name: z.string().nullable().optional(),
});
export type Session = z.infer<typeof Session>;
