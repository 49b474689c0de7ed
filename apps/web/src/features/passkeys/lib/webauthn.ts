/**
 * The browser side of passkeys (docs/product/auth-and-sessions.md#passkeys): @simplewebauthn/browser,
 * loaded on demand so that the sign-in page's first JavaScript stays small (bench/budgets.mjs).
 */
import type { PasskeyAssertion, PasskeyAttestation } from '@remit/contract';
import type * as WebAuthn from './webauthn-browser';

export type WebAuthnModule = typeof WebAuthn;

let loading: Promise<WebAuthnModule> | null = null;
let loaded: WebAuthnModule | null = null;

export function loadWebAuthn(): Promise<WebAuthnModule> {
  loading ??= import('./webauthn-browser').then(
    (lib) => (loaded = lib),
    (error: unknown) => {
      loading = null; // a failed chunk load may succeed on the next try
      throw error;
    },
  );
  return loading;
}

/** Aborts the running ceremony (e.g. the email field's autofill when the sign-in page closes). */
export function cancelCeremony(): void {
  loaded?.WebAuthnAbortService.cancelCeremony();
}

/** What the browser can do: create and use passkeys, and offer them in the email field's autofill. */
export interface WebAuthnSupport {
  webauthn: boolean;
  autofill: boolean;
}

/** Never rejects: a browser whose check fails (or a chunk that does not load) has no passkeys. */
export async function detectWebAuthn(): Promise<WebAuthnSupport> {
  try {
    const lib = await loadWebAuthn();
    const webauthn = lib.browserSupportsWebAuthn();
    const autofill = webauthn && (await lib.browserSupportsWebAuthnAutofill().catch(() => false));
    return { webauthn, autofill };
  } catch {
    return { webauthn: false, autofill: false };
  }
}

/** The error's DOMException name, through the library's WebAuthnError (which keeps the cause's name). */
function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/**
 * The customer closed or refused the browser's passkey dialog, or it timed out (NotAllowedError):
 * no fault of theirs, said calmly.
 */
export function isCeremonyCancelled(error: unknown): boolean {
  return errorName(error) === 'NotAllowedError';
}

/** The ceremony was aborted by the app (another ceremony started, the screen closed). */
export function isCeremonyAborted(error: unknown): boolean {
  return errorName(error) === 'AbortError';
}

/** Registration: this authenticator already holds a passkey for the account (excludeCredentials). */
export function isAlreadyRegistered(error: unknown): boolean {
  return errorName(error) === 'InvalidStateError';
}

/**
 * The library's JSON and the contract's outline of it (PasskeyAttestation, PasskeyAssertion: loose
 * objects, checked again by the call's schema) are the same wire; TypeScript only lacks the index
 * signature on the library's types.
 */
export const asAttestation = (json: WebAuthn.RegistrationResponseJSON) => json as unknown as PasskeyAttestation;
export const asAssertion = (json: WebAuthn.AuthenticationResponseJSON) => json as unknown as PasskeyAssertion;
