/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself: react-i18next imports the
 * shim (for React 17), whose CommonJS fallback would otherwise ship in the sign-in page's bundle
 * (vite.config.ts alias; docs/decisions/0017-bundle-back-to-350.md).
 */
export { useSyncExternalStore } from 'react';
