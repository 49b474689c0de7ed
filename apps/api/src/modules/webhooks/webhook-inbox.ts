import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ParsedWebhook, WebhookRefusal } from '../../lib/webhook-signature.ts';
import { webhookInboxRepository } from './webhook-inbox.repository.ts';

/** What applying a notice did (stored on its inbox row): `applied`, `already_decided`, `unknown_payout`… */
export interface InboxOutcome {
  outcome: string;
  /** The payment the notice was about, when it was one (payments' notices). */
  paymentId?: string | null;
}

/** The HTTP answer to a notice: 200 taken (new or a repeat), 400 refused, 404 unknown sender. */
export type InboxAnswer = 200 | 400 | 404;

/**
 * The one webhook inbox (docs/product/money-movement.md#webhooks) of the payment gateway and the
 * payout partners: a notice verified from its raw body by its adapter, then, in ONE database
 * transaction, stored by (inbox, event id) and applied; a second delivery of the same event is
 * stored nowhere and changes nothing. The inbox owns `webhook_events`.
 */
export class WebhookInbox {
  constructor(
    private readonly deps: {
      uow: UnitOfWork;
      now: Clock;
      log: Pick<FastifyBaseLogger, 'warn'>;
      /** Told of every refused notice (metrics). */
      onRefused?: (inbox: string, reason: WebhookRefusal) => void;
    },
  ) {}

  /**
   * `inbox` names the sender (`sandbox` for the gateway, `payouts:sandbox` for the partner); `parsed`
   * is the adapter's verified reading; `apply` decides the event in the transaction that stores it.
   */
  async receive<E extends { id: string; type: string }>(
    inbox: string,
    parsed: ParsedWebhook<E>,
    apply: (trx: Executor, after: AfterCommit, event: E) => Promise<InboxOutcome>,
  ): Promise<InboxAnswer> {
    if (!parsed.ok) {
      this.deps.log.warn({ inbox, reason: parsed.reason }, 'webhook refused');
      this.deps.onRefused?.(inbox, parsed.reason);
      return 400;
    }
    const event = parsed.event;
    await this.deps.uow.run(async (trx, after) => {
      const fresh = await webhookInboxRepository.store(trx, {
        provider: inbox,
        eventId: event.id,
        type: event.type,
        at: this.deps.now(),
      });
      if (!fresh) return;
      const result = await apply(trx, after, event);
      await webhookInboxRepository.recordOutcome(trx, inbox, event.id, result.outcome, result.paymentId ?? null);
    });
    return 200;
  }
}
