import type { Kysely } from 'kysely';
import type { SecurityMailer } from '../../adapters/mail/security-mailer.ts';
import type { Database } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import { DeviceCookies } from './device-cookie.ts';
import { knownDevicesRepository } from './known-devices.repository.ts';

const withoutVersion = (s: string | null): string => (s ?? '').replace(/\s+[\d.]+$/, '').trim();

/** Browser and OS names (no versions: an update is not a new device). */
export function deviceFingerprint(userAgent: string | undefined): string {
  const ua = parseUserAgent(userAgent);
  return sha256Hex(`${withoutVersion(ua.clientVersion)}|${withoutVersion(ua.osVersion)}`);
}

export interface KnownDevicesServiceDeps {
  db: Kysely<Database>;
  now: Clock;
  mail: SecurityMailer;
  /** APP_KEY: signs the device cookies. */
  appKey: string;
}

/**
 * The customer's known devices and the "new sign-in from a new device" mail: sent when the
 * browser+OS pair had not been seen for this customer (docs/product/auth-and-sessions.md#devices,
 * #security-mails).
 */
export class KnownDevicesService {
  private readonly cookies: DeviceCookies;

  constructor(private readonly deps: KnownDevicesServiceDeps) {
    this.cookies = new DeviceCookies(deps.appKey);
  }

  /**
   * The device id of a device cookie valid for this customer (the browser signed in to the account
   * before), else undefined (docs/product/auth-and-sessions.md#throttling).
   */
  deviceFor(cookie: string | undefined, customerId: string): string | undefined {
    return this.cookies.deviceFor(cookie, customerId);
  }

  /** The device ids a device cookie names, unverified (the sign-up throttle's known browsers). */
  presentedDeviceIds(cookie: string | undefined): string[] {
    return this.cookies.presentedIds(cookie);
  }

  /** The device cookie to set after a complete sign-in (or a sign-up) of this customer. */
  issueDeviceCookie(customerId: string, presented: string | undefined): string {
    return this.cookies.issue(customerId, presented);
  }

  /** Sign-up: the first device is known without an alert. */
  async remember(customerId: string, client: ClientInfo): Promise<void> {
    await knownDevicesRepository.rememberDevice(
      this.deps.db,
      customerId,
      deviceFingerprint(client.userAgent),
      this.deps.now(),
    );
  }

  /**
   * Sign-in: remember the device and mail an alert when it is new (and the customer had devices
   * before), naming the passkey when the sign-in was made with one.
   */
  async onSignIn(customerId: string, email: string, client: ClientInfo, passkeyName?: string): Promise<boolean> {
    const { db, now, mail } = this.deps;
    const hadDevices = (await knownDevicesRepository.countKnownDevices(db, customerId)) > 0;
    const at = now();
    const isNew = await knownDevicesRepository.rememberDevice(db, customerId, deviceFingerprint(client.userAgent), at);
    if (!isNew || !hadDevices) return false;
    const ua = parseUserAgent(client.userAgent);
    await mail.send(
      mail.templates.newSignIn(
        email,
        { browser: ua.clientVersion, os: ua.osVersion, ip: client.ip ?? null, at, passkey: passkeyName ?? null },
        client.locale,
      ),
    );
    return true;
  }
}
