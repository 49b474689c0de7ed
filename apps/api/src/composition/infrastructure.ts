// What the composition root (composition-root.ts) builds the services from.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { RatesProvider } from '../adapters/fx-rates/index.ts';
import type { MailAdapter } from '../adapters/mail/mail-adapter.ts';
import type { SendWebhook } from '../adapters/payment-gateway/sandbox-gateway.ts';
import type { PayoutPartner } from '../adapters/payout-partner/index.ts';
import type { RealtimeSettings } from '../adapters/realtime/credentials.ts';
import type { CustomerEvents } from '../adapters/realtime/publisher.ts';
import type { FileStorage } from '../adapters/storage/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import type { RateLimitStore } from '../lib/throttle/index.ts';
import type { ServiceMetrics } from '../plugins/metrics.ts';

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
  /** What the services count for GET /metrics (plugins/metrics.ts): failed jobs, refused webhooks. */
  metrics?: ServiceMetrics;
}
