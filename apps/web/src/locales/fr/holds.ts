import type en from '../en/holds';
import type { Translation } from '../translation';

/** French texts of the `holds` key. */
const holds: Translation<typeof en> = {
  heading: 'Nous avons besoin d’une information',
  intro: 'Votre paiement est arrivé. Avant d’envoyer l’argent, il nous faut ce qui suit.',
  reasons: {
    source_of_funds:
      'C’est un transfert important : dites-nous d’où vient l’argent et envoyez un document qui le montre, comme une fiche de paie, un relevé bancaire ou un acte de vente.',
    purpose_unclear:
      'Le pays de destination exige un objet clair pour ce transfert : dites-nous en quelques mots à quoi sert l’argent.',
    name_mismatch:
      'La banque du bénéficiaire indique un autre nom sur ce compte : saisissez le nom du titulaire exactement comme la banque l’affiche.',
  },
  deadline:
    'Répondez avant le {{date}}. Sans réponse d’ici là, nous annulons le transfert et vous remboursons en totalité.',
  fields: {
    source_of_funds: 'D’où vient l’argent ?',
    purpose_details: 'À quoi sert l’argent ?',
    account_holder_name: 'Nom du titulaire du compte, comme la banque l’affiche',
  },
  choose: 'Choisir…',
  sources: {
    salary: 'Salaire',
    savings: 'Épargne',
    sale_of_property: 'Vente d’un bien immobilier',
    inheritance: 'Héritage',
    gift: 'Don',
    business_income: 'Revenus d’entreprise',
    investments: 'Placements',
    other: 'Autre',
  },
  document: {
    label: 'Un document qui le montre',
    hint: 'JPEG, PNG, HEIC ou PDF, 10 Mo au plus.',
    uploading: 'Envoi du document…',
  },
  required: {
    answer: 'Répondez à cette question.',
    document: 'Choisissez un document à envoyer.',
  },
  submit: 'Envoyer ma réponse',
  sending: 'Envoi…',
  sent: 'Merci : nous avons ce qu’il nous fallait. Votre argent est en route.',
  error: 'Nous n’avons pas pu envoyer votre réponse. Réessayez.',
  uploadError: 'Nous n’avons pas pu envoyer ce document. Réessayez ou choisissez un autre fichier.',
  actionNeeded: 'Action requise',
  next: 'Dès votre réponse, nous envoyons votre argent.',
  timeline: {
    hold_placed:
      'Nous avons besoin d’une information avant d’envoyer ce transfert. Répondez avant le {{date}}, sinon il est annulé et remboursé.',
    hold_placed_plain: 'Nous avons besoin d’une information avant d’envoyer ce transfert.',
    hold_cleared: 'Merci : nous avons ce qu’il nous fallait. Votre argent est en route.',
    hold_expired:
      'Nous n’avons pas reçu à temps ce qu’il nous fallait : nous avons annulé ce transfert et vous le remboursons en totalité.',
  },
};

export default holds;
