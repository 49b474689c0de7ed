// The environment the api reads (README "Production configuration"), as a zod schema: each variable
// with its default and range, one clear message per bad value. loadConfig (config.ts) turns it into Config.
import { z } from 'zod';

const bool = (name: string, def: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const s = v.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(s)) return true;
      if (['0', 'false', 'no', 'off'].includes(s)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false (got "${v}")` });
      return z.NEVER;
    });

const int = (name: string, def: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an integer between ${min} and ${max} (got "${v}")` });
        return z.NEVER;
      }
      return n;
    });

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      try {
        const u = new URL(v);
        if (!protocols.includes(u.protocol)) throw new Error('protocol');
        return v.trim();
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
        });
        return z.NEVER;
      }
    });

export const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'NODE_ENV must be one of development, production, test' })
    .default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: int('PORT', 8080, 0, 65535),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  DATABASE_POOL_MAX: int('DATABASE_POOL_MAX', 20, 1, 500),
  SHUTDOWN_DRAIN_MS: int('SHUTDOWN_DRAIN_MS', 0, 0, 30_000),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  MAIL_URL: url('MAIL_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('Remit <no-reply@remit.local>'),
  APP_URL: url('APP_URL', ['http:', 'https:']),
  WEB_DIST: z.string().optional(),
  SESSION_IDLE_MINUTES: int('SESSION_IDLE_MINUTES', 30, 1, 60 * 24 * 30),
  /** How long a step-up (or a sign-in) counts as recent (docs/product/auth-and-sessions.md#step-up). */
  STEP_UP_MINUTES: int('STEP_UP_MINUTES', 10, 1, 60),
  /** From this send amount (whole GBP, at mid-market) a transfer needs a recent step-up. */
  STEP_UP_THRESHOLD_GBP: int('STEP_UP_THRESHOLD_GBP', 1000, 1, 1_000_000),
  SESSION_ABSOLUTE_HOURS: int('SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 365),
  SESSION_CACHE_SECONDS: int('SESSION_CACHE_SECONDS', 60, 0, 3600),
  SESSION_CACHE_MAX_ENTRIES: int('SESSION_CACHE_MAX_ENTRIES', 10_000, 1, 10_000_000),
  APP_KEY: z.string().optional(),
  DOCS_ENABLED: bool('DOCS_ENABLED', false),
  TRUST_PROXY: z.string().optional(),
  // Bearer token of GET /metrics (docs/product/system.md#metrics); unset: no /metrics (404).
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = v?.trim() ?? '';
      if (s === '') return undefined;
      if (s.length < 16) {
        ctx.addIssue({ code: 'custom', message: 'METRICS_TOKEN must be at least 16 characters long' });
        return z.NEVER;
      }
      return s;
    }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
  PASSWORD_MIN_LENGTH: int('PASSWORD_MIN_LENGTH', 12, 1, 128),
  PASSWORD_REQUIRE_UPPERCASE: bool('PASSWORD_REQUIRE_UPPERCASE', true),
  PASSWORD_REQUIRE_LOWERCASE: bool('PASSWORD_REQUIRE_LOWERCASE', true),
  PASSWORD_REQUIRE_DIGITS: bool('PASSWORD_REQUIRE_DIGITS', true),
  PASSWORD_REQUIRE_SPECIAL: bool('PASSWORD_REQUIRE_SPECIAL', true),
  // The argon2id cost of new password hashes; production refuses less than the default (OWASP's
  // minimum, lib/password-hash.ts). The tests lower it (test/helpers.ts).
  PASSWORD_HASH_MEMORY_KIB: int('PASSWORD_HASH_MEMORY_KIB', 19_456, 8, 4_194_304),
  PASSWORD_HASH_TIME_COST: int('PASSWORD_HASH_TIME_COST', 2, 1, 100),
  // Sign-in and sign-up limits (docs/product/auth-and-sessions.md#throttling): failures only, per window.
  LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP: int('LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP', 5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_EMAIL: int('LOGIN_MAX_FAILURES_PER_EMAIL', 10, 1, 1000),
  LOGIN_MAX_FAILURES_PER_IP: int('LOGIN_MAX_FAILURES_PER_IP', 200, 1, 1_000_000),
  LOGIN_MAX_FAILURES_PER_DEVICE: int('LOGIN_MAX_FAILURES_PER_DEVICE', 5, 1, 1000),
  LOGIN_THROTTLE_WINDOW_MINUTES: int('LOGIN_THROTTLE_WINDOW_MINUTES', 15, 1, 24 * 60),
  LOGIN_MAX_MFA_FAILURES: int('LOGIN_MAX_MFA_FAILURES', 10, 1, 1000),
  LOGIN_MFA_WINDOW_MINUTES: int('LOGIN_MFA_WINDOW_MINUTES', 60, 1, 24 * 60),
  // Sign-up on shared networks (docs/product/auth-and-sessions.md#sign-up-on-shared-networks).
  SIGNUP_MAX_PER_IP: int('SIGNUP_MAX_PER_IP', 500, 1, 1_000_000),
  SIGNUP_MAX_PER_EMAIL: int('SIGNUP_MAX_PER_EMAIL', 5, 1, 1000),
  // At most 5: a device cookie holds five accounts, the browser's id must stay in it up to its limit.
  SIGNUP_MAX_PER_DEVICE: int('SIGNUP_MAX_PER_DEVICE', 5, 1, 5),
  SIGNUP_POW_FREE_PER_IP: int('SIGNUP_POW_FREE_PER_IP', 5, 0, 1_000_000),
  SIGNUP_POW_BASE_BITS: int('SIGNUP_POW_BASE_BITS', 12, 1, 32),
  SIGNUP_POW_MAX_BITS: int('SIGNUP_POW_MAX_BITS', 22, 1, 32),
  SIGNUP_WINDOW_MINUTES: int('SIGNUP_WINDOW_MINUTES', 60, 1, 24 * 60),
  PUSHER_APP_ID: z.string().optional(),
  PUSHER_KEY: z.string().optional(),
  PUSHER_SECRET: z.string().optional(),
  PUSHER_CLUSTER: z.string().min(1).default('eu'),
  // The built-in realtime server's caps, per instance (docs/product/realtime.md#limits).
  REALTIME_MAX_CONNECTIONS: int('REALTIME_MAX_CONNECTIONS', 10_000, 1, 1_000_000),
  REALTIME_MAX_CONNECTIONS_PER_IP: int('REALTIME_MAX_CONNECTIONS_PER_IP', 200, 1, 1_000_000),
  REALTIME_MAX_CONNECTIONS_PER_USER: int('REALTIME_MAX_CONNECTIONS_PER_USER', 20, 1, 100_000),
  REALTIME_AUTH_TIMEOUT_SECONDS: int('REALTIME_AUTH_TIMEOUT_SECONDS', 30, 0, 3600),
  // Verification documents (docs/product/account-verification.md#upload): DATA_DIR/documents, or an
  // S3-compatible bucket when S3_BUCKET is set.
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: url('S3_ENDPOINT', ['http:', 'https:']),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool('S3_FORCE_PATH_STYLE', false),
  // The embedded sandbox reviewer's delay before each step; 'off' leaves documents pending.
  SANDBOX_REVIEW_DELAY_MS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = v?.trim() ?? '';
      if (s === '') return 3000;
      if (s === 'off') return null;
      if (/^\d{1,7}$/.test(s)) return Number(s);
      ctx.addIssue({ code: 'custom', message: "SANDBOX_REVIEW_DELAY_MS must be a number of milliseconds or 'off'" });
      return z.NEVER;
    }),
  UPLOAD_MAX_PER_HOUR: int('UPLOAD_MAX_PER_HOUR', 30, 1, 100_000),
  // Mid-market rates (docs/product/money-movement.md#corridors): no quote on a rate older than
  // RATES_MAX_AGE_HOURS; refreshed every RATES_REFRESH_MINUTES (0: never) from RATES_PROVIDER.
  RATES_MAX_AGE_HOURS: int('RATES_MAX_AGE_HOURS', 72, 1, 24 * 365),
  RATES_REFRESH_MINUTES: int('RATES_REFRESH_MINUTES', 60, 0, 7 * 24 * 60),
  // How often due scheduled transfers are looked for (docs/product/scheduled-transfers.md#runs).
  SCHEDULED_TRANSFERS_CHECK_SECONDS: int('SCHEDULED_TRANSFERS_CHECK_SECONDS', 900, 1, 86_400),
  // How often each instance looks for due durable jobs (docs/product/system.md#durable-jobs).
  JOBS_POLL_MS: int('JOBS_POLL_MS', 1000, 50, 60_000),
  RATES_PROVIDER: z.enum(['sandbox', 'ecb'], { message: 'RATES_PROVIDER must be one of sandbox, ecb' }).optional(),
  RATES_ECB_URL: url('RATES_ECB_URL', ['http:', 'https:']),
  // The payment gateway (docs/product/payments.md): the embedded sandbox outside production by
  // default; in production only when PAYMENTS_PROVIDER=sandbox says so.
  PAYMENTS_PROVIDER: z.enum(['sandbox'], { message: 'PAYMENTS_PROVIDER must be sandbox' }).optional(),
  SANDBOX_BANK_TRANSFER_DELAY_SECONDS: int('SANDBOX_BANK_TRANSFER_DELAY_SECONDS', 120, 0, 7 * 86_400),
  // Payouts (docs/product/payments.md#wiring): the sandbox partner outside production by default;
  // PAYOUT_START_DELAY_SECONDS after a transfer is paid its payout starts (the customer may cancel
  // until then); the sandbox completes (or returns) a payout SANDBOX_PAYOUT_DELAY_SECONDS after it starts.
  PAYOUTS_PROVIDER: z.enum(['sandbox'], { message: 'PAYOUTS_PROVIDER must be sandbox' }).optional(),
  PAYOUT_START_DELAY_SECONDS: int('PAYOUT_START_DELAY_SECONDS', 0, 0, 30 * 86_400),
  SANDBOX_PAYOUT_DELAY_SECONDS: int('SANDBOX_PAYOUT_DELAY_SECONDS', 20, 0, 7 * 86_400),
  // Holds (docs/product/holds.md): a single transfer above HOLD_SOURCE_OF_FUNDS_GBP (at mid-market)
  // asks for its source of funds; a hold unanswered for HOLD_ANSWER_HOURS is cancelled and refunded.
  HOLD_SOURCE_OF_FUNDS_GBP: int('HOLD_SOURCE_OF_FUNDS_GBP', 5000, 1, 1_000_000),
  HOLD_ANSWER_HOURS: int('HOLD_ANSWER_HOURS', 168, 1, 90 * 24),
});
