/** Texts of the realtime status banner and live-update notices, under the `realtime` key. */
const realtime = {
  reconnecting: 'Reconnecting…',
  paused: 'Live updates paused',
  profileUpdated: 'Your profile was updated',
  dismiss: 'Dismiss',
} as const;

export default realtime;
