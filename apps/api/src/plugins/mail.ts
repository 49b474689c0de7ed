import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailAdapter } from '../adapters/mail/mail-adapter.ts';
import { OutboxMailAdapter } from '../adapters/mail/outbox-mail-adapter.ts';
import { SmtpMailAdapter } from '../adapters/mail/smtp-mail-adapter.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: MailAdapter;
  }
}

/** SMTP when MAIL_URL is set, else the dev outbox (DB table, shared by every instance). */
export default fp(
  async function mailPlugin(app: FastifyInstance, opts: { config: Config; now: Clock; mailer?: MailAdapter }) {
    const { config } = opts;
    if (!opts.mailer && !config.mailUrl && config.isProduction) {
      app.log.warn('MAIL_URL is not set: mails go to the mail_outbox table only (no delivery)');
    }
    const mailer =
      opts.mailer ??
      (config.mailUrl
        ? new SmtpMailAdapter(config.mailUrl, config.mailFrom)
        : new OutboxMailAdapter(app.db, app.log, opts.now, !config.isProduction));
    app.decorate('mailer', mailer);
    if (!opts.mailer) app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['db'] },
);
