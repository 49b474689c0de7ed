import nodemailer, { type Transporter } from 'nodemailer';
import type { MailAdapter, MailMessage } from './mail-adapter.ts';

/** Real delivery through SMTP (MAIL_URL, e.g. smtp://user:pass@host:587 or smtps://host:465). */
export class SmtpMailAdapter implements MailAdapter {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    mailUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(mailUrl);
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      ...(m.html ? { html: m.html } : {}),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
