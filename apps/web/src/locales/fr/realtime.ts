import type en from '../en/realtime';
import type { Translation } from '../translation';

/** French texts of the `realtime` key. */
const realtime: Translation<typeof en> = {
  reconnecting: 'Reconnexion…',
  paused: 'Mises à jour en direct suspendues',
  profileUpdated: 'Votre profil a été mis à jour',
  rateAlertTriggered: 'Alerte de taux : 1 {{source}} vaut maintenant {{rate}} {{target}}',
  scheduledTransferReady: 'Un transfert programmé est prêt à payer',
  scheduledTransferFailed: 'Un transfert programmé n’a pas pu être préparé',
  dismiss: 'Fermer',
};

export default realtime;
