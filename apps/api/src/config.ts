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
  LOGIN_MAX_FAILURES_PER_EMAIL: int('LOGIN_MAX_FAILURES_PER_EMAIL', 5, 1, 1000),
  LOGIN_MAX_ATTEMPTS_PER_IP: int('LOGIN_MAX_ATTEMPTS_PER_IP', 20, 1, 100000),
  LOGIN_THROTTLE_WINDOW_MINUTES: int('LOGIN_THROTTLE_WINDOW_MINUTES', 15, 1, 24 * 60),
  PUSHER_APP_ID: z.string().optional(),
  PUSHER_KEY: z.string().optional(),
  PUSHER_SECRET: z.string().optional(),
  PUSHER_CLUSTER: z.string().min(1).default('eu'),
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
  trustProxy: TrustProxy;
  logLevel: string;
  passwordPolicy: {
    minLength: number;
    uppercase: boolean;
    lowercase: boolean;
    digits: boolean;
    special: boolean;
  };
  loginThrottle: { perEmail: RateRule; perIp: RateRule };
  /** The dev outbox (and GET /dev/mailbox) is on when no SMTP is configured outside production. */
  devMailbox: boolean;
  /** Hosted Pusher Channels (cluster eu, TLS) when all three PUSHER_* are set; else the built-in server. */
  pusher: { appId: string; key: string; secret: string; cluster: string } | undefined;
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
  if (appKey && appKey.length < 32) problems.push('APP_KEY must be at least 32 characters long');
  if (!appKey) {
    if (isProduction) problems.push('APP_KEY is required in production (at least 32 random characters)');
    else if (problems.length === 0) appKey = loadOrCreateAppKey(dataDir);
  }
  const pusherVars = [e.PUSHER_APP_ID, e.PUSHER_KEY, e.PUSHER_SECRET].map((v) => v?.trim() ?? '');
  const pusherSet = pusherVars.filter(Boolean).length;
  if (pusherSet > 0 && pusherSet < 3) {
    problems.push(
      'PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET must be set together (or none, for the built-in server)',
    );
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
      perEmail: { max: e.LOGIN_MAX_FAILURES_PER_EMAIL, windowMs },
      perIp: { max: e.LOGIN_MAX_ATTEMPTS_PER_IP, windowMs },
    },
    devMailbox: !e.MAIL_URL && !isProduction,
    pusher:
      pusherSet === 3
        ? { appId: pusherVars[0]!, key: pusherVars[1]!, secret: pusherVars[2]!, cluster: e.PUSHER_CLUSTER }
        : undefined,
  };
}
