/**
 * The scheduled-transfers feature's public face (docs/product/scheduled-transfers.md): the schedules
 * screen, the dashboard panel, the link a recipient's page shows and the query key the realtime
 * provider refreshes on ScheduledTransferRan.
 */
export { ScheduledTransfersScreen } from './components/scheduled-transfers-screen';
export { ScheduledTransfersPanel } from './components/scheduled-transfers-panel';
export { ScheduleLink } from './components/schedule-link';
export { scheduledTransfersQueryKey, scheduledTransfersQueryOptions } from './api/scheduled-transfers';
