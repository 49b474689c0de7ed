import type en from '../en/tracking';
import type { Translation } from '../translation';

/** Textes de la page publique de suivi `/track/{token}`, sous la clé `tracking`. */
const tracking: Translation<typeof en> = {
  heading: 'Suivre un transfert',
  onItsWay: 'Argent en route vers {{name}}',
  loading: 'Chargement du transfert',
  error: 'Nous n’avons pas pu charger ce transfert. Vérifiez votre connexion et réessayez.',
  notFoundHeading: 'Lien introuvable',
  notFound: 'Ce lien de suivi n’existe pas ou n’est plus partagé. Demandez un nouveau lien à l’expéditeur.',
  receives: '{{name}} reçoit',
  estimate: 'Livraison prévue',
  status: 'Statut',
  steps: 'Progression',
  refreshing: 'Cette page se met à jour toutes les 30 secondes.',
  stepDone: 'Fait',
  stepPending: 'Pas encore',
  step: {
    confirmed: 'Transfert confirmé',
    paid: 'Paiement reçu',
    processing: 'En route',
    completed: 'Livré',
  },
  state: {
    awaiting_payment: 'En attente du paiement de l’expéditeur.',
    payment_processing: 'Le paiement de l’expéditeur est en cours de traitement.',
    payment_failed: 'Le paiement de l’expéditeur n’a pas abouti. Il peut réessayer.',
    paid: 'Le paiement a été reçu. L’argent sera envoyé sous peu.',
    processing: 'L’argent est en route.',
    completed: 'L’argent a été livré.',
    returned: 'L’argent nous est revenu : l’expéditeur doit vérifier les coordonnées.',
    refunded: 'Ce transfert a été arrêté et l’expéditeur remboursé.',
    cancelled: 'Ce transfert a été annulé par l’expéditeur.',
    expired: 'Ce transfert a expiré avant d’être payé.',
  },
};

export default tracking;
