// The one place where the api's services, repositories' users and adapters are put together
// (docs/ARCHITECTURE.md "Composition root"). Every service takes its dependencies as an explicit
// object; nothing below this file (and its parts in composition/) builds a service or reaches for
// `app`. A new module adds its service, in dependency order, to the part of its area
// (composition/identity.ts, verification.ts, money.ts) or here, and to `Services`.
import { randomUUID } from 'node:crypto';
import type { SecurityMailer } from './adapters/mail/security-mailer.ts';
import type { PaymentGateway } from './adapters/payment-gateway/payment-gateway.ts';
import type { SandboxGateway } from './adapters/payment-gateway/sandbox-gateway.ts';
import type { Config } from './config.ts';
import { createIdentityServices } from './composition/identity.ts';
import type { Infrastructure } from './composition/infrastructure.ts';
import { createMoneyServices } from './composition/money.ts';
import { createVerificationServices } from './composition/verification.ts';
import type { UnitOfWork } from './db/unit-of-work.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { OneTimeCodeService } from './modules/auth/one-time-code.service.ts';
import type { SessionService } from './modules/auth/session.service.ts';
import type { CorridorsService } from './modules/corridors/corridors.service.ts';
import type { RatesRefreshJob } from './modules/corridors/rates-refresh-job.ts';
import type { RatesService } from './modules/corridors/rates.service.ts';
import type { CustomersService } from './modules/customers/customers.service.ts';
import { DevService } from './modules/dev/dev.service.ts';
import type { DevicesService } from './modules/devices/devices.service.ts';
import type { DocumentsService } from './modules/documents/documents.service.ts';
import type { EmailChangeService } from './modules/email-change/email-change.service.ts';
import type { EmailVerificationService } from './modules/email-verification/email-verification.service.ts';
import { Jobs } from './modules/jobs/jobs.ts';
import { PeriodicTasks, type PeriodicTask } from './modules/jobs/periodic.ts';
import type { KnownDevicesService } from './modules/known-devices/known-devices.service.ts';
import type { Ledger } from './modules/ledger/ledger.service.ts';
import type { MfaService } from './modules/mfa/mfa.service.ts';
import type { OnboardingService } from './modules/onboarding/onboarding.service.ts';
import type { PasskeysService } from './modules/passkeys/passkeys.service.ts';
import type { PasswordService } from './modules/passwords/passwords.service.ts';
import type { StepUp } from './modules/step-up/step-up.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import type { PayoutsService } from './modules/payouts/payouts.service.ts';
import type { LimitsService } from './modules/quotes/limits.service.ts';
import type { QuotesService } from './modules/quotes/quotes.service.ts';
import { rateAlertJobs, scheduleRateAlertCheck } from './modules/rate-alerts/rate-alert-check.ts';
import { RateAlertsService } from './modules/rate-alerts/rate-alerts.service.ts';
import { RealtimeService } from './modules/realtime/realtime.service.ts';
import type { ReceiptsService } from './modules/receipts/receipts.service.ts';
import type { RecipientsService } from './modules/recipients/recipients.service.ts';
import { ScheduledTransferRunner } from './modules/scheduled-transfers/scheduled-transfer-run.ts';
import { scheduledTransferJobs } from './modules/scheduled-transfers/scheduled-transfers.jobs.ts';
import { ScheduledTransfersService } from './modules/scheduled-transfers/scheduled-transfers.service.ts';
import type { ReferenceService } from './modules/reference/reference.service.ts';
import type { TasksService } from './modules/tasks/tasks.service.ts';
import type { TrackingService } from './modules/tracking/tracking.service.ts';
import type { TransferLifecycle } from './modules/transfers/lifecycle.ts';
import type { TransferHolds } from './modules/transfers/transfer-holds.ts';
import type { TransferDelays } from './modules/transfers/transfer-delays.ts';
import type { TransferSteps } from './modules/transfers/transfer-steps.ts';
import type { TransfersService } from './modules/transfers/transfers.service.ts';
import type { WebhookInbox } from './modules/webhooks/webhook-inbox.ts';

export type { Infrastructure } from './composition/infrastructure.ts';

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
  emailChange: EmailChangeService;
  mfa: MfaService;
  passwords: PasswordService;
  /** The "password again after 10 minutes" rule, for sensitive changes in other modules. */
  stepUp: StepUp;
  /** Passkeys: list, add, remove, sign-in, second factor, step-up (docs/product/auth-and-sessions.md#passkeys). */
  passkeys: PasskeysService;
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
  /** One rates refresh (`runOnce`): the periodic task `rates-refresh`, every RATES_REFRESH_MINUTES. */
  ratesJob: RatesRefreshJob;
  /** Requirements schemas and the customer's recipients (docs/product/money-movement.md#recipients). */
  recipients: RecipientsService;
  /** Quotes (docs/product/money-movement.md#quotes); their QuoteExpiring is a durable job. */
  quotes: QuotesService;
  /** Durable jobs (docs/product/system.md#durable-jobs): started by app.ts when ready, unless polling is 0. */
  jobs: Jobs;
  /** Scheduled tasks, once per tick across the instances (`periodicTasks`); scheduled by app.ts with the jobs. */
  periodic: PeriodicTasks;
  /** Limits and eligibility (docs/product/money-movement.md#limits). */
  limits: LimitsService;
  /** Confirmed transfers: create (Idempotency-Key), list, get (docs/product/money-movement.md#transactions). */
  transfers: TransfersService;
  /** A transfer's money steps after the confirm: paid, failed, cancel, expire, refund, payout, resend. */
  transferSteps: TransferSteps;
  /** Holds solved in the app: placed after payment, answered, expired (docs/product/holds.md). */
  transferHolds: TransferHolds;
  /** The one webhook inbox of the gateway and the payout partners (docs/product/money-movement.md#webhooks). */
  webhookInbox: WebhookInbox;
  /** Every status change of a transfer (docs/product/money-movement.md#transaction-statuses). */
  lifecycle: TransferLifecycle;
  /** Expected times and delays of transfers (docs/product/expected-times.md). */
  delays: TransferDelays;
  /** The double-entry ledger (docs/product/ledger.md). */
  ledger: Ledger;
  /** The payment gateway in use, or null when none is configured (docs/product/payments.md). */
  gateway: PaymentGateway | null;
  /** The embedded sandbox gateway when it is the one in use (its hosted pages are registered by app.ts). */
  sandboxGateway: SandboxGateway | null;
  /** Waits until the sandbox gateway has queued the notices of the steps taken so far (tests). */
  sandboxIdle(): Promise<void>;
  /** Scheduled transfers: the customer's schedules (docs/product/scheduled-transfers.md). */
  scheduledTransfers: ScheduledTransfersService;
  /** Their runs: the periodic check and the run job (docs/product/scheduled-transfers.md#runs). */
  scheduledTransferRunner: ScheduledTransferRunner;
  /** Paying, cancelling, expiry, reconciler (docs/product/money-movement.md#payment). */
  payments: PaymentsService;
  /** Payouts, their webhooks and resending a returned transfer (docs/product/money-movement.md#payout). */
  payouts: PayoutsService;
  /** The transfer receipt as a PDF (docs/product/money-movement.md#receipt). */
  receipts: ReceiptsService;
  /** Shareable tracking links and the public lookup (docs/product/money-movement.md#tracking). */
  tracking: TrackingService;
  /** Rate alerts, checked by a durable job after each rates refresh (docs/product/rate-alerts.md). */
  rateAlerts: RateAlertsService;
  realtime: RealtimeService;
  dev: DevService;
  /** Waits for background work (mails after the answer) and stops listening to other instances. */
  close(): Promise<void>;
}

export function createServices(infra: Infrastructure): Services {
  const { config, db, customerEvents } = infra;
  // In dependency order: sessions, the unit of work and account security; account verification;
  // money (whose jobs are registered there); then realtime and dev.
  const identity = createIdentityServices(infra);
  const jobs = new Jobs({
    db,
    now: infra.now,
    instanceId: `api-${process.pid}-${randomUUID().slice(0, 8)}`,
    log: infra.log.child({ module: 'jobs' }),
    pollMs: infra.jobsPollMs ?? infra.config.jobs.pollMs,
    ...(infra.metrics ? { onFailure: infra.metrics.jobFailed } : {}),
  });
  const verification = createVerificationServices(infra, { ...identity, jobs });
  const money = createMoneyServices(infra, {
    ...identity,
    tasks: verification.tasks,
    documents: verification.documents,
    jobs,
  });
  // Rate alerts (docs/product/rate-alerts.md): every successful refresh queues their check.
  const rateAlerts = new RateAlertsService({ db, uow: identity.uow, now: infra.now, corridors: money.corridors });
  jobs.register(
    ...rateAlertJobs({
      db,
      uow: identity.uow,
      now: infra.now,
      corridors: money.corridors,
      rates: money.rates,
      jobs,
      mailer: infra.mailer,
      appUrl: config.appUrl,
      log: infra.log.child({ module: 'rate-alerts' }),
    }),
  );
  money.ratesJob.onRefreshed(() => scheduleRateAlertCheck(jobs, db));
  // Scheduled transfers (docs/product/scheduled-transfers.md): built on the money services.
  const scheduledTransfers = new ScheduledTransfersService({
    db,
    uow: identity.uow,
    now: infra.now,
    recipients: money.recipients,
    corridors: money.corridors,
    stepUp: identity.stepUp,
  });
  const scheduledTransferRunner = new ScheduledTransferRunner({
    db,
    uow: identity.uow,
    now: infra.now,
    jobs,
    customers: identity.customers,
    recipients: money.recipients,
    quotes: money.quotes,
    transfers: money.transfers,
  });
  jobs.register(
    ...scheduledTransferJobs({ runner: scheduledTransferRunner, db, mailer: infra.mailer, appUrl: config.appUrl }),
  );
  const periodic = new PeriodicTasks({ jobs, db, now: infra.now });
  periodic.add(...periodicTasks(config, verification, money));
  // Due scheduled transfers, each handed to its own run job (SCHEDULED_TRANSFERS_CHECK_SECONDS).
  periodic.add({
    name: 'scheduled-transfers.due',
    everyMs: config.scheduledTransfers.checkEveryMs,
    run: () => scheduledTransferRunner.enqueueDue(),
  });
  const realtime = new RealtimeService(infra.realtimeSettings, config.appUrl.startsWith('https:'));
  const dev = new DevService({ db, uow: identity.uow, events: customerEvents });

  return {
    ...identity,
    ...verification,
    ...money,
    scheduledTransfers,
    scheduledTransferRunner,
    jobs,
    periodic,
    rateAlerts,
    realtime,
    dev,
    async close() {
      await money.sandboxIdle();
      await jobs.stop();
      await identity.mail.idle();
      await identity.sessions.close();
    },
  };
}

const HOUR_MS = 3_600_000;

/**
 * The scheduled tasks (docs/product/system.md#several-instances): each runs once per tick on one of
 * the instances, and at once when a new fleet's first instance starts.
 */
function periodicTasks(
  config: Config,
  { documents }: Pick<Services, 'documents'>,
  { transfers, ratesJob, delays }: Pick<Services, 'transfers' | 'ratesJob' | 'delays'>,
): PeriodicTask[] {
  const tasks: PeriodicTask[] = [
    // Files no row refers to, stale upload targets and tokens (docs/product/account-verification.md#upload).
    { name: 'documents.sweep', everyMs: HOUR_MS, run: () => documents.sweep() },
    // Documents waiting for review whose hand-over to the reviewer was lost (its jobs are durable).
    { name: 'documents.resume-reviews', everyMs: 10 * 60_000, run: () => documents.resumeReviews() },
    // Idempotency keys live 24 hours (docs/product/money-movement.md#idempotency).
    { name: 'transfers.sweep-idempotency-keys', everyMs: HOUR_MS, run: () => transfers.sweepIdempotencyKeys() },
    // Steps that overran their expected time are marked delayed (docs/product/expected-times.md#the-job).
    { name: 'transfers.mark-delays', everyMs: 60_000, run: () => delays.markOverdue() },
  ];
  // Mid-market rates (docs/product/money-movement.md#corridors): a failure is logged and keeps the last rates.
  if (config.rates.refreshMinutes > 0) {
    tasks.push({ name: 'rates.refresh', everyMs: config.rates.refreshMinutes * 60_000, run: () => ratesJob.runOnce() });
  }
  return tasks;
}
