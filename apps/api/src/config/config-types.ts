// The api's configuration as the code sees it, built once by loadConfig (config.ts).
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
  /** On SIGTERM, how long readiness answers 503 (so a balancer stops sending) before the port closes. */
  shutdownDrainMs: number;
  redisUrl: string | undefined;
  mailUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  /** Cookies get the Secure flag when APP_URL is https. */
  secureCookies: boolean;
  webDist: string;
  /** Session lifetimes, and the per-instance session cache (cacheSeconds 0 = off). */
  session: { idleMinutes: number; absoluteHours: number; cacheSeconds: number; cacheMaxEntries: number };
  /**
   * The step-up (docs/product/auth-and-sessions.md#step-up): how long one counts as recent, and the send
   * amount (GBP minor units, at mid-market) from which a transfer needs one.
   */
  stepUp: { windowMs: number; thresholdGbp: bigint };
  appKey: string;
  /** The OpenAPI document and its UI at /docs: on outside production, off in production unless DOCS_ENABLED. */
  docsEnabled: boolean;
  trustProxy: TrustProxy;
  logLevel: string;
  /** The bearer token of GET /metrics (Prometheus text); undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  /** The argon2id cost of new password hashes (at least OWASP's minimum in production). */
  passwordHashing: { memoryCost: number; timeCost: number };
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
  /**
   * Sign-up attempts (created or "already taken") per address, per target email and per known
   * browser, and the proof of work of busy addresses (docs/product/auth-and-sessions.md#sign-up-on-shared-networks).
   */
  signUpThrottle: {
    perIp: RateRule;
    perEmail: RateRule;
    perDevice: RateRule;
    proofOfWork: { freePerIp: number; baseBits: number; maxBits: number };
  };
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
  /** How often due scheduled transfers are looked for (SCHEDULED_TRANSFERS_CHECK_SECONDS). */
  scheduledTransfers: { checkEveryMs: number };
  /** How often each instance looks for due durable jobs (JOBS_POLL_MS). */
  jobs: { pollMs: number };
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
  /**
   * Holds (docs/product/holds.md): a single transfer above `sourceOfFundsFromGbp` (GBP minor units at
   * mid-market) asks for its source of funds; a hold unanswered for `answerWithinMs` is cancelled.
   */
  holds: { sourceOfFundsFromGbp: bigint; answerWithinMs: number };
  realtimeLimits: {
    maxConnections: number;
    maxConnectionsPerIp: number;
    maxConnectionsPerUser: number;
    authTimeoutSeconds: number;
  };
}
