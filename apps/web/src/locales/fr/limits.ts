import type en from '../en/limits';
import type { Translation } from '../translation';

/** French texts of the `limits` key. */
const limits: Translation<typeof en> = {
  intro: 'Combien vous pouvez envoyer, et lesquels de vos transferts comptent dans ce montant.',
  loading: 'Chargement de vos plafonds',
  loadError: 'Impossible de charger vos plafonds. Vérifiez votre connexion et réessayez.',
  sending: {
    heading: 'Combien vous pouvez envoyer',
    perTransfer: 'Par transfert',
    perTransferHint: 'Le maximum que vous pouvez envoyer en un seul transfert.',
    rolling: 'Sur 30 jours',
    rollingHint: 'Le maximum que vous pouvez envoyer sur 30 jours consécutifs.',
    progressLabel: 'Plafond sur 30 jours utilisé',
    used: '{{used}} utilisés sur {{limit}}',
    remaining: 'Il vous reste {{remaining}} à envoyer',
    reached:
      'Vous avez atteint votre plafond sur 30 jours. Il se libère à mesure que vos transferts cessent de compter (voir Ce qui compte).',
  },
  account: {
    heading: 'Votre compte',
    levelLabel: 'Vérification',
    level: {
      verified: 'Vérifié',
      basic: 'Documents pas encore approuvés',
      unverified: 'Non vérifié',
    },
    canSend: 'Vous pouvez envoyer de l’argent dans ces limites.',
    cannotSend:
      'Vous ne pouvez pas encore envoyer d’argent. Ces plafonds s’appliqueront une fois votre compte vérifié.',
    missingHeading: 'Terminez ces étapes pour envoyer de l’argent',
  },
  counted: {
    heading: 'Ce qui compte',
    rule: 'Un transfert compte dès que vous le confirmez et jusqu’à ce qu’il ne puisse plus être payé. Les transferts pas encore payés, et ceux dont le paiement a été refusé, comptent aussi, car ils peuvent encore être payés. Les transferts annulés, expirés et remboursés ne comptent pas.',
    rolling:
      'Les 30 jours sont glissants : chaque transfert compte pendant 30 jours après sa confirmation, puis son montant est de nouveau disponible.',
    currency:
      'Les plafonds sont en livres sterling (GBP). Un transfert dans une autre devise compte en GBP au taux moyen du marché du jour où vous l’avez confirmé.',
    listLabel: 'Transferts qui comptent',
    empty: 'Rien ne compte dans votre plafond sur 30 jours pour le moment.',
    emptyHint: 'Les transferts que vous confirmez apparaîtront ici pendant 30 jours.',
    to: 'À {{name}}',
    youSend: 'Vous envoyez {{amount}}',
    countsAs: 'Compte pour {{amount}}',
    confirmed: 'Confirmé le {{date}}',
    countsUntil: 'Compte jusqu’au {{date}}',
    why: {
      awaiting_payment: 'Pas encore payé : il compte car il peut encore être payé. Annulez-le pour libérer ce montant.',
      payment_failed:
        'Paiement refusé, pas encore payé : il compte car il peut encore être payé. Annulez-le pour libérer ce montant.',
      payment_processing: 'Paiement en cours : il compte pendant que nous attendons votre paiement.',
      paid: 'Payé',
      processing: 'Payé',
      completed: 'Payé',
      returned:
        'Payé, puis renvoyé par la banque du bénéficiaire : il compte jusqu’à ce que l’argent vous soit remboursé.',
      cancelled: 'Annulé : il ne compte plus.',
      expired: 'Non payé à temps : il ne compte plus.',
      refunded: 'Remboursé : il ne compte plus.',
    },
  },
  summary: {
    used: 'Plafonds : {{used}} utilisés sur {{limit}}',
    link: 'Vos plafonds',
  },
};

export default limits;
