import type { Kysely } from 'kysely';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.ts';
import { renderMail } from '../../adapters/mail/templates/layout.ts';
import type { Database } from '../../db/types.ts';
import { storedLocale, type Locale } from '../../lib/locale.ts';

interface Details {
  source: string;
  target: string;
  rate: string;
  targetRate: string;
}

interface RateAlertMailText {
  subject: (d: Details) => string;
  heading: string;
  body: (d: Details) => string;
  action: string;
  footer: string;
}

/** Every word of the rate alert mail, English and French (the type makes each language complete). */
const catalogs: Record<Locale, RateAlertMailText> = {
  en: {
    subject: (d) => `1 ${d.source} now gets ${d.rate} ${d.target}`,
    heading: 'Your rate alert',
    body: (d) =>
      `You asked us to tell you when 1 ${d.source} gets ${d.targetRate} ${d.target}. Our rate is now ${d.rate} ${d.target}. Rates move: open the calculator for a quote at today's rate, locked for 30 minutes.`,
    action: 'Get a quote',
    footer:
      'You are receiving this email because you set a rate alert. The alert is now off; you can set it again in the app.',
  },
  fr: {
    subject: (d) => `1 ${d.source} vaut maintenant ${d.rate} ${d.target}`,
    heading: 'Votre alerte de taux',
    body: (d) =>
      `Vous nous avez demandé de vous prévenir quand 1 ${d.source} vaudrait ${d.targetRate} ${d.target}. Notre taux est maintenant de ${d.rate} ${d.target}. Les taux bougent : ouvrez le calculateur pour un devis au taux du jour, garanti 30 minutes.`,
    action: 'Obtenir un devis',
    footer:
      'Vous recevez cet e-mail parce que vous avez créé une alerte de taux. L’alerte est maintenant désactivée ; vous pouvez la réactiver dans l’application.',
  },
};

/** Six significant digits, cut (never better than the rate itself), in the mail's language. */
function readable(rate: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 6, roundingMode: 'trunc' }).format(
    rate as `${number}`,
  );
}

/** The dashboard's calculator on the alert's corridor: it quotes at once (docs/product/rate-alerts.md#mail). */
export function calculatorUrl(
  appUrl: string,
  alert: { source_currency: string; target_country: string; target_currency: string },
): string {
  const search = new URLSearchParams({
    source_currency: alert.source_currency,
    target_country: alert.target_country,
    target_currency: alert.target_currency,
  });
  return `${appUrl.replace(/\/+$/, '')}/dashboard?${search.toString()}`;
}

/**
 * The durable job `rate-alerts.mail` (queued with the change that fired the alert): one mail in the
 * language the customer last used on the alert, with a link that opens the calculator on its corridor.
 * A deleted alert is not mailed.
 */
export async function sendRateAlertMail(
  deps: { db: Kysely<Database>; mailer: Pick<MailAdapter, 'send'>; appUrl: string },
  { alertId }: { alertId: string },
): Promise<void> {
  const row = await deps.db
    .selectFrom('rate_alerts')
    .innerJoin('accounts', 'accounts.customer_id', 'rate_alerts.customer_id')
    .select([
      'accounts.email',
      'rate_alerts.locale',
      'rate_alerts.source_currency',
      'rate_alerts.target_country',
      'rate_alerts.target_currency',
      'rate_alerts.target_rate',
      'rate_alerts.triggered_rate',
    ])
    .where('rate_alerts.id', '=', alertId)
    .executeTakeFirst();
  if (!row) return;
  const locale = storedLocale(row.locale);
  const text = catalogs[locale];
  const details: Details = {
    source: row.source_currency,
    target: row.target_currency,
    rate: readable(row.triggered_rate ?? row.target_rate, locale),
    targetRate: readable(row.target_rate, locale),
  };
  await deps.mailer.send(
    renderMail(row.email, {
      locale,
      subject: text.subject(details),
      heading: text.heading,
      blocks: [
        { kind: 'paragraph', text: text.body(details) },
        { kind: 'action', label: text.action, url: calculatorUrl(deps.appUrl, row) },
      ],
      footer: text.footer,
      appUrl: deps.appUrl,
    }),
  );
}
