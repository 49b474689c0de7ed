/** Strings of the realtime status banner and live-update notices (registered under `realtime`). */
export const realtimeEn = {
  reconnecting: 'Reconnecting…',
  paused: 'Live updates paused',
  profileUpdated: 'Your profile was updated',
  dismiss: 'Dismiss',
};

export const realtimeFr: typeof realtimeEn = {
  reconnecting: 'Reconnexion…',
  paused: 'Mises à jour en direct suspendues',
  profileUpdated: 'Votre profil a été mis à jour',
  dismiss: 'Fermer',
};
