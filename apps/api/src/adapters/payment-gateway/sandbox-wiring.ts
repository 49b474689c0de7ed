import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacBase64Url } from '../../lib/crypto.ts';
import { defineJob, type EnqueueJob, type RegisteredJob } from '../../lib/job-definition.ts';
import { signWebhook, unixSeconds } from '../../lib/webhook-signature.ts';
import { DbSandboxGatewayStore } from './db-sandbox-store.ts';
import type { CreatedPayment, CreatePaymentInput } from './payment-gateway.ts';
import {
  SANDBOX_GATEWAY_SIGNATURE_HEADER,
  SandboxGateway,
  type SandboxGatewayOptions,
  type SendWebhook,
} from './sandbox-gateway.ts';

interface WebhookDelivery {
  secret: string;
  send: SendWebhook;
  now: Clock;
}

/** Durable jobs of the sandbox wiring (docs/product/payments.md#sandbox-behaviour). */
export const SANDBOX_JOBS = {
  /** A notice posted to the api's webhook, signed again at each attempt so a retry is never stale. */
  deliverWebhook: defineJob(
    'webhook.deliver',
    z.object({ url: z.string(), body: z.string() }),
    async ({ url, body }, _job, { secret, send, now }: WebhookDelivery) => {
      const signature = signWebhook(secret, body, unixSeconds(now()));
      await send(url, body, { 'content-type': 'application/json', [SANDBOX_GATEWAY_SIGNATURE_HEADER]: signature });
    },
  ),
  /** A bank transfer "arrives" after the delay. */
  bankTransferReceived: defineJob(
    'sandbox.bank-transfer-received',
    z.object({ providerPaymentId: z.string() }),
    async ({ providerPaymentId }, _job, gateway: Pick<SandboxGateway, 'receiveBankTransfer'>) => {
      await gateway.receiveBankTransfer(providerPaymentId);
    },
  ),
};

/** Posts a notice with `fetch`; a non-2xx answer throws, so the job retries with backoff. */
export const fetchWebhookSender: SendWebhook = async (url, body, headers) => {
  const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`webhook ${url} answered ${res.status}`);
};

interface Logger {
  error(obj: object, msg: string): void;
}

export interface SandboxWiringDeps {
  db: Kysely<Database>;
  now: Clock;
  /** Queues a durable job (the jobs module's `enqueue` on `db`: adapters never import modules). */
  enqueue: EnqueueJob;
  appKey: string;
  /** The app's public URL: the hosted page and the webhook target are under it (embedded default). */
  appUrl: string;
  /** How long until a bank transfer "arrives". */
  bankTransferDelayMs: number;
  /** How a notice is posted (default: fetch to `{appUrl}/webhooks/payments/sandbox`). */
  send?: SendWebhook | undefined;
  log: Logger;
}

/**
 * The embedded sandbox gateway as the api runs it (docs/product/payments.md#sandbox-behaviour):
 * secrets derived from APP_KEY, its state in the database (`sandbox_gateway_payments`), each webhook
 * a durable job `webhook.deliver` (retried with the jobs' backoff, signed again at each attempt so a
 * retry is never stale) and each bank transfer "received" by a durable job after the delay. Its
 * `jobs` are for the caller to register with the jobs module.
 */
export function createSandboxGateway(deps: SandboxWiringDeps): {
  gateway: SandboxGateway;
  jobs: RegisteredJob[];
  idle(): Promise<void>;
} {
  const secret = hmacBase64Url(deps.appKey, 'payments:sandbox-gateway:webhook-secret');
  const base = deps.appUrl.replace(/\/+$/, '');
  const send = deps.send ?? fetchWebhookSender;
  const pending = new Set<Promise<void>>();

  const options: SandboxGatewayOptions = {
    store: new DbSandboxGatewayStore(deps.db),
    now: deps.now,
    secrets: [secret],
    pagesBaseUrl: base,
    webhookUrl: `${base}/webhooks/payments/sandbox`,
    merchantName: 'Remit',
    // The task only queues the delivery job: run it now, tracked so tests and shutdown can wait.
    schedule: (_delayMs, task) => {
      const p = task()
        .catch((err: unknown) => deps.log.error({ err }, 'sandbox gateway: scheduling a notice failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    sendWebhook: async (url, body) => {
      await deps.enqueue(SANDBOX_JOBS.deliverWebhook, { url, body }, { maxAttempts: 12 });
    },
    bankTransferDelayMs: null,
  };

  class WiredSandboxGateway extends SandboxGateway {
    override async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const created = await super.createPayment(input);
      if (created.method === 'bank_transfer') {
        await deps.enqueue(
          SANDBOX_JOBS.bankTransferReceived,
          { providerPaymentId: created.providerPaymentId },
          {
            runAt: new Date(deps.now().getTime() + deps.bankTransferDelayMs),
            uniqueKey: `${SANDBOX_JOBS.bankTransferReceived.name}:${created.providerPaymentId}`,
          },
        );
      }
      return created;
    }
  }
  const gateway = new WiredSandboxGateway(options);

  return {
    gateway,
    jobs: [
      SANDBOX_JOBS.deliverWebhook.with({ secret, send, now: deps.now }),
      SANDBOX_JOBS.bankTransferReceived.with(gateway),
    ],
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
