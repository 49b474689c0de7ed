import type { MailMessage } from '../mail-adapter.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../lib/locale.ts';
import { renderMail, type MailBlock } from './layout.ts';
import { catalogs, type MailCatalog } from './messages.ts';

export { negotiateLocale, LOCALES, DEFAULT_LOCALE, type Locale } from '../../../lib/locale.ts';
export { escapeHtml } from './layout.ts';

/** What one mail says, in the recipient's language; the subject and heading come from its catalog section. */
interface MailParts {
  title: { subject: string; heading: string };
  blocks: MailBlock[];
  footer: string;
}

/** Body of a one-time-code mail: the sentence carrying the code, then what to do with it. */
function codeBlocks(text: { code: (code: string) => string; body: string }, code: string): MailBlock[] {
  return [
    { kind: 'code', text: text.code(code), code },
    { kind: 'paragraph', text: text.body },
  ];
}

/** Device, IP address and time of a sign-in, as detail rows. */
function deviceRows(
  labels: MailCatalog['newSignIn'],
  common: MailCatalog['common'],
  d: { browser: string | null; os: string | null; ip: string | null; at: Date },
): [string, string][] {
  const device = [d.browser, d.os].filter(Boolean).join(' · ') || common.unknown;
  const time = `${new Intl.DateTimeFormat(common.timeFormat, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(d.at)} UTC`;
  return [
    [labels.device, device],
    [labels.ip, d.ip ?? common.unknown],
    [labels.time, time],
  ];
}

/** Builds every mail of the api (text + HTML) in the recipient's language. */
export class MailTemplates {
  constructor(private readonly appUrl: string) {}

  /** Renders the mail `compose` writes from the catalog of `locale` (English when absent). */
  private render(to: string, locale: Locale | undefined, compose: (m: MailCatalog) => MailParts): MailMessage {
    const lang = locale ?? DEFAULT_LOCALE;
    const { title, blocks, footer } = compose(catalogs[lang]);
    return renderMail(to, {
      locale: lang,
      subject: title.subject,
      heading: title.heading,
      blocks,
      footer,
      appUrl: this.appUrl,
    });
  }

  emailVerification(to: string, code: string, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ verification }) => ({
      title: verification,
      blocks: codeBlocks(verification, code),
      footer: verification.footer,
    }));
  }

  mfaCode(to: string, code: string, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ mfa, common }) => ({
      title: mfa,
      blocks: codeBlocks(mfa, code),
      footer: common.notYou,
    }));
  }

  passwordReset(to: string, link: string, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ reset }) => ({
      title: reset,
      blocks: [
        { kind: 'paragraph', text: reset.body },
        { kind: 'action', label: reset.action, url: link },
        { kind: 'paragraph', text: reset.expiry },
      ],
      footer: reset.footer,
    }));
  }

  passwordChanged(to: string, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ passwordChanged, common }) => ({
      title: passwordChanged,
      blocks: [
        { kind: 'paragraph', text: passwordChanged.body },
        { kind: 'paragraph', text: passwordChanged.sessions },
      ],
      footer: common.notYou,
    }));
  }

  /**
   * A sign-in from a new device; `passkey`: the name of the passkey it was made with
   * (docs/product/auth-and-sessions.md#passkeys).
   */
  newSignIn(
    to: string,
    d: { browser: string | null; os: string | null; ip: string | null; at: Date; passkey?: string | null },
    locale?: Locale,
  ): MailMessage {
    return this.render(to, locale, ({ newSignIn: n, common }) => ({
      title: n,
      blocks: [
        { kind: 'paragraph', text: n.body },
        ...(d.passkey ? [{ kind: 'paragraph' as const, text: n.withPasskey(d.passkey) }] : []),
        { kind: 'details', rows: deviceRows(n, common, d) },
      ],
      footer: common.notYou,
    }));
  }

  /** Too many wrong MFA codes: the sign-in from this device was ended (docs/product/auth-and-sessions.md#mfa). */
  signInBlocked(
    to: string,
    d: { browser: string | null; os: string | null; ip: string | null; at: Date },
    locale?: Locale,
  ): MailMessage {
    return this.render(to, locale, ({ signInBlocked: b, newSignIn: n, common }) => ({
      title: b,
      blocks: [
        { kind: 'paragraph', text: b.body },
        { kind: 'details', rows: deviceRows(n, common, d) },
        { kind: 'paragraph', text: b.advice },
      ],
      footer: common.notYou,
    }));
  }

  /** Someone tried to sign up with this (taken) address (docs/product/auth-and-sessions.md#sign-up). */
  signUpAttempt(to: string, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ signUpAttempt: a }) => ({
      title: a,
      blocks: [
        { kind: 'paragraph', text: a.body },
        { kind: 'paragraph', text: a.advice },
      ],
      footer: a.footer,
    }));
  }

  /** The code proving a new email address (docs/product/auth-and-sessions.md#changing-the-email-address). */
  emailChangeCode(to: string, code: string, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ emailChangeCode: c }) => ({
      title: c,
      blocks: codeBlocks(c, code),
      footer: c.footer,
    }));
  }

  /** To an address that already has an account, when another account asked to move to it. */
  emailChangeAttempt(to: string, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ emailChangeAttempt: a }) => ({
      title: a,
      blocks: [
        { kind: 'paragraph', text: a.body },
        { kind: 'paragraph', text: a.advice },
      ],
      footer: a.footer,
    }));
  }

  /** To the old address once the change is confirmed; `masked`: the new address, partly hidden. */
  emailChanged(to: string, masked: string, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ emailChanged: c }) => ({
      title: c,
      blocks: [{ kind: 'paragraph', text: c.body(masked) }],
      footer: c.notYou,
    }));
  }

  /** A passkey was added or removed (docs/product/auth-and-sessions.md#passkeys). */
  passkeyChanged(to: string, name: string, added: boolean, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ passkeyAdded, passkeyRemoved, common }) => {
      const t = added ? passkeyAdded : passkeyRemoved;
      return { title: t, blocks: [{ kind: 'paragraph', text: t.body(name) }], footer: common.notYou };
    });
  }

  totpChanged(to: string, enabled: boolean, locale?: Locale): MailMessage {
    return this.render(to, locale, ({ totpOn, totpOff, common }) => {
      const t = enabled ? totpOn : totpOff;
      return { title: t, blocks: [{ kind: 'paragraph', text: t.body }], footer: common.notYou };
    });
  }
}
