/**
 * The passkeys feature's public face (docs/product/auth-and-sessions.md#passkeys): what the app and
 * other features may import (ESLint refuses paths into this folder from outside it). PasskeySignIn
 * is in the sign-in page's bundle: it loads the WebAuthn library, its texts and the api on demand.
 */
export { MfaPasskeyButton } from './components/mfa-passkey-button';
export { PasskeySignIn } from './components/passkey-sign-in';
export { PasskeysSection } from './components/passkeys-section';
