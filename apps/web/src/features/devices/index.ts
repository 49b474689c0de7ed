/**
 * The devices feature's public face: what the app and other features may import (ESLint refuses paths
 * into this folder from outside it).
 */
export { DevicesScreen } from './components/devices-screen';
export { devicesQueryKey } from './api/list-devices';
