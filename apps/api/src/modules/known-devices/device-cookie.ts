import { hmacBase64Url, randomToken, safeEqual } from '../../lib/crypto.ts';

/** How long a browser stays a known device without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;
/** Accounts one browser can be a known device for (a shared family computer); the oldest drops out. */
const MAX_ENTRIES = 5;
const ENTRY = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const MAX_COOKIE_LENGTH = 1024;

/**
 * Device cookies (docs/product/auth-and-sessions.md#throttling): after a complete sign-in the browser
 * gets `nonce.mac` with mac = HMAC(APP_KEY, customer id + nonce), several such entries joined by `~`.
 * No storage: an entry is valid for the account whose id makes its mac; the nonce names the device
 * for its own sign-in allowance. The cookie says nothing of the account (no id, no email).
 */
export class DeviceCookies {
  constructor(private readonly appKey: string) {}

  private mac(customerId: string, nonce: string): string {
    return hmacBase64Url(this.appKey, `device-cookie:${customerId}:${nonce}`);
  }

  private entries(cookie: string | undefined): { nonce: string; mac: string; raw: string }[] {
    if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return [];
    const out: { nonce: string; mac: string; raw: string }[] = [];
    for (const raw of cookie.split('~').slice(0, MAX_ENTRIES)) {
      const m = ENTRY.exec(raw);
      if (m) out.push({ nonce: m[1]!, mac: m[2]!, raw });
    }
    return out;
  }

  /** The device id (its nonce) when `cookie` holds an entry valid for this customer, else undefined. */
  deviceFor(cookie: string | undefined, customerId: string): string | undefined {
    for (const e of this.entries(cookie)) if (safeEqual(e.mac, this.mac(customerId, e.nonce))) return e.nonce;
    return undefined;
  }

  /**
   * The device ids the cookie names, unverified (an entry proves itself only with its account's id):
   * the sign-up throttle counts only ids it recorded (docs/product/auth-and-sessions.md#sign-up-on-shared-networks).
   */
  presentedIds(cookie: string | undefined): string[] {
    return this.entries(cookie).map((e) => e.nonce);
  }

  /**
   * The cookie to set after a complete sign-in: this account's entry first (kept when the browser
   * already had one, so the device keeps its id), then the other accounts' entries it carried.
   */
  issue(customerId: string, presented: string | undefined): string {
    const mine = this.deviceFor(presented, customerId);
    const nonce = mine ?? randomToken(16);
    const others = this.entries(presented)
      .filter((e) => e.nonce !== mine)
      .map((e) => e.raw);
    return [`${nonce}.${this.mac(customerId, nonce)}`, ...others].slice(0, MAX_ENTRIES).join('~');
  }
}
