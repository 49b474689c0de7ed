/** The dashboard feature's public face: its page, composed of other features' public pieces. */
export { DashboardScreen } from './components/dashboard-screen';
