/**
 * The holds feature's public face (docs/product/holds.md): the transaction page's "We need something
 * from you" panel. ESLint refuses paths into this folder from outside it.
 */
export { HoldPanel } from './components/hold-panel';
