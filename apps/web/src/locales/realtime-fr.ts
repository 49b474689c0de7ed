import type { realtimeEn } from './realtime';

/** French texts of the `realtime` key, loaded on demand with the screens that need them (lib/i18n.ts). */
export const realtimeFr: typeof realtimeEn = {
  reconnecting: 'Reconnexion…',
  paused: 'Mises à jour en direct suspendues',
  profileUpdated: 'Votre profil a été mis à jour',
  dismiss: 'Fermer',
};
