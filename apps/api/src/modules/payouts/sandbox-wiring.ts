import type { Kysely } from 'kysely';
import {
  DbSandboxPayoutStore,
  SANDBOX_PAYOUT_SIGNATURE_HEADER,
  SandboxPayoutPartner,
  type StartedPayout,
  type StartPayoutInput,
} from '../../adapters/payout-partner/index.ts';
import type { SendWebhook } from '../../adapters/payout-partner/sandbox-partner.ts';
import type { Database } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacBase64Url } from '../../lib/crypto.ts';
import { signWebhook, unixSeconds } from '../../lib/webhook-signature.ts';
import type { Jobs } from '../jobs/jobs.ts';

/** Durable jobs of the sandbox partner's wiring (docs/product/payments.md#wiring). */
export const SANDBOX_PAYOUT_JOBS = {
  deliverWebhook: 'payout-webhook.deliver',
  settle: 'sandbox.payout-settle',
} as const;

interface Logger {
  error(obj: object, msg: string): void;
}

export interface SandboxPayoutWiringDeps {
  db: Kysely<Database>;
  now: Clock;
  jobs: Pick<Jobs, 'enqueue' | 'register'>;
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
 * job (`sandbox.payout-settle`) after the delay, so a restart keeps both.
 */
export function createSandboxPayoutPartner(deps: SandboxPayoutWiringDeps): {
  partner: SandboxPayoutPartner;
  idle(): Promise<void>;
} {
  const secret = hmacBase64Url(deps.appKey, 'payouts:sandbox-partner:webhook-secret');
  const base = deps.appUrl.replace(/\/+$/, '');
  const pending = new Set<Promise<void>>();

  class WiredSandboxPayoutPartner extends SandboxPayoutPartner {
    override async startPayout(input: StartPayoutInput): Promise<StartedPayout> {
      const started = await super.startPayout(input);
      // Every start (a retry too) makes sure the completion is queued: one per payout at a time.
      await deps.jobs.enqueue(
        deps.db,
        SANDBOX_PAYOUT_JOBS.settle,
        { partnerReference: started.partnerReference },
        {
          runAt: new Date(deps.now().getTime() + deps.completionDelayMs),
          uniqueKey: `${SANDBOX_PAYOUT_JOBS.settle}:${started.partnerReference}`,
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
      await deps.jobs.enqueue(deps.db, SANDBOX_PAYOUT_JOBS.deliverWebhook, { url, body }, { maxAttempts: 12 });
    },
    // Never 0 here: the partner's own timer is ignored (see schedule); the settle job does it.
    completionDelayMs: Math.max(1, deps.completionDelayMs),
  });

  deps.jobs.register(SANDBOX_PAYOUT_JOBS.deliverWebhook, async (payload) => {
    const { url, body } = payload as { url: string; body: string };
    const signature = signWebhook(secret, body, unixSeconds(deps.now()));
    await deps.send(url, body, { 'content-type': 'application/json', [SANDBOX_PAYOUT_SIGNATURE_HEADER]: signature });
  });
  deps.jobs.register(SANDBOX_PAYOUT_JOBS.settle, async (payload) => {
    const { partnerReference } = payload as { partnerReference: string };
    await partner.settle(partnerReference);
  });

  return {
    partner,
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
