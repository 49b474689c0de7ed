/** Strings of the realtime status banner and live-update notices (registered under `realtime`,
 * loaded on demand by the signed-in layout: loadLocale in lib/i18n.ts). French: realtime-fr.ts. */
export const realtimeEn = {
  reconnecting: 'Reconnecting…',
  paused: 'Live updates paused',
  profileUpdated: 'Your profile was updated',
  dismiss: 'Dismiss',
};
