/**
 * The passkeys feature's public face (docs/product/auth-and-sessions.md#passkeys): what the app and
 * other features may import (ESLint refuses paths into this folder from outside it). PasskeySignIn
 * is in the sign-in page's bundle (it loads the WebAuthn library, its texts and the api on demand);
 * the settings section and the MFA button load with their screens (components/lazy.tsx).
 */
export { MfaPasskeyButton, PasskeysSection } from './components/lazy';
export { PasskeySignIn } from './components/passkey-sign-in';
