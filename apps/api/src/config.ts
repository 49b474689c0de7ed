// The api's configuration, read from the environment once at start-up (README "Production
// configuration"): the variables in config/env-schema.ts, the Config type in config/config-types.ts,
// the APP_KEY checks in config/app-key.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateAppKey, MAKE_APP_KEY, weakAppKeyReason } from './config/app-key.ts';
import type { Config, TrustProxy } from './config/config-types.ts';
import { EnvSchema } from './config/env-schema.ts';
import { ARGON2_OPTIONS } from './lib/password-hash.ts';

export { weakAppKeyReason } from './config/app-key.ts';
export type { Config, RateRule, TrustProxy } from './config/config-types.ts';

/** apps/api directory (this file lives in apps/api/src). */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  if (
    isProduction &&
    (e.PASSWORD_HASH_MEMORY_KIB < ARGON2_OPTIONS.memoryCost || e.PASSWORD_HASH_TIME_COST < ARGON2_OPTIONS.timeCost)
  ) {
    problems.push(
      `PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST must be at least ${ARGON2_OPTIONS.memoryCost} and ${ARGON2_OPTIONS.timeCost} in production`,
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
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
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
    stepUp: {
      windowMs: e.STEP_UP_MINUTES * 60_000,
      /** GBP minor units. */
      thresholdGbp: BigInt(e.STEP_UP_THRESHOLD_GBP) * 100n,
    },
    appKey,
    docsEnabled: env.DOCS_ENABLED?.trim() ? e.DOCS_ENABLED : !isProduction,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    metricsToken: e.METRICS_TOKEN,
    passwordHashing: { memoryCost: e.PASSWORD_HASH_MEMORY_KIB, timeCost: e.PASSWORD_HASH_TIME_COST },
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
      perDevice: { max: e.SIGNUP_MAX_PER_DEVICE, windowMs: e.SIGNUP_WINDOW_MINUTES * 60_000 },
      proofOfWork: {
        freePerIp: e.SIGNUP_POW_FREE_PER_IP,
        baseBits: e.SIGNUP_POW_BASE_BITS,
        maxBits: Math.max(e.SIGNUP_POW_BASE_BITS, e.SIGNUP_POW_MAX_BITS),
      },
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
    scheduledTransfers: { checkEveryMs: e.SCHEDULED_TRANSFERS_CHECK_SECONDS * 1000 },
    jobs: { pollMs: e.JOBS_POLL_MS },
    payments: {
      provider: e.PAYMENTS_PROVIDER ?? (isProduction ? null : 'sandbox'),
      sandboxBankTransferDelayMs: e.SANDBOX_BANK_TRANSFER_DELAY_SECONDS * 1000,
    },
    payouts: {
      provider: e.PAYOUTS_PROVIDER ?? (isProduction ? null : 'sandbox'),
      startDelayMs: e.PAYOUT_START_DELAY_SECONDS * 1000,
      sandboxDelayMs: e.SANDBOX_PAYOUT_DELAY_SECONDS * 1000,
    },
    holds: {
      /** GBP minor units. */
      sourceOfFundsFromGbp: BigInt(e.HOLD_SOURCE_OF_FUNDS_GBP) * 100n,
      answerWithinMs: e.HOLD_ANSWER_HOURS * 3_600_000,
    },
    realtimeLimits: {
      maxConnections: e.REALTIME_MAX_CONNECTIONS,
      maxConnectionsPerIp: e.REALTIME_MAX_CONNECTIONS_PER_IP,
      maxConnectionsPerUser: e.REALTIME_MAX_CONNECTIONS_PER_USER,
      authTimeoutSeconds: e.REALTIME_AUTH_TIMEOUT_SECONDS,
    },
  };
}
