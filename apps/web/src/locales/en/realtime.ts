/** Texts of the realtime status banner and live-update notices, under the `realtime` key. */
const realtime = {
  reconnecting: 'Reconnecting…',
  paused: 'Live updates paused',
  profileUpdated: 'Your profile was updated',
  rateAlertTriggered: 'Rate alert: 1 {{source}} now gets {{rate}} {{target}}',
  scheduledTransferReady: 'A scheduled transfer is ready to pay',
  scheduledTransferFailed: 'A scheduled transfer couldn’t be set up',
  dismiss: 'Dismiss',
} as const;

export default realtime;
