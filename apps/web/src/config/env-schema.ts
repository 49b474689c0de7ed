import { z } from 'zod/mini';

/**
 * Runtime configuration of the web app, parsed with zod once at start-up of the build or dev
 * server (vite.config.ts): a bad value fails `vite build` / `vite` with a clear message, and the
 * parsed object is inlined, so no validation code ships to the browser.
 */

/** Default public site; override with VITE_PUBLIC_SITE_URL (documented in apps/web/.env.example). */
export const DEFAULT_PUBLIC_SITE_URL = 'https://remit.example.com';

/** Empty strings in .env files mean "not set". */
const url = z.optional(z.url());

const EnvSchema = z.object({
  /**
   * The api's base address ({host} in docs/product/api.md#http-client): unset means same origin
   * (production serves the app; dev proxies the api paths).
   */
  VITE_API_BASE_URL: url,
  VITE_PUBLIC_SITE_URL: url,
  VITE_PRIVACY_URL: url,
  VITE_TERMS_URL: url,
  /**
   * Broadcasting auth sends `Authorization: Bearer …` instead of the XSRF header when set
   * (docs/product/realtime.md#authorisation).
   */
  VITE_BROADCAST_BEARER_TOKEN: z.optional(z.string()),
});

export interface AppConfig {
  apiBaseUrl: string;
  publicSiteUrl: string;
  privacyUrl: string;
  termsUrl: string;
  /** Bearer token for /broadcasting/auth and /broadcasting/user-auth, when configured. */
  broadcastBearerToken?: string;
}

const KEYS = [
  'VITE_API_BASE_URL',
  'VITE_PUBLIC_SITE_URL',
  'VITE_PRIVACY_URL',
  'VITE_TERMS_URL',
  'VITE_BROADCAST_BEARER_TOKEN',
] as const;

export function parseEnv(raw: Record<string, unknown>): AppConfig {
  const input: Record<string, unknown> = {};
  for (const key of KEYS) {
    const v = raw[key];
    input[key] = typeof v === 'string' && v.trim() === '' ? undefined : v;
  }
  const result = EnvSchema.safeParse(input);
  if (!result.success) {
    const details = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid web app configuration: ${details}`);
  }
  const env = result.data;
  const publicSiteUrl = (env.VITE_PUBLIC_SITE_URL ?? DEFAULT_PUBLIC_SITE_URL).replace(/\/+$/, '');
  return {
    apiBaseUrl: (env.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
    publicSiteUrl,
    privacyUrl: env.VITE_PRIVACY_URL ?? `${publicSiteUrl}/privacy`,
    termsUrl: env.VITE_TERMS_URL ?? `${publicSiteUrl}/terms`,
    ...(env.VITE_BROADCAST_BEARER_TOKEN ? { broadcastBearerToken: env.VITE_BROADCAST_BEARER_TOKEN.trim() } : {}),
  };
}
