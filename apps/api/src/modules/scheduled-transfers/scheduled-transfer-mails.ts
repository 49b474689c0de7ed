import { money, toMajorString, type CurrencyCode, type ScheduleRunError } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.ts';
import { renderMail } from '../../adapters/mail/templates/layout.ts';
import type { Database } from '../../db/types.ts';
import { storedLocale, type Locale } from '../../lib/locale.ts';
import { scheduledTransfersRepository as repo } from './scheduled-transfers.repository.ts';

interface Catalog {
  ready: { subject: (recipient: string) => string; heading: string; body: (d: ReadyDetails) => string; action: string };
  failed: {
    subject: (recipient: string) => string;
    heading: string;
    body: (recipient: string, reason: string) => string;
    action: string;
  };
  reasons: Record<ScheduleRunError, string>;
  footer: string;
}

interface ReadyDetails {
  recipient: string;
  amount: string;
  total: string;
}

/**
 * Every word of the scheduled-transfer mails, English and French
 * (docs/product/scheduled-transfers.md#telling-the-customer).
 */
const catalogs: Record<Locale, Catalog> = {
  en: {
    ready: {
      subject: (r) => `Your scheduled transfer to ${r} is ready to pay`,
      heading: 'Ready to pay',
      body: (d) =>
        `Your scheduled transfer of ${d.amount} to ${d.recipient} was set up at today's rate. Pay ${d.total} within 24 hours to send it; we never take the money without you.`,
      action: 'Pay now',
    },
    failed: {
      subject: (r) => `Your scheduled transfer to ${r} could not be set up`,
      heading: 'Scheduled transfer not set up',
      body: (r, reason) =>
        `We could not set up today's transfer to ${r}: ${reason} No transfer was made. You can send it yourself or change the schedule.`,
      action: 'See your schedules',
    },
    reasons: {
      quote_unavailable: 'we could not price it today.',
      limit_exceeded: 'it would be over your sending limits.',
      not_verified: 'your account must be verified first.',
      recipient_deleted: 'the recipient was deleted.',
    },
    footer: 'You are receiving this email because you scheduled a transfer with us.',
  },
  fr: {
    ready: {
      subject: (r) => `Votre transfert programmé à ${r} est prêt à payer`,
      heading: 'Prêt à payer',
      body: (d) =>
        `Votre transfert programmé de ${d.amount} à ${d.recipient} a été préparé au taux du jour. Payez ${d.total} sous 24 heures pour l’envoyer ; nous ne prélevons jamais l’argent sans vous.`,
      action: 'Payer maintenant',
    },
    failed: {
      subject: (r) => `Votre transfert programmé à ${r} n’a pas pu être préparé`,
      heading: 'Transfert programmé non préparé',
      body: (r, reason) =>
        `Nous n’avons pas pu préparer le transfert du jour à ${r} : ${reason} Aucun transfert n’a été créé. Vous pouvez l’envoyer vous-même ou modifier la programmation.`,
      action: 'Voir vos transferts programmés',
    },
    reasons: {
      quote_unavailable: 'nous n’avons pas pu le chiffrer aujourd’hui.',
      limit_exceeded: 'il dépasserait vos limites d’envoi.',
      not_verified: 'votre compte doit d’abord être vérifié.',
      recipient_deleted: 'le bénéficiaire a été supprimé.',
    },
    footer: 'Vous recevez cet e-mail parce que vous avez programmé un transfert avec nous.',
  },
};

export interface ScheduledTransferMailDeps {
  db: Kysely<Database>;
  mailer: MailAdapter;
  appUrl: string;
}

/** The job `scheduled-transfer.mail`: one mail per run, in the language the schedule was made in. */
export async function sendScheduledTransferMail(deps: ScheduledTransferMailDeps, runId: string): Promise<void> {
  const run = await repo.findRun(deps.db, runId);
  if (!run) return;
  const locale = storedLocale(run.locale);
  const c = catalogs[locale];
  const base = deps.appUrl.replace(/\/+$/, '');
  if (run.status === 'created' && run.transaction_id) {
    const t = await deps.db
      .selectFrom('transactions')
      .select([
        'source_currency',
        'target_currency',
        (eb) => eb.cast<string>('target_amount', 'text').as('target_amount'),
        (eb) => eb.cast<string>('total_to_pay', 'text').as('total_to_pay'),
      ])
      .where('id', '=', run.transaction_id)
      .executeTakeFirst();
    if (!t) return;
    const details: ReadyDetails = {
      recipient: run.recipient_name,
      amount: `${toMajorString(money(BigInt(t.target_amount), t.target_currency as CurrencyCode))} ${t.target_currency}`,
      total: `${toMajorString(money(BigInt(t.total_to_pay), t.source_currency as CurrencyCode))} ${t.source_currency}`,
    };
    await deps.mailer.send(
      renderMail(run.email, {
        locale,
        subject: c.ready.subject(run.recipient_name),
        heading: c.ready.heading,
        blocks: [
          { kind: 'paragraph', text: c.ready.body(details) },
          { kind: 'action', label: c.ready.action, url: `${base}/pay/${run.transaction_id}` },
        ],
        footer: c.footer,
        appUrl: deps.appUrl,
      }),
    );
    return;
  }
  if (run.status !== 'failed' || !run.error_code) return;
  const reason = c.reasons[run.error_code as ScheduleRunError] ?? c.reasons.quote_unavailable;
  await deps.mailer.send(
    renderMail(run.email, {
      locale,
      subject: c.failed.subject(run.recipient_name),
      heading: c.failed.heading,
      blocks: [
        { kind: 'paragraph', text: c.failed.body(run.recipient_name, reason) },
        { kind: 'action', label: c.failed.action, url: `${base}/scheduled-transfers` },
      ],
      footer: c.footer,
      appUrl: deps.appUrl,
    }),
  );
}
