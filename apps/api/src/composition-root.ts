// The one place where the api's services, repositories' users and adapters are put together
// (docs/ARCHITECTURE.md "Composition root"). Every service takes its dependencies as an explicit
// object; nothing below this file builds a service or reaches for `app`. A new module adds its
// service here, in dependency order, and to `Services`.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createRatesProvider, type RatesProvider } from './adapters/fx-rates/index.ts';
import type { DocumentReviewer, IdentityProvider } from './adapters/identity/identity-provider.ts';
import { SandboxIdentityProvider } from './adapters/identity/sandbox-provider.ts';
import { manualReviewer, SandboxReviewer } from './adapters/identity/sandbox-reviewer.ts';
import type { MailAdapter } from './adapters/mail/mail-adapter.ts';
import { SecurityMailer } from './adapters/mail/security-mailer.ts';
import type { PayoutPartner } from './adapters/payout-partner/index.ts';
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
import { Jobs, type EnqueueJob } from './modules/jobs/jobs.ts';
import { LimitsService } from './modules/quotes/limits.service.ts';
import { quoteJobs } from './modules/quotes/quote-expiry.ts';
import { QuotesService } from './modules/quotes/quotes.service.ts';
import { RecipientsService } from './modules/recipients/recipients.service.ts';
import { ReferenceService } from './modules/reference/reference.service.ts';
import { TasksService } from './modules/tasks/tasks.service.ts';
import { TransferSteps } from './modules/transfers/transfer-steps.ts';
import { countedInLast30Days, TransfersService, usedInLast30Days } from './modules/transfers/transfers.service.ts';
import { WebhookInbox } from './modules/webhooks/webhook-inbox.ts';
import { TransferLifecycle } from './modules/transfers/lifecycle.ts';
import { transferJobs } from './modules/transfers/transfers.jobs.ts';
import { Ledger } from './modules/ledger/ledger.service.ts';
import { paymentJobs } from './modules/payments/payments.jobs.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { createSandboxGateway, fetchWebhookSender } from './adapters/payment-gateway/sandbox-wiring.ts';
import { payoutJobs } from './modules/payouts/payouts.jobs.ts';
import { PayoutsService } from './modules/payouts/payouts.service.ts';
import { createSandboxPayoutPartner } from './adapters/payout-partner/sandbox-wiring.ts';
import { ReceiptsService } from './modules/receipts/receipts.service.ts';
import { TrackingService } from './modules/tracking/tracking.service.ts';
import type { SandboxGateway, SendWebhook } from './adapters/payment-gateway/sandbox-gateway.ts';
import type { PaymentGateway } from './adapters/payment-gateway/payment-gateway.ts';

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
  /** How often this instance looks for due durable jobs, in ms; 0: never (tests run them with `runDue`). */
  jobsPollMs?: number;
  /** How the sandbox gateway's webhooks are posted (default: fetch to APP_URL; tests use app.inject). */
  webhookSender?: SendWebhook;
  /** Wraps the payout partner (tests: a partner that fails for a while). */
  wrapPayoutPartner?: (partner: PayoutPartner) => PayoutPartner;
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
  /** Quotes (docs/product/money-movement.md#quotes); their QuoteExpiring is a durable job. */
  quotes: QuotesService;
  /** Durable jobs (docs/product/system.md#durable-jobs): started by app.ts when ready, unless polling is 0. */
  jobs: Jobs;
  /** Limits and eligibility (docs/product/money-movement.md#limits). */
  limits: LimitsService;
  /** Confirmed transfers: create (Idempotency-Key), list, get (docs/product/money-movement.md#transactions). */
  transfers: TransfersService;
  /** A transfer's money steps after the confirm: paid, failed, cancel, expire, refund, payout, resend. */
  transferSteps: TransferSteps;
  /** The one webhook inbox of the gateway and the payout partners (docs/product/money-movement.md#webhooks). */
  webhookInbox: WebhookInbox;
  /** Every status change of a transfer (docs/product/money-movement.md#transaction-statuses). */
  lifecycle: TransferLifecycle;
  /** The double-entry ledger (docs/product/ledger.md). */
  ledger: Ledger;
  /** The payment gateway in use, or null when none is configured (docs/product/payments.md). */
  gateway: PaymentGateway | null;
  /** The embedded sandbox gateway when it is the one in use (its hosted pages are registered by app.ts). */
  sandboxGateway: SandboxGateway | null;
  /** Waits until the sandbox gateway has queued the notices of the steps taken so far (tests). */
  sandboxIdle(): Promise<void>;
  /** Paying, cancelling, expiry, reconciler (docs/product/money-movement.md#payment). */
  payments: PaymentsService;
  /** Payouts, their webhooks and resending a returned transfer (docs/product/money-movement.md#payout). */
  payouts: PayoutsService;
  /** The transfer receipt as a PDF (docs/product/money-movement.md#receipt). */
  receipts: ReceiptsService;
  /** Shareable tracking links and the public lookup (docs/product/money-movement.md#tracking). */
  tracking: TrackingService;
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
    customers,
    codes,
    mailer,
    throttle: new LoginThrottle(store, config.loginThrottle),
    signUpThrottle: new SignUpThrottle(store, config.signUpThrottle),
    mfaFailures,
    log,
    security: { mail, devices: knownDevices, resend },
  });
  const emailVerification = new EmailVerificationService({
    db,
    uow,
    now,
    codes,
    customers,
    accounts: auth,
    mail,
    resend,
  });
  const mfa = new MfaService({
    db,
    uow,
    now,
    appKey: config.appKey,
    sessions,
    accounts: auth,
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
    accounts: auth,
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
  const onboarding = new OnboardingService({
    db,
    now,
    reference,
    documents,
    customers,
    accounts: auth,
    uow,
    recentAuthentication,
  });
  const devices = new DevicesService({ sessions, now, idleMs: config.session.idleMinutes * 60_000, uow });
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
  // What is used of the 30-day limit comes from the customer's transfers.
  const limits = new LimitsService({
    now,
    tasks,
    rates,
    usedInLast30Days: usedInLast30Days(db),
    countedInLast30Days: countedInLast30Days(db),
  });
  const jobs = new Jobs({
    db,
    now,
    instanceId: `api-${process.pid}-${randomUUID().slice(0, 8)}`,
    log: log.child({ module: 'jobs' }),
    pollMs: infra.jobsPollMs ?? 1000,
  });
  // The embedded sandboxes queue their jobs through this (adapters never import the jobs module).
  const enqueue: EnqueueJob = (job, payload, options) => jobs.enqueue(db, job, payload, options);
  const quotes = new QuotesService({ db, now, corridors, rates, limits, jobs });
  const lifecycle = new TransferLifecycle({ now, jobs });
  const transfers = new TransfersService({ db, uow, now, limits, recipients, quotes, jobs, recentAuthentication });
  const ledger = new Ledger({ now });
  // Payments and payouts depend on the transfer module; it reaches them through ports set below.
  const transferSteps = new TransferSteps({ uow, now, lifecycle, ledger, transfers, recipients });
  const webhookInbox = new WebhookInbox({ uow, now, log: log.child({ module: 'webhooks' }) });
  const sandboxPayments =
    config.payments.provider === 'sandbox'
      ? createSandboxGateway({
          db,
          now,
          enqueue,
          appKey: config.appKey,
          appUrl: config.appUrl,
          bankTransferDelayMs: config.payments.sandboxBankTransferDelayMs,
          send: infra.webhookSender,
          log: log.child({ module: 'sandbox-gateway' }),
        })
      : null;
  const gateway: PaymentGateway | null = sandboxPayments?.gateway ?? null;
  const sandboxPayouts =
    config.payouts.provider === 'sandbox'
      ? createSandboxPayoutPartner({
          db,
          now,
          enqueue,
          appKey: config.appKey,
          appUrl: config.appUrl,
          completionDelayMs: config.payouts.sandboxDelayMs,
          send: infra.webhookSender ?? fetchWebhookSender,
          log: log.child({ module: 'sandbox-payout-partner' }),
        })
      : null;
  const payouts = new PayoutsService({
    db,
    uow,
    now,
    partner: sandboxPayouts ? (infra.wrapPayoutPartner?.(sandboxPayouts.partner) ?? sandboxPayouts.partner) : null,
    transfers: lifecycle,
    steps: transferSteps,
    jobs,
    inbox: webhookInbox,
    startDelayMs: config.payouts.startDelayMs,
    log: log.child({ module: 'payouts' }),
  });
  const receipts = new ReceiptsService({ now, transfers, customers });
  const tracking = new TrackingService({ db, now, store, transfers, appUrl: config.appUrl });
  const payments = new PaymentsService({
    db,
    uow,
    now,
    gateway,
    transfers,
    steps: transferSteps,
    inbox: webhookInbox,
    jobs,
    appUrl: config.appUrl,
    log: log.child({ module: 'payments' }),
  });
  transferSteps.connect({ payments, payouts });
  // Each module (and each embedded sandbox) defines its durable jobs; they run here.
  jobs.register(
    ...quoteJobs({ db, now, uow }),
    ...transferJobs({ steps: transferSteps, db, mailer, appUrl: config.appUrl }),
    ...payoutJobs(payouts),
    ...paymentJobs({ payments, db }),
    ...(sandboxPayments?.jobs ?? []),
    ...(sandboxPayouts?.jobs ?? []),
  );
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
    jobs,
    limits,
    transfers,
    transferSteps,
    webhookInbox,
    lifecycle,
    ledger,
    gateway,
    sandboxGateway: sandboxPayments?.gateway ?? null,
    sandboxIdle: async () => {
      await sandboxPayments?.idle();
      await sandboxPayouts?.idle();
    },
    payments,
    payouts,
    receipts,
    tracking,
    realtime,
    dev,
    async close() {
      reviewer.close();
      await sandboxPayments?.idle();
      await sandboxPayouts?.idle();
      await jobs.stop();
      await mail.idle();
      await sessions.close();
    },
  };
}
