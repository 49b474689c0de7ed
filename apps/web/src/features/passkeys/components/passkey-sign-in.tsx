import type { Customer, PasskeyAssertion, PasskeyRequestOptions } from '@remit/contract';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { loadApi } from '@/lib/api-loader';
import { loadLocale } from '@/lib/i18n';
import { loginPasskeyOptions, loginWithPasskey } from '../api/sign-in';
import { isApiError } from '../lib/errors';
import {
  asAssertion,
  cancelCeremony,
  detectWebAuthn,
  isCeremonyAborted,
  isCeremonyCancelled,
  loadWebAuthn,
  type WebAuthnSupport,
} from '../lib/webauthn';

interface PasskeySignInProps {
  /** Continues exactly as after a password sign-in (the sign-in screen stores the customer and moves on). */
  onSignedIn: (customer: Customer) => Promise<void>;
  /** Shows the api's message under 'Login failed' (null clears it). */
  onFailure: (message: string | null) => void;
}

/**
 * A sign-in challenge lives five minutes (docs/product/auth-and-sessions.md#passkeys): the waiting
 * ceremony starts again with a new one before that, so a passkey picked later still verifies.
 */
export const CHALLENGE_REFRESH_MS = 4 * 60_000;

const asRequestOptions = (options: PasskeyRequestOptions) =>
  options as unknown as PublicKeyCredentialRequestOptionsJSON;

/** The api's message of a failed call, read through the lazily loaded api layer (as the sign-in form does). */
const apiMessage = (error: unknown) =>
  loadApi().then(
    async ({ readApiError }) => (await readApiError(error)).message,
    () => null,
  );

/**
 * Signing in with a passkey on the sign-in screen (docs/product/auth-and-sessions.md#passkeys):
 * "Sign in with a passkey" below the form and, where the browser offers passkeys in the email field's
 * autofill (conditional UI), a ceremony waiting in the background from the start, aborted when the
 * screen closes. Nothing shows in a browser without WebAuthn. The library, the texts and the api
 * layer load after the page, not with it.
 */
export function PasskeySignIn({ onSignedIn, onFailure }: PasskeySignInProps) {
  const { t } = useTranslation();
  const [support, setSupport] = useState<WebAuthnSupport | null>(null);
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  /** Bumped to start the background (autofill) ceremony again, with a new challenge. */
  const [round, setRound] = useState(0);
  /** The unused challenge of this round: the button uses it at once, within the click. */
  const options = useRef<PasskeyRequestOptions | null>(null);
  /** A ceremony started by the button, or an answer on its way: the challenge must not change under it. */
  const busy = useRef(false);
  const callbacks = useRef({ onSignedIn, onFailure });
  useEffect(() => {
    callbacks.current = { onSignedIn, onFailure };
  });

  useEffect(() => {
    let active = true;
    void Promise.all([detectWebAuthn(), loadLocale('passkeys')]).then(
      ([found]) => active && setSupport(found),
      () => undefined, // texts that do not load: no button, the password form still works
    );
    return () => {
      active = false;
    };
  }, []);

  /** POST /client/v1/login/passkey with the signed challenge, then on as after a password sign-in. */
  async function finish(credential: PasskeyAssertion) {
    busy.current = true;
    setPending(true);
    options.current = null; // the api has seen this challenge
    try {
      const customer = await loginWithPasskey(credential);
      await callbacks.current.onSignedIn(customer);
    } catch (error) {
      callbacks.current.onFailure((await apiMessage(error)) ?? t('errors.generic'));
      busy.current = false;
      setPending(false);
      setRound((n) => n + 1);
    }
  }

  // A new challenge each round; with autofill, the background ceremony waits for the customer to
  // pick a passkey in the email field's suggestions. A refused or aborted one ends quietly.
  useEffect(() => {
    if (!support?.webauthn) return;
    let active = true;
    let running = false;
    const refresh = setTimeout(() => {
      if (!busy.current) setRound((n) => n + 1);
    }, CHALLENGE_REFRESH_MS);
    void (async () => {
      let credential: PasskeyAssertion;
      try {
        const [lib, fresh] = await Promise.all([loadWebAuthn(), loginPasskeyOptions()]);
        if (!active) return;
        options.current = fresh;
        if (!support.autofill) return;
        running = true;
        credential = asAssertion(
          await lib.startAuthentication({
            optionsJSON: asRequestOptions(fresh),
            useBrowserAutofill: true,
          }),
        );
      } catch {
        return; // the button and the password form still work
      } finally {
        running = false;
      }
      if (active) await finish(credential);
    })();
    return () => {
      active = false;
      clearTimeout(refresh);
      if (running) cancelCeremony();
    };
    // finish reads the latest callbacks through a ref
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [support, round]);

  async function onClick() {
    if (pending) return;
    onFailure(null);
    setNote(null);
    busy.current = true;
    setPending(true);
    let credential: PasskeyAssertion;
    try {
      const lib = await loadWebAuthn();
      const optionsJSON = options.current ?? (await loginPasskeyOptions());
      options.current = optionsJSON;
      // Starting this ceremony aborts the background one (the library allows one at a time).
      credential = asAssertion(await lib.startAuthentication({ optionsJSON: asRequestOptions(optionsJSON) }));
    } catch (error) {
      busy.current = false;
      setPending(false);
      if (isCeremonyCancelled(error)) setNote(t('passkeys.signIn.cancelled'));
      else if (isApiError(error)) onFailure((await apiMessage(error)) ?? t('errors.generic'));
      else if (!isCeremonyAborted(error)) onFailure(t('passkeys.signIn.failed'));
      setRound((n) => n + 1);
      return;
    }
    await finish(credential);
  }

  if (!support?.webauthn) return null;
  return (
    <div className="mt-5 space-y-3" data-testid="passkey-sign-in">
      <p className="flex items-center gap-3 text-sm text-slate-600">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        {t('passkeys.signIn.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </p>
      <Button variant="secondary" fullWidth loading={pending} onClick={() => void onClick()}>
        {t('passkeys.signIn.button')}
      </Button>
      <p role="status" className="text-center text-sm text-slate-700 empty:hidden">
        {note}
      </p>
    </div>
  );
}
