import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import type { ClientInfo } from '../auth/session.service.ts';
import type { SecurityMailer } from './security-mailer.ts';
import { securityRepository } from './security.repository.ts';

const withoutVersion = (s: string | null): string => (s ?? '').replace(/\s+[\d.]+$/, '').trim();

/** Browser and OS names (no versions: an update is not a new device). */
export function deviceFingerprint(userAgent: string | undefined): string {
  const ua = parseUserAgent(userAgent);
  return sha256Hex(`${withoutVersion(ua.clientVersion)}|${withoutVersion(ua.osVersion)}`);
}

/** "New sign-in from a new device" mails: the browser+OS pair had not been seen for this customer. */
export class DeviceAlerts {
  constructor(
    private readonly deps: { db: Kysely<Database>; mail: SecurityMailer; now: Clock },
  ) {}

  /** Sign-up: the first device is known without an alert. */
  async remember(customerId: string, client: ClientInfo): Promise<void> {
    await securityRepository.rememberDevice(this.deps.db, customerId, deviceFingerprint(client.userAgent), this.deps.now());
  }

  /** Sign-in: remember the device and mail an alert when it is new (and the customer had devices before). */
  async onSignIn(customerId: string, email: string, client: ClientInfo): Promise<boolean> {
    const { db, now, mail } = this.deps;
    const hadDevices = (await securityRepository.countKnownDevices(db, customerId)) > 0;
    const at = now();
    const isNew = await securityRepository.rememberDevice(db, customerId, deviceFingerprint(client.userAgent), at);
    if (!isNew || !hadDevices) return false;
    const ua = parseUserAgent(client.userAgent);
    await mail.send(
      mail.templates.newSignIn(email, { browser: ua.clientVersion, os: ua.osVersion, ip: client.ip ?? null, at }, client.locale),
    );
    return true;
  }
}
