import type { HoldCode } from '@remit/contract';
import { renderMail } from '../../adapters/mail/templates/layout.ts';
import type { Locale } from '../../lib/locale.ts';
import { transferMailFacts, type TransactionMailDeps } from './transfer-mails.ts';

/** Which hold mail: placed (what is needed, by when) or expired (cancelled and refunded). */
export type HoldMailKind = 'placed' | 'expired';

interface Details {
  amount: string;
  total: string;
  recipient: string;
  deadline: string;
}

interface HoldCatalog {
  placed: { subject: (d: Details) => string; heading: string; body: (d: Details) => string };
  expired: { subject: (d: Details) => string; heading: string; body: (d: Details) => string };
  needs: Record<HoldCode, string>;
  action: string;
  footer: string;
}

/** Every word of the hold mails, English and French (docs/product/holds.md#notices). */
const catalogs: Record<Locale, HoldCatalog> = {
  en: {
    placed: {
      subject: (d) => `We need something from you for your transfer to ${d.recipient}`,
      heading: 'We need something from you',
      body: (d) =>
        `Your transfer of ${d.amount} to ${d.recipient} is paid and waits for your answer before we send it. Answer in the app by ${d.deadline}; if we don't hear from you by then, we cancel the transfer and refund ${d.total} in full.`,
    },
    expired: {
      subject: (d) => `Your transfer to ${d.recipient} was cancelled`,
      heading: 'Transfer cancelled and refunded',
      body: (d) =>
        `We did not receive what we asked for your transfer of ${d.amount} to ${d.recipient} by ${d.deadline}, so we cancelled it. We are refunding ${d.total} in full.`,
    },
    needs: {
      source_of_funds: 'What we need: where the money comes from, and a document that shows it.',
      purpose_unclear: 'What we need: what the money is for, in a few words.',
      name_mismatch: "What we need: the account holder's name exactly as the recipient's bank shows it.",
    },
    action: 'Answer in the app',
    footer: 'You are receiving this email because you sent money with us.',
  },
  fr: {
    placed: {
      subject: (d) => `Nous avons besoin d’une information pour votre transfert à ${d.recipient}`,
      heading: 'Nous avons besoin d’une information',
      body: (d) =>
        `Votre transfert de ${d.amount} à ${d.recipient} est payé et attend votre réponse avant d’être envoyé. Répondez dans l’application avant le ${d.deadline} ; sans réponse d’ici là, nous annulons le transfert et vous remboursons ${d.total} en totalité.`,
    },
    expired: {
      subject: (d) => `Votre transfert à ${d.recipient} a été annulé`,
      heading: 'Transfert annulé et remboursé',
      body: (d) =>
        `Nous n’avons pas reçu ce que nous demandions pour votre transfert de ${d.amount} à ${d.recipient} avant le ${d.deadline} : nous l’avons annulé. Nous vous remboursons ${d.total} en totalité.`,
    },
    needs: {
      source_of_funds: 'Ce qu’il nous faut : l’origine des fonds, et un document qui la montre.',
      purpose_unclear: 'Ce qu’il nous faut : l’objet du transfert, en quelques mots.',
      name_mismatch: 'Ce qu’il nous faut : le nom du titulaire du compte, exactement comme la banque l’affiche.',
    },
    action: 'Répondre dans l’application',
    footer: 'Vous recevez cet e-mail parce que vous avez envoyé de l’argent avec nous.',
  },
};

/** "2030-01-09 14:00 UTC". */
const utc = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The durable job `transaction.hold-mail` (hold-jobs.ts): mails the customer that their transfer is
 * held (what is needed, by when, a link to answer) or was cancelled at the deadline, in the language
 * they confirmed it in (docs/product/holds.md#notices).
 */
export async function sendHoldMail(
  deps: TransactionMailDeps,
  { transactionId, kind }: { transactionId: string; kind: HoldMailKind },
): Promise<void> {
  const facts = await transferMailFacts(deps, transactionId);
  const hold = await deps.db
    .selectFrom('transfer_holds')
    .select(['code', 'deadline'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (!facts || !hold) return;
  const catalog = catalogs[facts.locale];
  const text = catalog[kind];
  const details: Details = {
    amount: facts.amount,
    total: facts.total,
    recipient: facts.recipient,
    deadline: utc(hold.deadline),
  };
  await deps.mailer.send(
    renderMail(facts.email, {
      locale: facts.locale,
      subject: text.subject(details),
      heading: text.heading,
      blocks: [
        { kind: 'paragraph', text: text.body(details) },
        ...(kind === 'placed' ? [{ kind: 'paragraph' as const, text: catalog.needs[hold.code as HoldCode] }] : []),
        { kind: 'action', label: catalog.action, url: facts.link },
      ],
      footer: catalog.footer,
      appUrl: deps.appUrl,
    }),
  );
}
