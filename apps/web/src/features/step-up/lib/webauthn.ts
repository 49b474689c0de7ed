import type { PasskeyAssertion, PasskeyRequestOptions } from '@remit/contract';

/** Whether this browser can use passkeys at all (WebAuthn); without it the passkey button hides. */
export function supportsWebAuthn(): boolean {
  return (
    typeof globalThis.PublicKeyCredential === 'function' && typeof globalThis.navigator?.credentials?.get === 'function'
  );
}

/**
 * The browser's passkey prompt for the api's options; the assertion to send back. The browser
 * library loads with the first use, not with the dialog. Rejects when the customer dismisses the
 * prompt or no passkey answers.
 */
export async function askForPasskey(options: PasskeyRequestOptions): Promise<PasskeyAssertion> {
  const { startAuthentication } = await import('@/features/passkeys/lib/webauthn-browser');
  const optionsJSON = options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  return (await startAuthentication({ optionsJSON })) as unknown as PasskeyAssertion;
}
