import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/types.ts';
import type { MailAdapter, MailMessage } from './mail-adapter.ts';

/** Dev outbox: mails go to the mail_outbox table (shared by every instance) and to the log. */
export class OutboxMailAdapter implements MailAdapter {
  readonly kind = 'outbox' as const;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly now: Clock,
    /** Log the body too (dev only: it carries one-time codes). */
    private readonly logText = true,
  ) {}

  async send(m: MailMessage): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({ to_address: m.to, subject: m.subject, text: m.text, html: m.html ?? null, created_at: this.now() })
      .execute();
    const mail = this.logText ? { to: m.to, subject: m.subject, text: m.text } : { to: m.to, subject: m.subject };
    this.log.info({ mail }, `dev mail to ${m.to}: ${m.subject}`);
  }

  async close(): Promise<void> {}
}
