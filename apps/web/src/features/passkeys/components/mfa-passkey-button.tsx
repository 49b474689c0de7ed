import type { Customer } from '@remit/contract';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { readShownError } from '@/lib/api-errors';
import { mfaPasskeyOptions, useMfaWithPasskey } from '../api/mfa';
import { isApiError } from '../lib/errors';
import { asAssertion, detectWebAuthn, isCeremonyAborted, isCeremonyCancelled, loadWebAuthn } from '../lib/webauthn';

interface MfaPasskeyButtonProps {
  /** MFA is complete and the customer stored: the screen moves on as after a correct code. */
  onVerified: (customer: Customer) => Promise<void> | void;
  /** Shows a failure in the screen's alert (null clears it). */
  onFailure: (message: string | null) => void;
  disabled?: boolean;
}

/**
 * "Use a passkey instead" on the MFA screen (docs/product/auth-and-sessions.md#passkeys): a passkey
 * of the same customer completes the second step. Shown only where the browser has WebAuthn; an
 * account without passkeys gets the api's message.
 */
export function MfaPasskeyButton({ onVerified, onFailure, disabled }: MfaPasskeyButtonProps) {
  const { t } = useTranslation();
  const complete = useMfaWithPasskey();
  const [supported, setSupported] = useState(false);
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void detectWebAuthn().then(({ webauthn }) => active && setSupported(webauthn));
    return () => {
      active = false;
    };
  }, []);

  async function failed(error: unknown) {
    if (isCeremonyCancelled(error)) return setNote(t('passkeys.mfa.cancelled'));
    if (isCeremonyAborted(error)) return;
    if (!isApiError(error)) return onFailure(t('passkeys.mfa.failed'));
    const apiError = await readShownError(error);
    if (apiError) onFailure(apiError.message ?? t('passkeys.mfa.failed'));
  }

  async function onClick() {
    if (pending) return;
    onFailure(null);
    setNote(null);
    setPending(true);
    try {
      const [lib, options] = await Promise.all([loadWebAuthn(), mfaPasskeyOptions()]);
      const credential = asAssertion(
        await lib.startAuthentication({
          optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
        }),
      );
      const customer = await complete.mutateAsync(credential);
      await onVerified(customer);
    } catch (error) {
      await failed(error);
    } finally {
      setPending(false);
    }
  }

  if (!supported) return null;
  return (
    <>
      <Button
        variant="ghost"
        loading={pending}
        disabled={disabled}
        onClick={() => void onClick()}
        data-testid="mfa-passkey"
      >
        {t('passkeys.mfa.button')}
      </Button>
      <p role="status" className="text-center text-sm text-slate-700 empty:hidden">
        {note}
      </p>
    </>
  );
}
