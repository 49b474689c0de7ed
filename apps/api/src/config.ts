import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** apps/api directory (this file lives in apps/api/src). */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'NODE_ENV must be one of development, production, test' })
    .default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: int('PORT', 8080, 0, 65535),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  DATABASE_POOL_MAX: int('DATABASE_POOL_MAX', 20, 1, 500),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  MAIL_URL: url('MAIL_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('Remit <no-reply@remit.local>'),
  APP_URL: url('APP_URL', ['http:', 'https:']),
  WEB_DIST: z.string().optional(),
  SESSION_IDLE_MINUTES: int('SESSION_IDLE_MINUTES', 30, 1, 60 * 24 * 30),
  SESSION_ABSOLUTE_HOURS: int('SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 365),
  SESSION_CACHE_SECONDS: int('SESSION_CACHE_SECONDS', 60, 0, 3600),
  SESSION_CACHE_MAX_ENTRIES: int('SESSION_CACHE_MAX_ENTRIES', 10_000, 1, 10_000_000),
  APP_KEY: z.string().optional(),
  DOCS_ENABLED: bool('DOCS_ENABLED', false),
  TRUST_PROXY: z.string().optional(),
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
  // Sign-in and sign-up limits (docs/product/auth-and-sessions.md#throttling): failures only, per window.
  LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP: int('LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP', 5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_EMAIL: int('LOGIN_MAX_FAILURES_PER_EMAIL', 10, 1, 1000),
  LOGIN_MAX_FAILURES_PER_IP: int('LOGIN_MAX_FAILURES_PER_IP', 200, 1, 1_000_000),
  LOGIN_MAX_FAILURES_PER_DEVICE: int('LOGIN_MAX_FAILURES_PER_DEVICE', 5, 1, 1000),
  LOGIN_THROTTLE_WINDOW_MINUTES: int('LOGIN_THROTTLE_WINDOW_MINUTES', 15, 1, 24 * 60),
  LOGIN_MAX_MFA_FAILURES: int('LOGIN_MAX_MFA_FAILURES', 10, 1, 1000),
  LOGIN_MFA_WINDOW_MINUTES: int('LOGIN_MFA_WINDOW_MINUTES', 60, 1, 24 * 60),
  SIGNUP_MAX_PER_IP: int('SIGNUP_MAX_PER_IP', 20, 1, 1_000_000),
  SIGNUP_MAX_PER_EMAIL: int('SIGNUP_MAX_PER_EMAIL', 5, 1, 1000),
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
});

export type TrustProxy = boolean | number | string;

export interface RateRule {
  /** Maximum hits in the window. */
  max: number;
  windowMs: number;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  /** postgres:// URL, or undefined for embedded PGlite under dataDir/pglite. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  redisUrl: string | undefined;
  mailUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  /** Cookies get the Secure flag when APP_URL is https. */
  secureCookies: boolean;
  webDist: string;
  /** Session lifetimes, and the per-instance session cache (cacheSeconds 0 = off). */
  session: { idleMinutes: number; absoluteHours: number; cacheSeconds: number; cacheMaxEntries: number };
  appKey: string;
  /** The OpenAPI document and its UI at /docs: on outside production, off in production unless DOCS_ENABLED. */
  docsEnabled: boolean;
  trustProxy: TrustProxy;
  logLevel: string;
  passwordPolicy: {
    minLength: number;
    uppercase: boolean;
    lowercase: boolean;
    digits: boolean;
    special: boolean;
  };
  /** Sign-in failures per email and address, per email, per address, per known device (device cookie). */
  loginThrottle: { perEmailAndIp: RateRule; perEmail: RateRule; perIp: RateRule; perDevice: RateRule };
  /** Wrong MFA codes per account, across sign-ins and kinds of code. */
  mfaThrottle: RateRule;
  /** Sign-up attempts (created or "already taken") per address and per target email. */
  signUpThrottle: { perIp: RateRule; perEmail: RateRule };
  /** The dev outbox (and GET /dev/mailbox) is on when no SMTP is configured outside production. */
  devMailbox: boolean;
  /** Hosted Pusher Channels (cluster eu, TLS) when all three PUSHER_* are set; else the built-in server. */
  pusher: { appId: string; key: string; secret: string; cluster: string } | undefined;
  /** Where verification documents are stored: DATA_DIR/documents, or this S3-compatible bucket. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  verification: {
    /** Delay of each sandbox review step; null: the sandbox reviewer is off (documents stay pending). */
    sandboxReviewDelayMs: number | null;
    /** Document uploads (and upload targets) per customer per hour. */
    uploadsPerHour: number;
  };
  /**
   * Caps of the built-in realtime server, per instance (docs/product/realtime.md#limits): sockets in
   * total, per client address (as TRUST_PROXY makes it), per customer; seconds a socket may stay
   * unauthorised, and to send its upgrade request (0 turns both off).
   */
  /**
   * Mid-market rates: the provider (the sandbox, snapshot values dated now, outside production by
   * default; the ECB's daily file otherwise), the age past which quotes are refused, the refresh
   * interval (0: no refresh job).
   */
  rates: { provider: 'sandbox' | 'ecb'; ecbUrl: string; maxAgeHours: number; refreshMinutes: number };
  /**
   * The payment gateway (docs/product/payments.md): `sandbox` (the embedded one, with its hosted card
   * page) outside production unless set, never in production unless PAYMENTS_PROVIDER=sandbox; null:
   * no gateway (paying is refused). The sandbox "receives" a bank transfer after the delay.
   */
  payments: { provider: 'sandbox' | null; sandboxBankTransferDelayMs: number };
  /**
   * The payout partner (docs/product/payments.md#wiring): `sandbox` outside production unless set;
   * null: none (paid transfers wait). Payouts start `startDelayMs` after payment; the sandbox
   * settles each `sandboxDelayMs` after it starts.
   */
  payouts: { provider: 'sandbox' | null; startDelayMs: number; sandboxDelayMs: number };
  realtimeLimits: {
    maxConnections: number;
    maxConnectionsPerIp: number;
    maxConnectionsPerUser: number;
    authTimeoutSeconds: number;
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(v: string | undefined): TrustProxy {
  if (v === undefined || v.trim() === '') return false;
  const s = v.trim();
  if (s === 'true') return true;
  if (s === 'false') return false;
  if (/^\d+$/.test(s)) return Number(s);
  return s; // comma-separated addresses / CIDRs
}

const MAKE_APP_KEY =
  "Make one with `openssl rand -base64 32` or `node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"`.";

/** Characters that 32 random bytes take at the least, as base64 without padding. */
const MIN_KEY_CHARACTERS = 43;

/**
 * Why a production APP_KEY cannot be 32 random bytes, or null (docs/product/system.md#production):
 * `is too short` or `is too weak: <why>`. The key is read as hex (64+ hex digits), base64 (optionally
 * `base64:`-prefixed, 43+ characters that decode to 32+ bytes) or, failing both, as text whose
 * alphabet is estimated from the kinds of characters it uses. Refused: under 256 bits by that
 * estimate, a short alphabet (under 3 bits of entropy per character), a repeated block, or mostly
 * runs such as "abcd" or "1111". "Too short" only for fewer characters than any written form of 32
 * random bytes (43); a key as long as a base64 one is "too weak", with the reason (issue #20).
 */
export function weakAppKeyReason(raw: string): string | null {
  const key = raw.startsWith('base64:') ? raw.slice('base64:'.length) : raw;
  const chars = [...key];
  let bitsPerChar: number;
  let alphabet: string;
  if (/^[0-9a-f]+$/i.test(key)) {
    bitsPerChar = 4;
    alphabet = 'hex digits';
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(key)) {
    bitsPerChar = 6;
    alphabet = 'base64';
  } else {
    const kinds = [
      [/[a-z]/, 26, 'lowercase letters'],
      [/[A-Z]/, 26, 'uppercase letters'],
      [/[0-9]/, 10, 'digits'],
      [/[^A-Za-z0-9]/, 33, 'symbols'],
    ] as const;
    const used = kinds.filter(([re]) => re.test(key));
    bitsPerChar = Math.log2(used.reduce((sum, [, size]) => sum + size, 0));
    alphabet = used.map(([, , name]) => name).join(', ');
  }
  const length = [...key.replace(/=+$/, '')].length;
  const bits = length * bitsPerChar;
  if (bits < 256 && length < MIN_KEY_CHARACTERS) return 'is too short';

  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  if (counts.size === 1) return 'is too weak: it is one character repeated';
  let shannon = 0;
  for (const n of counts.values()) shannon -= (n / chars.length) * Math.log2(n / chars.length);
  if (shannon < 3) return `is too weak: it uses too few different characters (${counts.size})`;

  for (let period = 1; period <= chars.length / 2; period++) {
    if (chars.every((ch, i) => i < period || ch === chars[i - period])) return 'is too weak: it is a repeated block';
  }
  let runs = 0;
  for (let i = 1; i < chars.length; i++) {
    if (Math.abs(chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!) <= 1) runs += 1;
  }
  if (runs / (chars.length - 1) > 0.5) return 'is too weak: it is mostly runs of consecutive or repeated characters';
  if (bits < 256) {
    if (bitsPerChar === 4) {
      return `is too weak: its ${length} characters are all hex digits: about ${Math.floor(bits)} bits of the 256 that 32 random bytes hold (64 hex digits)`;
    }
    return `is too weak: its ${length} characters (${alphabet}) carry about ${Math.floor(bits)} bits, under the 256 of 32 random bytes`;
  }
  return null;
}

function loadOrCreateAppKey(dataDir: string): string {
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/**
 * Parse the environment once. Throws ConfigError listing one clear message per bad or missing value.
 * In non-production, a missing APP_KEY is generated once and persisted in DATA_DIR/app-key.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const key = String(i.path[0] ?? '');
        return i.code === 'custom' || i.message.includes(key) ? i.message : `${key}: ${i.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  // A relative DATA_DIR is read from where `npm start` was typed (npm's INIT_CWD), not apps/api.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);

  let appKey = e.APP_KEY?.trim() ?? '';
  if (appKey && appKey.length < 32) problems.push(`APP_KEY must be at least 32 characters long. ${MAKE_APP_KEY}`);
  else if (appKey && isProduction) {
    const weak = weakAppKeyReason(appKey);
    if (weak) problems.push(`APP_KEY ${weak}. In production it must be 32 random bytes. ${MAKE_APP_KEY}`);
  }
  if (!appKey) {
    if (isProduction) problems.push(`APP_KEY is required in production (32 random bytes). ${MAKE_APP_KEY}`);
    else if (problems.length === 0) appKey = loadOrCreateAppKey(dataDir);
  }
  const pusherVars = [e.PUSHER_APP_ID, e.PUSHER_KEY, e.PUSHER_SECRET].map((v) => v?.trim() ?? '');
  const pusherSet = pusherVars.filter(Boolean).length;
  if (pusherSet > 0 && pusherSet < 3) {
    problems.push(
      'PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET must be set together (or none, for the built-in server)',
    );
  }
  const s3Set = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].filter((v) => v?.trim()).length;
  if (s3Set > 0 && s3Set < 3) {
    problems.push('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or none, for DATA_DIR)');
  }
  if (problems.length) throw new ConfigError(problems);

  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const windowMs = e.LOGIN_THROTTLE_WINDOW_MINUTES * 60_000;

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    redisUrl: e.REDIS_URL,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    appUrl,
    secureCookies: appUrl.startsWith('https:'),
    webDist: e.WEB_DIST
      ? path.resolve(env.INIT_CWD ?? process.cwd(), e.WEB_DIST)
      : path.resolve(API_ROOT, '../web/dist'),
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      cacheSeconds: e.SESSION_CACHE_SECONDS,
      cacheMaxEntries: e.SESSION_CACHE_MAX_ENTRIES,
    },
    appKey,
    docsEnabled: env.DOCS_ENABLED?.trim() ? e.DOCS_ENABLED : !isProduction,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    passwordPolicy: {
      minLength: e.PASSWORD_MIN_LENGTH,
      uppercase: e.PASSWORD_REQUIRE_UPPERCASE,
      lowercase: e.PASSWORD_REQUIRE_LOWERCASE,
      digits: e.PASSWORD_REQUIRE_DIGITS,
      special: e.PASSWORD_REQUIRE_SPECIAL,
    },
    loginThrottle: {
      perEmailAndIp: { max: e.LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP, windowMs },
      perEmail: { max: e.LOGIN_MAX_FAILURES_PER_EMAIL, windowMs },
      perIp: { max: e.LOGIN_MAX_FAILURES_PER_IP, windowMs },
      perDevice: { max: e.LOGIN_MAX_FAILURES_PER_DEVICE, windowMs },
    },
    mfaThrottle: { max: e.LOGIN_MAX_MFA_FAILURES, windowMs: e.LOGIN_MFA_WINDOW_MINUTES * 60_000 },
    signUpThrottle: {
      perIp: { max: e.SIGNUP_MAX_PER_IP, windowMs: e.SIGNUP_WINDOW_MINUTES * 60_000 },
      perEmail: { max: e.SIGNUP_MAX_PER_EMAIL, windowMs: e.SIGNUP_WINDOW_MINUTES * 60_000 },
    },
    devMailbox: !e.MAIL_URL && !isProduction,
    pusher:
      pusherSet === 3
        ? { appId: pusherVars[0]!, key: pusherVars[1]!, secret: pusherVars[2]!, cluster: e.PUSHER_CLUSTER }
        : undefined,
    s3:
      s3Set === 3
        ? {
            bucket: e.S3_BUCKET!.trim(),
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID!.trim(),
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!.trim(),
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    verification: { sandboxReviewDelayMs: e.SANDBOX_REVIEW_DELAY_MS, uploadsPerHour: e.UPLOAD_MAX_PER_HOUR },
    rates: {
      provider: e.RATES_PROVIDER ?? (isProduction ? 'ecb' : 'sandbox'),
      ecbUrl: e.RATES_ECB_URL ?? 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
      maxAgeHours: e.RATES_MAX_AGE_HOURS,
      refreshMinutes: e.RATES_REFRESH_MINUTES,
    },
    payments: {
      provider: e.PAYMENTS_PROVIDER ?? (isProduction ? null : 'sandbox'),
      sandboxBankTransferDelayMs: e.SANDBOX_BANK_TRANSFER_DELAY_SECONDS * 1000,
    },
    payouts: {
      provider: e.PAYOUTS_PROVIDER ?? (isProduction ? null : 'sandbox'),
      startDelayMs: e.PAYOUT_START_DELAY_SECONDS * 1000,
      sandboxDelayMs: e.SANDBOX_PAYOUT_DELAY_SECONDS * 1000,
    },
    realtimeLimits: {
      maxConnections: e.REALTIME_MAX_CONNECTIONS,
      maxConnectionsPerIp: e.REALTIME_MAX_CONNECTIONS_PER_IP,
      maxConnectionsPerUser: e.REALTIME_MAX_CONNECTIONS_PER_USER,
      authTimeoutSeconds: e.REALTIME_AUTH_TIMEOUT_SECONDS,
    },
  };
}
