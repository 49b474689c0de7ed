import type { Mailbox, RealtimeEventName } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { CustomerEvents } from '../../adapters/realtime/publisher.ts';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { mailboxRepository } from './mailbox.repository.ts';

export interface DevServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  events: Pick<CustomerEvents, 'flush'>;
}

/** Development aids, registered only outside production: the mail outbox and a realtime test event. */
export class DevService {
  constructor(private readonly deps: DevServiceDeps) {}

  /** The newest 100 mails of the dev outbox (docs/product/system.md#dev-mailbox). */
  async mailbox(): Promise<Mailbox> {
    const rows = await mailboxRepository.latest(this.deps.db, 100);
    return {
      messages: rows.map((r) => ({
        to: r.to_address,
        subject: r.subject,
        text: r.text,
        created_at: r.created_at.toISOString(),
      })),
    };
  }

  /** Push an event to a customer (e2e tests of realtime); changes nothing, so it drops no cache. */
  async notify(customerId: string, event: RealtimeEventName, payload: Record<string, unknown>): Promise<void> {
    await this.deps.uow.committed((after) => after.notify(customerId, event, payload));
    await this.deps.events.flush();
  }
}
