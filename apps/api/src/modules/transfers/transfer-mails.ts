import { money, toMajorString, type CurrencyCode } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.ts';
import { renderMail } from '../../adapters/mail/templates/layout.ts';
import type { Database } from '../../db/types.ts';
import { storedLocale, type Locale } from '../../lib/locale.ts';
import { DELAY_CODES, type DelayCode } from './expected-times.ts';

/**
 * What a transfer's customer is mailed about: the statuses, and a payout the partner has not taken
 * yet (`payout_delayed`, docs/product/money-movement.md#payout).
 */
export type MailedStatus =
  'paid' | 'completed' | 'returned' | 'refunded' | 'payout_delayed' | 'new_recipient' | 'delayed';

interface TransferMailText {
  subject: (d: Details) => string;
  heading: string;
  body: (d: Details) => string;
}

interface Details {
  amount: string;
  recipient: string;
  total: string;
  /** A delay's reason in words and its new arrival (`delayed`, docs/product/expected-times.md#the-mail). */
  reason: string;
  revised: string;
}

interface TransferCatalog {
  statuses: Record<MailedStatus, TransferMailText>;
  delayReasons: Record<DelayCode, string>;
  action: string;
  footer: string;
}

/** Every word of the transfer mails, English and French (the type makes each language complete). */
const catalogs: Record<Locale, TransferCatalog> = {
  en: {
    statuses: {
      paid: {
        subject: (d) => `We have your payment of ${d.total}`,
        heading: 'Payment received',
        body: (d) =>
          `We have received your payment of ${d.total}. Your transfer of ${d.amount} to ${d.recipient} is on its way.`,
      },
      completed: {
        subject: (d) => `${d.recipient} has received your money`,
        heading: 'Transfer delivered',
        body: (d) => `${d.amount} has been delivered to ${d.recipient}.`,
      },
      returned: {
        subject: () => 'Your transfer was returned',
        heading: 'Transfer returned',
        body: (d) =>
          `The payout of ${d.amount} to ${d.recipient} was returned. Open the transfer to choose a refund or to send it again with corrected details.`,
      },
      refunded: {
        subject: (d) => `Your refund of ${d.total}`,
        heading: 'Transfer refunded',
        body: (d) => `We have sent ${d.total} back to you. It may take a few days to reach your account.`,
      },
      payout_delayed: {
        subject: (d) => `Your transfer to ${d.recipient} is delayed`,
        heading: 'Transfer delayed',
        body: (d) =>
          `Our payout partner has not taken your transfer of ${d.amount} to ${d.recipient} yet. We keep trying and will tell you when it arrives; you don't need to do anything.`,
      },
      new_recipient: {
        subject: (d) => `A new recipient was paid: ${d.recipient}`,
        heading: 'A new recipient was paid',
        body: (d) =>
          `You set up a transfer of ${d.amount} to ${d.recipient}, a recipient added in the last 24 hours. If this was not you, do not pay it: cancel it, change your password and contact us.`,
      },
      delayed: {
        subject: (d) => `Your transfer to ${d.recipient} is late`,
        heading: 'Your transfer is late',
        body: (d) =>
          `Your transfer of ${d.amount} to ${d.recipient} is taking longer than expected: ${d.reason}. It should now arrive by ${d.revised}. You don't need to do anything.`,
      },
    },
    delayReasons: {
      payment_not_received: 'your payment has not reached us yet',
      payout_slow: 'the payout is taking longer than usual',
      payout_partner_holiday: 'the recipient’s bank is closed for a public holiday',
    },
    action: 'View transfer',
    footer: 'You are receiving this email because you sent money with us.',
  },
  fr: {
    statuses: {
      paid: {
        subject: (d) => `Nous avons reçu votre paiement de ${d.total}`,
        heading: 'Paiement reçu',
        body: (d) =>
          `Nous avons reçu votre paiement de ${d.total}. Votre transfert de ${d.amount} à ${d.recipient} est en route.`,
      },
      completed: {
        subject: (d) => `${d.recipient} a reçu votre argent`,
        heading: 'Transfert livré',
        body: (d) => `${d.amount} a été versé à ${d.recipient}.`,
      },
      returned: {
        subject: () => 'Votre transfert a été retourné',
        heading: 'Transfert retourné',
        body: (d) =>
          `Le versement de ${d.amount} à ${d.recipient} a été retourné. Ouvrez le transfert pour choisir un remboursement ou le renvoyer avec des coordonnées corrigées.`,
      },
      refunded: {
        subject: (d) => `Votre remboursement de ${d.total}`,
        heading: 'Transfert remboursé',
        body: (d) =>
          `Nous vous avons renvoyé ${d.total}. Il peut falloir quelques jours pour qu'il arrive sur votre compte.`,
      },
      payout_delayed: {
        subject: (d) => `Votre transfert à ${d.recipient} est retardé`,
        heading: 'Transfert retardé',
        body: (d) =>
          `Notre partenaire de versement n’a pas encore pris en charge votre transfert de ${d.amount} à ${d.recipient}. Nous réessayons et vous préviendrons de son arrivée ; vous n’avez rien à faire.`,
      },
      new_recipient: {
        subject: (d) => `Un nouveau bénéficiaire a été payé : ${d.recipient}`,
        heading: 'Un nouveau bénéficiaire a été payé',
        body: (d) =>
          `Vous avez préparé un transfert de ${d.amount} à ${d.recipient}, un bénéficiaire ajouté ces dernières 24 heures. Si ce n’est pas vous, ne le payez pas : annulez-le, changez votre mot de passe et contactez-nous.`,
      },
      delayed: {
        subject: (d) => `Votre transfert à ${d.recipient} est en retard`,
        heading: 'Votre transfert est en retard',
        body: (d) =>
          `Votre transfert de ${d.amount} à ${d.recipient} prend plus de temps que prévu : ${d.reason}. Il devrait maintenant arriver d’ici le ${d.revised}. Vous n’avez rien à faire.`,
      },
    },
    delayReasons: {
      payment_not_received: 'votre paiement ne nous est pas encore parvenu',
      payout_slow: 'le versement prend plus de temps que d’habitude',
      payout_partner_holiday: 'la banque du bénéficiaire est fermée pour un jour férié',
    },
    action: 'Voir le transfert',
    footer: 'Vous recevez cet e-mail parce que vous avez envoyé de l’argent avec nous.',
  },
};

/** "Monday 30 November 2026, 09:00 UTC" in the mail's language. */
const revisedWords = (at: Date, locale: Locale): string =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at) + ' UTC';

/** Every `MailedStatus` (the `transaction.mail` job's payload schema). */
export const MAILED_STATUS_VALUES = [
  'paid',
  'completed',
  'returned',
  'refunded',
  'payout_delayed',
  'new_recipient',
  'delayed',
] as const satisfies readonly MailedStatus[];

export interface TransactionMailDeps {
  db: Kysely<Database>;
  mailer: MailAdapter;
  appUrl: string;
}

/** What every mail about one transfer says: to whom, in which language, the amounts in words, the link. */
export interface TransferMailFacts {
  id: string;
  email: string;
  locale: Locale;
  recipient: string;
  /** What the recipient gets, "50.00 EUR". */
  amount: string;
  /** What the customer pays, "10.24 GBP". */
  total: string;
  /** The transaction page in the app. */
  link: string;
}

const inWords = (amount: string | number | bigint, currency: string): string =>
  `${toMajorString(money(BigInt(amount), currency as CurrencyCode))} ${currency}`;

/** The facts of a transfer's mails (transfer-mails.ts, hold-mails.ts); undefined when it is gone. */
export async function transferMailFacts(
  deps: TransactionMailDeps,
  transactionId: string,
): Promise<TransferMailFacts | undefined> {
  const row = await deps.db
    .selectFrom('transactions')
    .innerJoin('accounts', 'accounts.customer_id', 'transactions.customer_id')
    .select([
      'transactions.id',
      'accounts.email',
      'transactions.locale',
      'transactions.recipient_name',
      'transactions.source_currency',
      'transactions.target_currency',
      'transactions.target_amount',
      'transactions.total_to_pay',
    ])
    .where('transactions.id', '=', transactionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    locale: storedLocale(row.locale),
    recipient: row.recipient_name,
    amount: inWords(row.target_amount, row.target_currency),
    total: inWords(row.total_to_pay, row.source_currency),
    link: `${deps.appUrl.replace(/\/+$/, '')}/transaction/${row.id}`,
  };
}

/**
 * The durable job `transaction.mail` (scheduled by TransferLifecycle in the transaction that makes
 * the change; transfers.jobs.ts): mails the customer that their transfer was paid, delivered,
 * returned or refunded, in the language they confirmed it in
 * (docs/product/money-movement.md#transaction-statuses).
 */
export async function sendTransactionMail(
  deps: TransactionMailDeps,
  { transactionId, status }: { transactionId: string; status: MailedStatus },
): Promise<void> {
  const facts = await transferMailFacts(deps, transactionId);
  if (!facts) return;
  const delay = await deps.db
    .selectFrom('transactions')
    .select(['delay_code', 'delay_revised_at'])
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  // A delay cleared before its mail went (the transfer moved on): nothing late to tell.
  if (status === 'delayed' && (!delay.delay_code || !delay.delay_revised_at)) return;
  const { locale } = facts;
  const catalog = catalogs[locale];
  const text = catalog.statuses[status];
  const details: Details = {
    amount: facts.amount,
    total: facts.total,
    recipient: facts.recipient,
    reason: DELAY_CODES.includes(delay.delay_code as DelayCode)
      ? catalog.delayReasons[delay.delay_code as DelayCode]
      : '',
    revised: delay.delay_revised_at ? revisedWords(delay.delay_revised_at, locale) : '',
  };
  await deps.mailer.send(
    renderMail(facts.email, {
      locale,
      subject: text.subject(details),
      heading: text.heading,
      blocks: [
        { kind: 'paragraph', text: text.body(details) },
        { kind: 'action', label: catalog.action, url: facts.link },
      ],
      footer: catalog.footer,
      appUrl: deps.appUrl,
    }),
  );
}
