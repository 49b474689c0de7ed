// The one place where the api's services, repositories' users and adapters are put together
// (docs/ARCHITECTURE.md "Composition root"). Every service takes its dependencies as an explicit
// object; nothing below this file builds a service or reaches for `app`. A new module adds its
// service here, in dependency order, and to `Services`.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createRatesProvider, type RatesProvider } from './adapters/fx-rates/index.ts';
import type { DocumentReviewer, IdentityProvider } from './adapters/identity/identity-provider.ts';
import { SandboxIdentityProvider } from './adapters/identity/sandbox-provider.ts';
import { manualReviewer, SandboxReviewer } from './adapters/identity/sandbox-reviewer.ts';
import type { MailAdapter } from './adapters/mail/mail-adapter.ts';
import { SecurityMailer } from './adapters/mail/security-mailer.ts';
import type { RealtimeSettings } from './adapters/realtime/credentials.ts';
import type { CustomerEvents } from './adapters/realtime/publisher.ts';
import type { FileStorage } from './adapters/storage/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import { UnitOfWork } from './db/unit-of-work.ts';
import type { Clock } from './lib/clock.ts';
import {
  CodeResendThrottle,
  ForgotPasswordThrottle,
  LoginThrottle,
  MfaFailureThrottle,
  SignUpThrottle,
  passwordConfirmationThrottle,
  resetPasswordThrottle,
  totpFailureThrottle,
  type RateLimitStore,
} from './lib/throttle/index.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { OneTimeCodeService } from './modules/auth/one-time-code.service.ts';
import { buildPasswordPolicy } from './modules/auth/password-policy.ts';
import { createRedisInvalidationBus, localInvalidationBus } from './modules/auth/session-cache-bus.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { CorridorsService } from './modules/corridors/corridors.service.ts';
import { RatesRefreshJob } from './modules/corridors/rates-refresh-job.ts';
import { RatesService } from './modules/corridors/rates.service.ts';
import { CustomersService } from './modules/customers/customers.service.ts';
import { DevService } from './modules/dev/dev.service.ts';
import { DevicesService } from './modules/devices/devices.service.ts';
import { DocumentsService } from './modules/documents/documents.service.ts';
import { EmailVerificationService } from './modules/email-verification/email-verification.service.ts';
import { KnownDevicesService } from './modules/known-devices/known-devices.service.ts';
import { MfaService } from './modules/mfa/mfa.service.ts';
import { OnboardingService } from './modules/onboarding/onboarding.service.ts';
import { PasswordConfirmation } from './modules/passwords/password-confirmation.ts';
import { PasswordService } from './modules/passwords/passwords.service.ts';
import { RecentAuthentication } from './modules/passwords/recent-authentication.ts';
import { RealtimeService } from './modules/realtime/realtime.service.ts';
import { LimitsService } from './modules/quotes/limits.service.ts';
import { QuoteExpiryTimers } from './modules/quotes/quote-expiry.ts';
import { QuotesService } from './modules/quotes/quotes.service.ts';
import { RecipientsService } from './modules/recipients/recipients.service.ts';
import { ReferenceService } from './modules/reference/reference.service.ts';
import { TasksService } from './modules/tasks/tasks.service.ts';

/** What the services are built from: configuration and the adapters the infrastructure plugins opened. */
export interface Infrastructure {
  config: Config;
  now: Clock;
  log: FastifyBaseLogger;
  db: Kysely<Database>;
  mailer: MailAdapter;
  rateLimitStore: RateLimitStore;
  /** Realtime publishing (looked up at publish time, so a test can watch `notify`). */
  customerEvents: CustomerEvents;
  realtimeSettings: RealtimeSettings;
  /** Verification documents: DATA_DIR/documents or an S3-compatible bucket. */
  storage: FileStorage;
  /** Mid-market rates; default from config (RATES_PROVIDER). */
  ratesProvider?: RatesProvider;
  /** When `QuoteExpiring` is pushed, in ms after a quote is made (tests); default a minute before expiry. */
  quoteExpiringDelayMs?: number;
}

export interface Services {
  /** One transaction plus the side effects it asks for, after the commit (db/unit-of-work.ts). */
  uow: UnitOfWork;
  /** Sessions and the per-instance session cache (docs/decisions/0005-session-cache.md). */
  sessions: SessionService;
  customers: CustomersService;
  auth: AuthService;
  codes: OneTimeCodeService;
  /** The security mails (tests wait on `mail.idle()` for mails sent after the answer). */
  mail: SecurityMailer;
  emailVerification: EmailVerificationService;
  mfa: MfaService;
  passwords: PasswordService;
  /** The "password again after 10 minutes" rule, for sensitive changes in other modules. */
  recentAuthentication: RecentAuthentication;
  knownDevices: KnownDevicesService;
  reference: ReferenceService;
  onboarding: OnboardingService;
  documents: DocumentsService;
  tasks: TasksService;
  devices: DevicesService;
  /** Corridors: destinations, payout methods, limits, fees, margins (docs/product/money-movement.md#corridors). */
  corridors: CorridorsService;
  /** Mid-market rates: `midMarket(source, target)`, refused when too old; `refresh()`. */
  rates: RatesService;
  /** Refreshes the rates on start-up and every RATES_REFRESH_MINUTES (started by app.ts when ready). */
  ratesJob: RatesRefreshJob;
  /** Requirements schemas and the customer's recipients (docs/product/money-movement.md#recipients). */
  recipients: RecipientsService;
  /** Quotes (docs/product/money-movement.md#quotes) and their QuoteExpiring timers. */
  quotes: QuotesService;
  quoteTimers: QuoteExpiryTimers;
  /** Limits and eligibility (docs/product/money-movement.md#limits). */
  limits: LimitsService;
  realtime: RealtimeService;
  dev: DevService;
  /** Waits for background work (mails after the answer) and stops listening to other instances. */
  close(): Promise<void>;
}

export function createServices(infra: Infrastructure): Services {
  const { config, now, log, db, mailer, rateLimitStore: store, customerEvents } = infra;

  // Sessions first: every change's unit of work tells their cache what changed.
  const customers = new CustomersService({ db });
  const redisUrl = config.session.cacheSeconds > 0 ? config.redisUrl : undefined;
  const sessions = new SessionService({
    db,
    config,
    now,
    profiles: customers,
    createBus: (cache) =>
      redisUrl
        ? createRedisInvalidationBus({ url: redisUrl, target: cache, logger: log.child({ module: 'session-cache' }) })
        : localInvalidationBus,
  });
  const uow = new UnitOfWork(db, {
    forgetCustomer: (customerId) => sessions.forgetCustomer(customerId),
    forgetToken: (token) => sessions.forgetToken(token),
    publish: (...event) => customerEvents.notify(...event),
  });

  // Security building blocks shared by several modules.
  const codes = new OneTimeCodeService(config.appKey, now);
  const mail = new SecurityMailer(mailer, config.appUrl, log);
  const resend = new CodeResendThrottle(store);
  const passwordConfirmation = new PasswordConfirmation({ db, throttle: passwordConfirmationThrottle(store) });
  const recentAuthentication = new RecentAuthentication({ uow, now, sessions, passwordConfirmation });
  const knownDevices = new KnownDevicesService({ db, now, mail, appKey: config.appKey });
  const policy = buildPasswordPolicy(config.passwordPolicy);
  const mfaFailures = new MfaFailureThrottle(store, config.mfaThrottle);

  const auth = new AuthService({
    db,
    uow,
    config,
    now,
    sessions,
    codes,
    mailer,
    throttle: new LoginThrottle(store, config.loginThrottle),
    signUpThrottle: new SignUpThrottle(store, config.signUpThrottle),
    mfaFailures,
    log,
    security: { mail, devices: knownDevices, resend },
  });
  const emailVerification = new EmailVerificationService({ db, uow, now, codes, customers, mail, resend });
  const mfa = new MfaService({
    db,
    uow,
    now,
    appKey: config.appKey,
    sessions,
    codes,
    mail,
    resend,
    passwordConfirmation,
    mfaFailures,
    totpFailures: totpFailureThrottle(store),
    devices: knownDevices,
  });
  const passwords = new PasswordService({
    db,
    now,
    appUrl: config.appUrl,
    policy,
    uow,
    sessions,
    mail,
    passwordConfirmation,
    forgotThrottle: new ForgotPasswordThrottle(store),
    resetThrottle: resetPasswordThrottle(store),
  });

  const reference = new ReferenceService(db);
  // Account verification: the sandbox provider and reviewer in the embedded default (a real
  // provider implements the same interfaces, adapters/identity/identity-provider.ts).
  const sandbox = new SandboxIdentityProvider(config.appKey, now);
  const providers = new Map<string, IdentityProvider>([[sandbox.api, sandbox]]);
  let reviewer: DocumentReviewer = manualReviewer;
  const documents = new DocumentsService({
    db,
    uow,
    now,
    storage: infra.storage,
    providers,
    reviewer: () => reviewer,
    appKey: config.appKey,
    rateLimitStore: store,
    uploadRule: { max: config.verification.uploadsPerHour, windowMs: 3_600_000 },
    log: log.child({ module: 'documents' }),
  });
  const reviewDelay = config.verification.sandboxReviewDelayMs;
  if (reviewDelay !== null) {
    reviewer = new SandboxReviewer(reviewDelay, (id, decision) => documents.applyReview(id, decision), log);
  }
  const tasks = new TasksService();
  const onboarding = new OnboardingService({ db, now, reference, documents, customers, uow, recentAuthentication });
  const devices = new DevicesService({ db, now, idleMs: config.session.idleMinutes * 60_000, uow });
  const corridors = new CorridorsService();
  const rates = new RatesService({
    db,
    now,
    provider: infra.ratesProvider ?? createRatesProvider(config.rates, now),
    maxAgeHours: config.rates.maxAgeHours,
  });
  const ratesJob = new RatesRefreshJob({
    rates,
    everyMinutes: config.rates.refreshMinutes,
    log: log.child({ module: 'rates' }),
  });
  const recipients = new RecipientsService({ db, uow, now, recentAuthentication });
  const limits = new LimitsService({ now, tasks, rates });
  const expiringDelay = infra.quoteExpiringDelayMs;
  const quoteTimers = new QuoteExpiryTimers({
    uow,
    now,
    delayMs: expiringDelay === undefined ? undefined : () => expiringDelay,
    onError: (err) => log.warn({ err }, 'QuoteExpiring failed'),
  });
  const quotes = new QuotesService({ db, now, corridors, rates, limits, timers: quoteTimers });
  const realtime = new RealtimeService(infra.realtimeSettings, config.appUrl.startsWith('https:'));
  const dev = new DevService({ db, uow, events: customerEvents });

  return {
    uow,
    sessions,
    customers,
    auth,
    codes,
    mail,
    emailVerification,
    mfa,
    passwords,
    recentAuthentication,
    knownDevices,
    reference,
    onboarding,
    documents,
    tasks,
    devices,
    corridors,
    rates,
    ratesJob,
    recipients,
    quotes,
    quoteTimers,
    limits,
    realtime,
    dev,
    async close() {
      reviewer.close();
      quoteTimers.close();
      await mail.idle();
      await sessions.close();
    },
  };
}
