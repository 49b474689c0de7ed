/** The dashboard feature's public face: its page, composed of other features' public pieces. */
export { DashboardScreen } from './components/dashboard-screen';
// Started by the router when the dashboard's route matches, in parallel with its code.
export { prefetchDashboard } from './api/prefetch-dashboard';
