import type en from '../en/delays';
import type { Translation } from '../translation';

/** Arrivée prévue et retards d’un transfert, sous la clé `delays`. */
const delays: Translation<typeof en> = {
  expectedBy: 'Arrivée prévue le {{date}}',
  arrived: 'Arrivé le {{date}}',
  late: 'En retard',
  heading: 'Ce transfert est en retard',
  newDate: 'Nouvelle arrivée prévue : {{date}}',
  listLate: 'En retard : arrivée prévue le {{date}}',
  reason: {
    payment_not_received: 'Le paiement ne nous est pas encore parvenu.',
    payout_slow: 'Le versement prend plus de temps que d’habitude.',
    payout_partner_holiday: 'La banque du bénéficiaire est fermée pour un jour férié.',
  },
};

export default delays;
