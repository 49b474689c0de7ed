import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { FastifySchemaCompiler } from 'fastify';
import type { Kysely } from 'kysely';
import type { RatesProvider } from './adapters/fx-rates/index.ts';
import type { MailAdapter } from './adapters/mail/mail-adapter.ts';
import type { PayoutPartner } from './adapters/payout-partner/index.ts';
import { createFileStorage, s3UploadOrigin, type FileStorage } from './adapters/storage/index.ts';
import { createServices, type Services } from './composition-root.ts';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import { AppError } from './lib/app-error.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { lazyChildLoggerFactory } from './lib/request-logger.ts';
import { forbiddenCharacterErrors, nestedDeeperThan, TOO_DEEP_MESSAGE } from './lib/input-guard.ts';
import type { RateLimitStore } from './lib/throttle/index.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import corridorsRoutes from './modules/corridors/corridors.routes.ts';
import devRoutes from './modules/dev/dev.routes.ts';
import devicesRoutes from './modules/devices/devices.routes.ts';
import documentsRoutes from './modules/documents/documents.routes.ts';
import emailChangeRoutes from './modules/email-change/email-change.routes.ts';
import emailVerificationRoutes from './modules/email-verification/email-verification.routes.ts';
import mfaRoutes from './modules/mfa/mfa.routes.ts';
import passkeysRoutes from './modules/passkeys/passkeys.routes.ts';
import stepUpRoutes from './modules/step-up/step-up.routes.ts';
import onboardingRoutes from './modules/onboarding/onboarding.routes.ts';
import passwordsRoutes from './modules/passwords/passwords.routes.ts';
import quotesRoutes from './modules/quotes/quotes.routes.ts';
import rateAlertsRoutes from './modules/rate-alerts/rate-alerts.routes.ts';
import realtimeRoutes from './modules/realtime/realtime.routes.ts';
import recipientsRoutes from './modules/recipients/recipients.routes.ts';
import scheduledTransfersRoutes from './modules/scheduled-transfers/scheduled-transfers.routes.ts';
import tasksRoutes from './modules/tasks/tasks.routes.ts';
import transfersRoutes from './modules/transfers/transfers.routes.ts';
import paymentsRoutes, { paymentWebhookRoutes } from './modules/payments/payments.routes.ts';
import { payoutWebhookRoutes } from './modules/payouts/payouts.routes.ts';
import receiptsRoutes from './modules/receipts/receipts.routes.ts';
import trackingRoutes from './modules/tracking/tracking.routes.ts';
import { sandboxGatewayPages } from './adapters/payment-gateway/sandbox-pages.ts';
import type { SendWebhook } from './adapters/payment-gateway/sandbox-gateway.ts';
import compressPlugin from './plugins/compress.ts';
import cookiesPlugin from './plugins/cookies.ts';
import csrfPlugin from './plugins/csrf.ts';
import dbPlugin from './plugins/db.ts';
import errorHandlerPlugin from './plugins/error-handler.ts';
import healthPlugin from './plugins/health.ts';
import securityHeadersPlugin from './plugins/helmet.ts';
import mailPlugin from './plugins/mail.ts';
import metricsPlugin from './plugins/metrics.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import realtimeWiring from './plugins/realtime.ts';
import sessionPlugin from './plugins/session.ts';
import swaggerPlugin from './plugins/swagger.ts';
import webPlugin from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface AppOverrides {
  /** Use this database instead of opening one from config (the app will not destroy it). */
  db?: Kysely<Database>;
  /** Wall clock for session/OTP expiry (tests advance it instead of sleeping). */
  now?: Clock;
  mailer?: MailAdapter;
  rateLimitStore?: RateLimitStore;
  /** Where verification documents go (default from config: DATA_DIR/documents or S3). */
  storage?: FileStorage;
  /** Where mid-market rates come from (default from config: RATES_PROVIDER). */
  ratesProvider?: RatesProvider;
  /** How often durable jobs are looked for, in ms; 0: never (tests run them with `services.jobs.runDue()`). */
  jobsPollMs?: number;
  /** How the sandbox gateway posts its webhooks (default: fetch to APP_URL; tests deliver with app.inject). */
  webhookSender?: SendWebhook;
  /** Extra Fastify logger options (e.g. a destination stream). */
  logger?: FastifyServerOptions['logger'];
  /** Wraps the payout partner (tests make it fail for a while, as a real partner's outage would). */
  wrapPayoutPartner?: (partner: PayoutPartner) => PayoutPartner;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Body limit for JSON/form requests (document uploads will set their own, larger, limit). */
export const BODY_LIMIT = 1024 * 1024;

/** Loggers never see cookies, auth headers or password fields. */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirm_password',
  '*.current_password',
  '*.token',
];

export function fastifyOptions(config: Config, overrides: AppOverrides = {}): FastifyServerOptions {
  return {
    logger: overrides.logger ?? { level: config.logLevel, redact: LOG_REDACT },
    // Each request's logger is made when it first logs (lib/request-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
    // a number means "trust the n-th hop" (supported by Fastify at runtime; missing from its types)
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    genReqId(req) {
      const h = req.headers['x-request-id'];
      return typeof h === 'string' && REQUEST_ID.test(h) ? h : randomUUID();
    },
    // A path id of any length reaches the routes and gets the api's own 404 (unknown, malformed and
    // another customer's ids look the same, docs/product/api.md#statuses), not the router's 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  };
}

/**
 * Zod validation of body, query and path parameters. An absent body is validated as {} so missing
 * fields get "is required" messages. Before zod, any string (value or key) with a control
 * character or a lone surrogate is a 422 on its field, whatever the content type
 * (docs/product/system.md#odd-input).
 */
const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as never);
  const isBody = route.httpPart === 'body';
  const root = isBody ? 'body' : String(route.httpPart);
  return (data: unknown) => {
    const input = isBody ? (data ?? {}) : data;
    const errors = forbiddenCharacterErrors(input, root);
    if (errors) return { error: AppError.validation(errors) };
    return validate(input);
  };
};

/** 400 for a JSON body nested deeper than MAX_INPUT_DEPTH (validating it could exhaust the stack). */
function tooDeepError(): Error {
  return Object.assign(new Error(TOO_DEEP_MESSAGE), { statusCode: 400, code: 'FST_ERR_CTP_BODY_TOO_DEEP' });
}

/**
 * The api as a plugin tree: infrastructure, then domain, then routes.
 * Returns a Fastify instance that is not yet listening (use `app.inject` or `app.listen`).
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const now = overrides.now ?? systemClock;
  const app = Fastify(fastifyOptions(config, overrides));

  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (axios POST without data) is an empty object, not a 400. A body nested
  // deeper than MAX_INPUT_DEPTH is a 400 on every route (docs/product/system.md#odd-input).
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    defaultJsonParser(req, body as string, (err, parsed) => {
      if (err) return done(err, undefined);
      if (nestedDeeperThan(parsed)) return done(tooDeepError(), undefined);
      done(null, parsed);
    });
  });

  // Hooks on every request are callback-style: cheaper than an async function per request. The
  // request id goes out as x-request-id with the security headers (plugins/helmet.ts: one hook).

  // Infrastructure: adapters opened from config (each closes itself with the app)
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    appUrl: config.appUrl,
    pusherCluster: config.pusher?.cluster,
    uploadOrigin: config.s3 ? s3UploadOrigin(config.s3) : undefined,
  });
  await app.register(compressPlugin);
  await app.register(cookiesPlugin);
  await app.register(csrfPlugin, {
    appKey: config.appKey,
    secure: config.secureCookies,
    appUrl: config.appUrl,
    sessionLifetimeSeconds: config.session.absoluteHours * 3600,
    now,
    // Server-to-server notices (signed) and the sandbox gateway's own pages (a per-payment token)
    // carry no session: docs/product/payments.md.
    exemptPrefixes: ['/apps/', '/webhooks/', '/sandbox/gateway/'],
  });
  await app.register(dbPlugin, { config, ...(overrides.db ? { db: overrides.db } : {}) });
  await app.register(rateLimitPlugin, {
    config,
    now,
    ...(overrides.rateLimitStore ? { store: overrides.rateLimitStore } : {}),
  });
  await app.register(mailPlugin, { config, now, ...(overrides.mailer ? { mailer: overrides.mailer } : {}) });
  await app.register(realtimeWiring, { config });
  await app.register(healthPlugin, { redisConfigured: Boolean(config.redisUrl) });
  await app.register(metricsPlugin, { token: config.metricsToken, now });

  // Domain: every service, built in one place (composition-root.ts)
  const services = createServices({
    config,
    now,
    log: app.log,
    db: app.db,
    mailer: app.mailer,
    rateLimitStore: app.rateLimitStore,
    customerEvents: app.customerEvents,
    realtimeSettings: app.realtimeSettings,
    metrics: app.metrics,
    storage:
      overrides.storage ?? createFileStorage({ dataDir: config.dataDir, ...(config.s3 ? { s3: config.s3 } : {}) }),
    ...(overrides.ratesProvider ? { ratesProvider: overrides.ratesProvider } : {}),
    ...(overrides.jobsPollMs !== undefined ? { jobsPollMs: overrides.jobsPollMs } : {}),
    ...(overrides.wrapPayoutPartner ? { wrapPayoutPartner: overrides.wrapPayoutPartner } : {}),
    ...(overrides.webhookSender ? { webhookSender: overrides.webhookSender } : {}),
  });
  app.decorate('services', services);
  app.addHook('onClose', async () => services.close());
  // Durable jobs (docs/product/system.md#durable-jobs): polled on every instance, unless turned off.
  // The scheduled tasks (the document sweep, documents whose review was not handed over, the
  // idempotency-key sweep, the rates refresh: composition-root.ts) are durable jobs too, each run
  // once per tick by one instance (docs/product/system.md#several-instances); the payments
  // reconciler re-enqueues itself. Each is queued (once per key) when the jobs start.
  if (overrides.jobsPollMs !== 0) {
    app.addHook('onReady', async () => {
      services.jobs.start();
      await services.periodic.schedule();
      await services.payments.scheduleReconcile(app.db);
    });
  }
  app.addHook('onClose', async () => services.ratesJob.stop());
  await app.register(sessionPlugin, { config, sessions: services.sessions });
  // OpenAPI at /docs: off in production unless DOCS_ENABLED (docs/product/system.md#production)
  if (config.docsEnabled) await app.register(swaggerPlugin, { appUrl: config.appUrl });

  // Routes
  await app.register(authRoutes);
  await app.register(onboardingRoutes);
  await app.register(tasksRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(emailChangeRoutes);
  await app.register(mfaRoutes);
  await app.register(passkeysRoutes);
  await app.register(stepUpRoutes);
  await app.register(passwordsRoutes);
  await app.register(devicesRoutes);
  await app.register(documentsRoutes);
  await app.register(corridorsRoutes);
  await app.register(recipientsRoutes);
  await app.register(rateAlertsRoutes, { config });
  await app.register(quotesRoutes);
  await app.register(transfersRoutes);
  await app.register(scheduledTransfersRoutes);
  await app.register(paymentsRoutes);
  await app.register(paymentWebhookRoutes);
  await app.register(payoutWebhookRoutes);
  await app.register(receiptsRoutes);
  await app.register(trackingRoutes);
  // The sandbox gateway's hosted card page: only with the sandbox gateway (never in production
  // unless PAYMENTS_PROVIDER=sandbox); it sets its own Content-Security-Policy over the app's.
  if (services.sandboxGateway) {
    await app.register(sandboxGatewayPages, { gateway: services.sandboxGateway, now });
  }
  await app.register(realtimeRoutes, { config });
  if (config.devMailbox) await app.register(devRoutes);
  await app.register(webPlugin, { webDist: config.webDist });

  return app;
}
