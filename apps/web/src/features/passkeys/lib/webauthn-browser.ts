/**
 * The parts of @simplewebauthn/browser the app uses, so that the build leaves the rest of the
 * library out of its chunk (a dynamic import of the package itself keeps every export:
 * docs/decisions/0017-bundle-back-to-350.md). Loaded on demand by lib/webauthn.ts and the step-up.
 */
export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
export type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
