// The composition root's money part (composition-root.ts): corridors and rates, recipients, limits,
// quotes, the transfer and its steps, the ledger, the gateway and the payout partner (the
// embedded sandboxes by default), payments, payouts, receipts and tracking; then every module's jobs
// are registered.
import { createRatesProvider } from '../adapters/fx-rates/index.ts';
import type { PaymentGateway } from '../adapters/payment-gateway/payment-gateway.ts';
import { createSandboxGateway, fetchWebhookSender } from '../adapters/payment-gateway/sandbox-wiring.ts';
import { createSandboxPayoutPartner } from '../adapters/payout-partner/sandbox-wiring.ts';
import { CorridorsService } from '../modules/corridors/corridors.service.ts';
import { RatesRefreshJob } from '../modules/corridors/rates-refresh-job.ts';
import { RatesService } from '../modules/corridors/rates.service.ts';
import type { EnqueueJob, Jobs } from '../modules/jobs/jobs.ts';
import { Ledger } from '../modules/ledger/ledger.service.ts';
import { paymentJobs } from '../modules/payments/payments.jobs.ts';
import { PaymentsService } from '../modules/payments/payments.service.ts';
import { payoutJobs } from '../modules/payouts/payouts.jobs.ts';
import { PayoutsService } from '../modules/payouts/payouts.service.ts';
import { LimitsService } from '../modules/quotes/limits.service.ts';
import { quoteJobs } from '../modules/quotes/quote-expiry.ts';
import { QuotesService } from '../modules/quotes/quotes.service.ts';
import { ReceiptsService } from '../modules/receipts/receipts.service.ts';
import { RecipientsService } from '../modules/recipients/recipients.service.ts';
import type { TasksService } from '../modules/tasks/tasks.service.ts';
import { TrackingService } from '../modules/tracking/tracking.service.ts';
import type { DocumentsService } from '../modules/documents/documents.service.ts';
import { holdJobs } from '../modules/transfers/hold-jobs.ts';
import { TransferHolds } from '../modules/transfers/transfer-holds.ts';
import { TransferLifecycle } from '../modules/transfers/lifecycle.ts';
import { TransferDelays } from '../modules/transfers/transfer-delays.ts';
import { TransferSteps } from '../modules/transfers/transfer-steps.ts';
import { transferJobs } from '../modules/transfers/transfers.jobs.ts';
import { countedInLast30Days, TransfersService, usedInLast30Days } from '../modules/transfers/transfers.service.ts';
import { WebhookInbox } from '../modules/webhooks/webhook-inbox.ts';
import type { IdentityServices } from './identity.ts';
import type { Infrastructure } from './infrastructure.ts';

export function createMoneyServices(
  infra: Infrastructure,
  {
    uow,
    customers,
    stepUp,
    tasks,
    jobs,
    documents,
  }: Pick<IdentityServices, 'uow' | 'customers' | 'stepUp'> & {
    tasks: TasksService;
    jobs: Jobs;
    documents: DocumentsService;
  },
) {
  const { config, now, log, db, mailer, rateLimitStore: store } = infra;

  const corridors = new CorridorsService();
  const rates = new RatesService({
    db,
    now,
    provider: infra.ratesProvider ?? createRatesProvider(config.rates, now),
    maxAgeHours: config.rates.maxAgeHours,
  });
  const ratesJob = new RatesRefreshJob({ rates, log: log.child({ module: 'rates' }) });
  const recipients = new RecipientsService({ db, uow, now, stepUp });
  // What is used of the 30-day limit comes from the customer's transfers.
  const limits = new LimitsService({
    now,
    tasks,
    rates,
    usedInLast30Days: usedInLast30Days(db),
    countedInLast30Days: countedInLast30Days(db),
  });
  // The embedded sandboxes queue their jobs through this (adapters never import the jobs module).
  const enqueue: EnqueueJob = (job, payload, options) => jobs.enqueue(db, job, payload, options);
  const quotes = new QuotesService({ db, now, corridors, rates, limits, jobs });
  // Expected times and delays (docs/product/expected-times.md).
  const delays = new TransferDelays({
    db,
    uow,
    now,
    corridors,
    jobs,
    payoutStartDelayMs: config.payouts.startDelayMs,
  });
  const lifecycle = new TransferLifecycle({ now, jobs, times: delays });
  const transfers = new TransfersService({
    db,
    uow,
    now,
    limits,
    recipients,
    quotes,
    jobs,
    stepUp,
    stepUpThresholdGbp: config.stepUp.thresholdGbp,
    times: delays,
  });
  const ledger = new Ledger({ now });
  // Payments and payouts depend on the transfer module; it reaches them through ports set below.
  const transferSteps = new TransferSteps({ uow, now, lifecycle, ledger, transfers, recipients });
  const webhookInbox = new WebhookInbox({
    uow,
    now,
    log: log.child({ module: 'webhooks' }),
    ...(infra.metrics ? { onRefused: infra.metrics.webhookRefused } : {}),
  });
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
    delays,
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
  // Holds solved in the app (docs/product/holds.md): checked when a payment is received.
  const transferHolds = new TransferHolds({
    db,
    uow,
    now,
    jobs,
    lifecycle,
    steps: transferSteps,
    transfers,
    documents,
    ...config.holds,
  });
  transferSteps.connect({ payments, payouts, holds: transferHolds });
  // Each module (and each embedded sandbox) defines its durable jobs; they run here.
  jobs.register(
    ...quoteJobs({ db, now, uow }),
    ...transferJobs({ steps: transferSteps, db, mailer, appUrl: config.appUrl }),
    ...payoutJobs(payouts),
    ...holdJobs({ holds: transferHolds, db, mailer, appUrl: config.appUrl }),
    ...paymentJobs({ payments, db }),
    ...(sandboxPayments?.jobs ?? []),
    ...(sandboxPayouts?.jobs ?? []),
  );

  return {
    corridors,
    rates,
    ratesJob,
    recipients,
    quotes,
    limits,
    transfers,
    transferSteps,
    transferHolds,
    webhookInbox,
    lifecycle,
    delays,
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
  };
}
