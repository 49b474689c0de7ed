import type { Device, DeviceList } from '@remit/contract';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuthContext, SessionService } from '../auth/session.service.ts';
import { toSession } from '../customers/customer.mapper.ts';
import { UUID } from '../../lib/ids.ts';

export const CURRENT_DEVICE = 'This is the device you are using. Sign out instead.';

export interface DevicesServiceDeps {
  /** Devices are the customer's live sessions (auth owns the sessions table). */
  sessions: Pick<SessionService, 'listLive' | 'revokeLive'>;
  now: Clock;
  /** Sessions idle for longer have ended (config.session.idleMinutes). */
  idleMs: number;
  /** Signing a device out: one transaction, then the cache invalidation and SessionRevoked. */
  uow: UnitOfWork;
  /** The names of the customer's passkeys with these ids (modules/passkeys): a device signed in with one names it. */
  passkeyNames?: (customerId: string, ids: string[]) => Promise<Map<string, string>>;
}

/**
 * Devices (docs/product/auth-and-sessions.md#devices): every live session of the customer; any other
 * can be signed out.
 */
export class DevicesService {
  constructor(private readonly deps: DevicesServiceDeps) {}

  private window(): { now: Date; activeSince: Date } {
    const now = this.deps.now();
    return { now, activeSince: new Date(now.getTime() - this.deps.idleMs) };
  }

  async list(auth: AuthContext): Promise<DeviceList> {
    const { now, activeSince } = this.window();
    const rows = await this.deps.sessions.listLive(auth.customerId, now, activeSince);
    const ids = [...new Set(rows.flatMap((row) => (row.passkey_id ? [row.passkey_id] : [])))];
    const names = ids.length && this.deps.passkeyNames ? await this.deps.passkeyNames(auth.customerId, ids) : new Map();
    const devices: Device[] = rows.map((row) => ({
      ...toSession(row),
      is_current: row.id === auth.session.id,
      passkey_name: (row.passkey_id && names.get(row.passkey_id)) ?? null,
    }));
    // The asking device first; the rest as the query ordered them (most recently active first).
    devices.sort((a, b) => Number(b.is_current) - Number(a.is_current));
    return { devices };
  }

  /**
   * Ends another device's session. After the commit the customer's cached sessions go on every
   * instance, then the device is told at once (SessionRevoked on the customer's channel).
   */
  async revoke(auth: AuthContext, id: string): Promise<void> {
    if (id === auth.session.id) throw AppError.conflict(CURRENT_DEVICE);
    // Not a session id at all, another customer's, ended already: the same 404, nothing to learn.
    if (!UUID.test(id)) throw AppError.notFound();
    const { now, activeSince } = this.window();
    await this.deps.uow.run(async (trx, after) => {
      if (!(await this.deps.sessions.revokeLive(trx, auth.customerId, id, now, activeSince))) throw AppError.notFound();
      after
        .customerChanged(auth.customerId)
        .notify(auth.customerId, 'SessionRevoked', { session_ids: [id], reason: 'device_removed' });
    });
  }
}
