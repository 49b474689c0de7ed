import { z } from 'zod';
import { Session } from '../entities/session.ts';

/**
 * A device is a live session of the customer (docs/product/auth-and-sessions.md#devices): browser
 * (`client_version`), operating system (`os_version`) and last activity (`touched_at`, else
 * `created_at`). `is_current` marks the session that asked. A session still waiting for its MFA code
 * (`mfa_method` set and `is_mfa_completed` false) is listed too: someone has the password and is
 * signing in. (A session with no `mfa_method` belongs to a customer whose email is not verified
 * yet: it needs no code.)
 */
export const Device = Session.extend({
  is_current: z.boolean(),
});
export type Device = z.infer<typeof Device>;

/** GET /client/v1/devices: the current device first, then the most recently active. */
export const DeviceList = z.object({ devices: z.array(Device) });
export type DeviceList = z.infer<typeof DeviceList>;

/** DELETE /client/v1/device/{id}. */
