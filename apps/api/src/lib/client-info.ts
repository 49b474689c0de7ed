import type { Locale } from './locale.ts';

/** What a request tells about the client that sent it; services that start or end sessions, or mail, use it. */
export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
  /** The session cookie the client sent, revoked when a new session starts (rotation). */
  previousToken?: string | undefined;
  /** Language for mails sent during this request (from Accept-Language). */
  locale?: Locale | undefined;
  /** The device cookie the browser sent (a known device for the sign-in throttle), unverified. */
  deviceCookie?: string | undefined;
  /** The realtime socket of the browser tab that made the request (X-Socket-ID): events it causes skip it. */
  socketId?: string | undefined;
}
