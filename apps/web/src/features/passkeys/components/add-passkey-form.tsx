import type { PasskeyAttestation, PasskeyCreationOptions } from '@remit/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { readShownError } from '@/lib/api-errors';
import { passkeyRegistrationOptions, useRegisterPasskey } from '../api/passkeys';
import { isApiError } from '../lib/errors';
import { defaultPasskeyName } from '../lib/device-name';
import { asAttestation, isAlreadyRegistered, isCeremonyCancelled, loadWebAuthn } from '../lib/webauthn';

/** The api's limit on a passkey's name (PasskeyName in the contract). */
export const NAME_MAX = 60;

interface AddPasskeyFormProps {
  /** From registration-options, fetched when the form opened (the ceremony then starts on the click itself). */
  options: PasskeyCreationOptions;
  onAdded: (name: string) => void;
  onCancel: () => void;
}

/**
 * Name the passkey (prefilled with the browser and system), then the browser's ceremony, then
 * POST /client/v1/passkeys (docs/product/auth-and-sessions.md#passkeys). A cancelled ceremony is
 * said calmly and the form stays, to try again.
 */
export function AddPasskeyForm({ options: initialOptions, onAdded, onCancel }: AddPasskeyFormProps) {
  const { t } = useTranslation();
  const register = useRegisterPasskey();
  const [name, setName] = useState(() =>
    defaultPasskeyName(
      navigator.userAgent,
      {
        both: (browser, os) => t('passkeys.add.deviceName', { browser, os }),
        fallback: t('passkeys.add.defaultName'),
      },
      navigator.maxTouchPoints,
    ),
  );
  const [nameError, setNameError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Used once: after the api has seen an attestation (accepted or not) the next try asks again.
  const options = useRef<PasskeyCreationOptions | null>(initialOptions);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    const trimmed = name.trim();
    const invalid = !trimmed
      ? t('passkeys.add.nameRequired')
      : trimmed.length > NAME_MAX
        ? t('passkeys.add.nameTooLong')
        : null;
    setNameError(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await addPasskey(trimmed);
    } finally {
      setBusy(false);
    }
  }

  async function addPasskey(trimmed: string) {
    let credential: PasskeyAttestation;
    try {
      const [lib, optionsJSON] = await Promise.all([loadWebAuthn(), options.current ?? passkeyRegistrationOptions()]);
      options.current = optionsJSON;
      credential = asAttestation(
        await lib.startRegistration({
          optionsJSON: optionsJSON as unknown as PublicKeyCredentialCreationOptionsJSON,
        }),
      );
    } catch (error) {
      await showFailure(error, 'ceremony');
      return;
    }
    try {
      options.current = null;
      await register.mutateAsync({ name: trimmed, credential });
      onAdded(trimmed);
    } catch (error) {
      await showFailure(error, 'register');
    }
  }

  async function showFailure(error: unknown, step: 'ceremony' | 'register') {
    if (step === 'ceremony' && isCeremonyCancelled(error)) {
      setNotice({ tone: 'info', text: t('passkeys.add.cancelled') });
      return;
    }
    if (step === 'ceremony' && isAlreadyRegistered(error)) {
      setNotice({ tone: 'error', text: t('passkeys.add.alreadyRegistered') });
      return;
    }
    if (!isApiError(error)) {
      setNotice({ tone: 'error', text: t('passkeys.add.failed') });
      return;
    }
    const apiError = await readShownError(error);
    if (!apiError) return; // signed out, or the customer cancelled the step-up: nothing to say
    if (apiError.fieldErrors.name) {
      setNameError(apiError.fieldErrors.name);
      inputRef.current?.focus();
      return;
    }
    setNotice({ tone: 'error', text: apiError.message ?? t('passkeys.add.failed') });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('passkeys.add.formLabel')}
      className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      data-testid="add-passkey-form"
    >
      <TextField
        ref={inputRef}
        id="passkey-name"
        label={t('passkeys.add.nameLabel')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (nameError) setNameError(null);
        }}
        autoFocus
        autoComplete="off"
        maxLength={NAME_MAX + 20}
        error={nameError ?? undefined}
        describedBy={hintId}
      />
      <p id={hintId} className="-mt-2 text-sm text-slate-600">
        {t('passkeys.add.nameHint')}
      </p>
      {notice && (
        <Alert tone={notice.tone} testId="add-passkey-notice">
          {notice.text}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          {t('passkeys.add.submit')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {t('passkeys.add.cancel')}
        </Button>
      </div>
    </form>
  );
}
