import type { MailMessage } from '../mail-adapter.ts';
import { DEFAULT_LOCALE, type Locale } from './i18n.ts';
import { renderMail } from './layout.ts';
import { catalogs } from './messages.ts';

export { negotiateLocale, LOCALES, DEFAULT_LOCALE, type Locale } from './i18n.ts';
export { escapeHtml } from './layout.ts';

/** Builds every mail of the api (text + HTML) in the recipient's language. */
export class MailTemplates {
  constructor(private readonly appUrl: string) {}

  private m(locale: Locale | undefined) {
    return catalogs[locale ?? DEFAULT_LOCALE];
  }

  emailVerification(to: string, code: string, locale?: Locale): MailMessage {
    const m = this.m(locale);
    const v = m.verification;
    return renderMail(to, {
      locale: locale ?? DEFAULT_LOCALE,
      subject: v.subject,
      heading: v.heading,
      blocks: [
        { kind: 'code', text: v.code(code), code },
        { kind: 'paragraph', text: v.body },
      ],
      footer: v.footer,
      appUrl: this.appUrl,
    });
  }

  mfaCode(to: string, code: string, locale?: Locale): MailMessage {
    const m = this.m(locale);
    return renderMail(to, {
      locale: locale ?? DEFAULT_LOCALE,
      subject: m.mfa.subject,
      heading: m.mfa.heading,
      blocks: [
        { kind: 'code', text: m.mfa.code(code), code },
        { kind: 'paragraph', text: m.mfa.body },
      ],
      footer: m.common.notYou,
      appUrl: this.appUrl,
    });
  }

  passwordReset(to: string, link: string, locale?: Locale): MailMessage {
    const m = this.m(locale);
    return renderMail(to, {
      locale: locale ?? DEFAULT_LOCALE,
      subject: m.reset.subject,
      heading: m.reset.heading,
      blocks: [
        { kind: 'paragraph', text: m.reset.body },
        { kind: 'action', label: m.reset.action, url: link },
        { kind: 'paragraph', text: m.reset.expiry },
      ],
      footer: m.reset.footer,
      appUrl: this.appUrl,
    });
  }

  passwordChanged(to: string, locale?: Locale): MailMessage {
    const m = this.m(locale);
    return renderMail(to, {
      locale: locale ?? DEFAULT_LOCALE,
      subject: m.passwordChanged.subject,
      heading: m.passwordChanged.heading,
      blocks: [
        { kind: 'paragraph', text: m.passwordChanged.body },
        { kind: 'paragraph', text: m.passwordChanged.sessions },
      ],
      footer: m.common.notYou,
      appUrl: this.appUrl,
    });
  }

  newSignIn(to: string, d: { browser: string | null; os: string | null; ip: string | null; at: Date }, locale?: Locale): MailMessage {
    const m = this.m(locale);
    const n = m.newSignIn;
    const device = [d.browser, d.os].filter(Boolean).join(' · ') || m.common.unknown;
    const time = `${new Intl.DateTimeFormat(m.common.timeFormat, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(d.at)} UTC`;
    return renderMail(to, {
      locale: locale ?? DEFAULT_LOCALE,
      subject: n.subject,
      heading: n.heading,
      blocks: [
        { kind: 'paragraph', text: n.body },
        {
          kind: 'details',
          rows: [
            [n.device, device],
            [n.ip, d.ip ?? m.common.unknown],
            [n.time, time],
          ],
        },
      ],
      footer: m.common.notYou,
      appUrl: this.appUrl,
    });
  }

  totpChanged(to: string, enabled: boolean, locale?: Locale): MailMessage {
    const m = this.m(locale);
    const t = enabled ? m.totpOn : m.totpOff;
    return renderMail(to, {
      locale: locale ?? DEFAULT_LOCALE,
      subject: t.subject,
      heading: t.heading,
      blocks: [{ kind: 'paragraph', text: t.body }],
      footer: m.common.notYou,
      appUrl: this.appUrl,
    });
  }
}
