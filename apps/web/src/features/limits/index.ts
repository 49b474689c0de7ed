/**
 * The limits feature's public face: what the app and other features may import (ESLint refuses paths
 * into this folder from outside it).
 */
export { LimitsScreen } from './components/limits-screen';
export { LimitsSummary } from './components/limits-summary';
export { limitsQueryKey, limitsQueryOptions } from './api/get-limits';
