import type { FastifyBaseLogger } from 'fastify';
import type { MailAdapter, MailMessage } from './mail-adapter.ts';
import { MailTemplates } from './templates/index.ts';

/**
 * The security mails (docs/product/auth-and-sessions.md#security-mails): renders them through the i18n
 * templates and sends them; a delivery failure is logged, never thrown. Which mail goes out, and when,
 * is decided by the modules that use it (auth, email-verification, mfa, passwords, known-devices).
 */
export class SecurityMailer {
  readonly templates: MailTemplates;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: MailAdapter,
    appUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.templates = new MailTemplates(appUrl);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.mailer.send(message);
    } catch (err) {
      this.log.error({ err, to: message.to, subject: message.subject }, 'mail delivery failed');
    }
  }

  /**
   * Run work after the response (e.g. forgot-password for a known email), so the answer takes the
   * same time whether or not there was something to do. Errors are logged.
   */
  background(work: () => Promise<void>): void {
    const p = work()
      .catch((err: unknown) => this.log.error({ err }, 'background mail work failed'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when every background job started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
