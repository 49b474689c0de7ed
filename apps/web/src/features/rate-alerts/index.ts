/**
 * The rate alerts feature's public face (docs/product/rate-alerts.md): the screen, the calculator's
 * "Tell me when" action and the query key the realtime provider refreshes.
 */
export { RateAlertsScreen } from './components/rate-alerts-screen';
export { RateAlertAction } from './components/rate-alert-action';
export { rateAlertsQueryKey } from './api/rate-alerts';
