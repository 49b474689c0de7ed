/**
 * A stand-in for @simplewebauthn/browser (jsdom has no WebAuthn). In a test file:
 * `vi.mock('@simplewebauthn/browser', () => import('@/testing/webauthn-mock').then((m) => m.webauthnMock));`
 * then `resetWebauthnMock()` before each test; by default the browser has WebAuthn, no autofill,
 * and both ceremonies answer the fixtures of passkeys-handlers.ts.
 */
import { vi } from 'vitest';
import { ASSERTION, ATTESTATION } from './passkeys-handlers';

export const webauthnMock = {
  browserSupportsWebAuthn: vi.fn<() => boolean>(),
  browserSupportsWebAuthnAutofill: vi.fn<() => Promise<boolean>>(),
  startRegistration: vi.fn<(options: { optionsJSON: unknown }) => Promise<unknown>>(),
  startAuthentication: vi.fn<(options: { optionsJSON: unknown; useBrowserAutofill?: boolean }) => Promise<unknown>>(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
};

export function resetWebauthnMock({ webauthn = true, autofill = false } = {}) {
  webauthnMock.browserSupportsWebAuthn.mockReset().mockReturnValue(webauthn);
  webauthnMock.browserSupportsWebAuthnAutofill.mockReset().mockResolvedValue(autofill);
  webauthnMock.startRegistration.mockReset().mockResolvedValue(ATTESTATION);
  webauthnMock.startAuthentication.mockReset().mockResolvedValue(ASSERTION);
  webauthnMock.WebAuthnAbortService.cancelCeremony.mockReset();
}

/** What the library throws when the customer closes the browser's dialog (its WebAuthnError keeps the name). */
export function notAllowed(): Error {
  const error = new Error('The operation either timed out or was not allowed.');
  error.name = 'NotAllowedError';
  return error;
}
