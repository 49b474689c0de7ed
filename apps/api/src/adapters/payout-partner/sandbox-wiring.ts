import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacBase64Url } from '../../lib/crypto.ts';
import { defineJob, type EnqueueJob, type RegisteredJob } from '../../lib/job-definition.ts';
import { signWebhook, unixSeconds } from '../../lib/webhook-signature.ts';
import { DbSandboxPayoutStore } from './db-sandbox-store.ts';
import type { StartedPayout, StartPayoutInput } from './payout-partner.ts';
import { SANDBOX_PAYOUT_SIGNATURE_HEADER, SandboxPayoutPartner, type SendWebhook } from './sandbox-partner.ts';

interface WebhookDelivery {
  secret: string;
  send: SendWebhook;
  now: Clock;
}

/** Durable jobs of the sandbox partner's wiring (docs/product/payments.md#wiring). */
export const SANDBOX_PAYOUT_JOBS = {
  /** A notice posted to the api's webhook, signed again at each attempt. */
  deliverWebhook: defineJob(
    'payout-webhook.deliver',
    z.object({ url: z.string(), body: z.string() }),
    async ({ url, body }, _job, { secret, send, now }: WebhookDelivery) => {
      const signature = signWebhook(secret, body, unixSeconds(now()));
      await send(url, body, { 'content-type': 'application/json', [SANDBOX_PAYOUT_SIGNATURE_HEADER]: signature });
    },
  ),
  /** A payout completes (or is returned) after the delay. */
  settle: defineJob(
    'sandbox.payout-settle',
    z.object({ partnerReference: z.string() }),
    async ({ partnerReference }, _job, partner: Pick<SandboxPayoutPartner, 'settle'>) => {
      await partner.settle(partnerReference);
    },
  ),
};

interface Logger {
  error(obj: object, msg: string): void;
}

export interface SandboxPayoutWiringDeps {
  db: Kysely<Database>;
  now: Clock;
  /** Queues a durable job (the jobs module's `enqueue` on `db`: adapters never import modules). */
  enqueue: EnqueueJob;
  appKey: string;
  /** Its notices go to `{appUrl}/webhooks/payouts/sandbox`. */
  appUrl: string;
  /** From processing to completed (or returned). */
  completionDelayMs: number;
  /** How a notice is posted (the payments wiring's sender: fetch, or the tests' capture). */
  send: SendWebhook;
  log: Logger;
}

/**
 * The embedded sandbox payout partner as the api runs it (docs/product/payments.md#wiring): its
 * secret derived from APP_KEY, its state in `sandbox_payouts`, each notice a durable job
 * (`payout-webhook.deliver`, signed again at each attempt) and each payout's completion a durable
 * job (`sandbox.payout-settle`) after the delay, so a restart keeps both. Its `jobs` are for the
 * caller to register with the jobs module.
 */
export function createSandboxPayoutPartner(deps: SandboxPayoutWiringDeps): {
  partner: SandboxPayoutPartner;
  jobs: RegisteredJob[];
  idle(): Promise<void>;
} {
  const secret = hmacBase64Url(deps.appKey, 'payouts:sandbox-partner:webhook-secret');
  const base = deps.appUrl.replace(/\/+$/, '');
  const pending = new Set<Promise<void>>();

  class WiredSandboxPayoutPartner extends SandboxPayoutPartner {
    override async startPayout(input: StartPayoutInput): Promise<StartedPayout> {
      const started = await super.startPayout(input);
      // Every start (a retry too) makes sure the completion is queued: one per payout at a time.
      await deps.enqueue(
        SANDBOX_PAYOUT_JOBS.settle,
        { partnerReference: started.partnerReference },
        {
          runAt: new Date(deps.now().getTime() + this.completionDelayFor(input.recipient)),
          uniqueKey: `${SANDBOX_PAYOUT_JOBS.settle.name}:${started.partnerReference}`,
        },
      );
      return started;
    }
  }

  const partner = new WiredSandboxPayoutPartner({
    store: new DbSandboxPayoutStore(deps.db),
    now: deps.now,
    secrets: [secret],
    webhookUrl: `${base}/webhooks/payouts/sandbox`,
    // Notices only queue their delivery job (run now, tracked); the delayed completion is the
    // durable job queued above, so the partner's own timer is not used.
    schedule: (delayMs, task) => {
      if (delayMs > 0) return;
      const p = task()
        .catch((err: unknown) => deps.log.error({ err }, 'sandbox payout partner: scheduling a notice failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    sendWebhook: async (url, body) => {
      await deps.enqueue(SANDBOX_PAYOUT_JOBS.deliverWebhook, { url, body }, { maxAttempts: 12 });
    },
    // Never 0 here: the partner's own timer is ignored (see schedule); the settle job does it.
    completionDelayMs: Math.max(1, deps.completionDelayMs),
  });

  return {
    partner,
    jobs: [
      SANDBOX_PAYOUT_JOBS.deliverWebhook.with({ secret, send: deps.send, now: deps.now }),
      SANDBOX_PAYOUT_JOBS.settle.with(partner),
    ],
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
