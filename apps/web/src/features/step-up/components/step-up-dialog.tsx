import { StepUpFactor, type StepUpRequest } from '@remit/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { focusables, focusRing, keepTabInside } from '@/components/ui/focus';
import { OtpInput } from '@/components/ui/otp-input';
import { PasswordField } from '@/components/ui/password-field';
import { isSignedOut, readApiError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import type { StepUpChallenge } from '@/lib/step-up-bridge';
import { stepUp, stepUpPasskeyOptions } from '../api/step-up';
import { askForPasskey, supportsWebAuthn } from '../lib/webauthn';

type Typed = 'password' | 'totp';
type Pending = 'typed' | 'passkey' | null;
type FocusTarget = 'password' | 'otp' | 'passkey';

/** The factors of the 403 this app knows; none known (an older answer): the password. */
function knownFactors(factors: string[]): StepUpFactor[] {
  const known = factors.filter((f): f is StepUpFactor => StepUpFactor.safeParse(f).success);
  return known.length > 0 ? known : ['password'];
}

interface StepUpDialogProps {
  challenge: StepUpChallenge;
  /** The customer stepped up: the waiting calls go again. */
  onDone: () => void;
  /** Cancel, Escape, or the session ended meanwhile: the waiting calls fail, quietly. */
  onCancel: () => void;
}

/**
 * "Confirm it's you" (docs/product/auth-and-sessions.md#step-up): the factors this customer can use,
 * the password or a code from the authenticator app typed in (one at a time, with a switch), and a
 * passkey when the browser can use one. A modal dialog: focus moves in and stays in, Escape and
 * Cancel close it, focus goes back where it was. A wrong factor (422) shows under its field, anything
 * else (429 included) in an alert.
 */
export function StepUpDialog({ challenge, onDone, onCancel }: StepUpDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const passkeyErrorId = useId();
  const ref = useRef<HTMLDivElement>(null);

  const factors = knownFactors(challenge.factors);
  const passkey = factors.includes('passkey') && supportsWebAuthn();
  const typedFactors = factors.filter((f): f is Typed => f === 'password' || f === 'totp');
  const [typed, setTyped] = useState<Typed | null>(typedFactors[0] ?? null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; otp?: string; passkey?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const scope = challenge.scope !== undefined ? { scope: challenge.scope } : {};

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // The first field (password or code), else the first button.
    (ref.current?.querySelector<HTMLElement>('input') ?? focusables(ref.current)[0])?.focus();
    return () => {
      // Back where it was, unless something else took it meanwhile (the retried call's screen); an
      // opener still disabled (its call waiting to settle) gets it a moment later.
      // (Through the opener's own document: a late timer may outlive the page, or a test's window.)
      const restore = () => {
        if (!opener?.isConnected) return;
        const active = opener.ownerDocument.activeElement;
        if (active === null || active === opener.ownerDocument.body) opener.focus();
      };
      restore();
      if (opener && opener.ownerDocument.activeElement !== opener) {
        setTimeout(restore, 0);
        setTimeout(restore, 100);
      }
    };
  }, []);

  // The field to focus once the next render is on screen (a message under it, a switch, a field
  // enabled again after its call).
  const focusNext = useRef<FocusTarget | null>(null);
  const focusField = (name: FocusTarget) => {
    focusNext.current = name;
  };
  useEffect(() => {
    const name = focusNext.current;
    if (!name) return;
    focusNext.current = null;
    const selector =
      name === 'passkey' ? '[data-step-up="passkey"]' : `#${name === 'password' ? 'step-up-password' : 'step-up-otp'}`;
    ref.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  /** A failed step-up call: a wrong factor under its field, anything else in the alert. */
  async function showFailure(error: unknown) {
    if (isSignedOut(error)) {
      // The session ended: the http client is taking the customer to sign-in.
      onCancel();
      return;
    }
    const apiError = await readApiError(error);
    const { password: onPassword, otp: onOtp, passkey: onPasskey } = apiError.fieldErrors;
    if (apiError.status === 422 && (onPassword || onOtp || onPasskey)) {
      setErrors({
        ...(onPassword ? { password: onPassword } : {}),
        ...(onOtp ? { otp: onOtp } : {}),
        ...(onPasskey ? { passkey: onPasskey } : {}),
      });
      if (onOtp) setCode('');
      focusField(onPassword ? 'password' : onOtp ? 'otp' : 'passkey');
      return;
    }
    const other = Object.values(apiError.fieldErrors)[0];
    setFailure(other ?? apiError.message ?? t('stepUp.failed'));
  }

  async function send(body: StepUpRequest, kind: Exclude<Pending, null>) {
    setPending(kind);
    try {
      await stepUp({ ...body, ...scope });
    } catch (error) {
      setPending(null);
      await showFailure(error);
      return;
    }
    onDone();
  }

  function submitTyped(event?: FormEvent, otp = code) {
    event?.preventDefault();
    if (pending) return;
    setFailure(null);
    if (typed === 'password') {
      if (!password) {
        setErrors({ password: t('stepUp.password.required') });
        focusField('password');
        return;
      }
      setErrors({});
      void send({ password }, 'typed');
    } else if (typed === 'totp') {
      if (otp.length !== 6) {
        setErrors({ otp: t('stepUp.otp.required') });
        focusField('otp');
        return;
      }
      setErrors({});
      void send({ otp }, 'typed');
    }
  }

  async function confirmWithPasskey() {
    if (pending) return;
    setFailure(null);
    setErrors({});
    setPending('passkey');
    let options;
    try {
      options = await stepUpPasskeyOptions();
    } catch (error) {
      setPending(null);
      await showFailure(error);
      return;
    }
    let assertion;
    try {
      assertion = await askForPasskey(options);
    } catch {
      // The customer dismissed the browser's prompt, or no passkey answered: not alarming.
      setPending(null);
      setErrors({ passkey: t('stepUp.passkey.notUsed') });
      focusField('passkey');
      return;
    }
    await send({ passkey: assertion }, 'passkey');
  }

  function switchTo(next: Typed) {
    focusField(next === 'totp' ? 'otp' : 'password');
    setTyped(next);
    setErrors({});
    setFailure(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!pending) onCancel();
      return;
    }
    keepTabInside(event, ref.current);
  }

  const other =
    typed === 'password' ? typedFactors.includes('totp') && 'totp' : typedFactors.includes('password') && 'password';
  const linkButton = cn('rounded text-sm font-semibold text-blue-800 underline-offset-4 hover:underline', focusRing);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-2 sm:items-center sm:p-4">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={introId}
        data-testid="step-up-dialog"
        className="max-h-[calc(100dvh-1rem)] w-full max-w-md space-y-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-lg sm:p-6"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('stepUp.title')}
        </h2>
        <p id={introId} className="text-sm text-slate-700">
          {t('stepUp.intro')}
        </p>
        {failure && (
          <Alert tone="error" testId="step-up-failure">
            {failure}
          </Alert>
        )}

        {typed && (
          <form noValidate onSubmit={submitTyped} className="space-y-3">
            {typed === 'password' ? (
              <PasswordField
                id="step-up-password"
                label={t('stepUp.password.label')}
                toggleLabel={t('stepUp.password.show')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={errors.password}
              />
            ) : (
              <div>
                <OtpInput
                  id="step-up-otp"
                  label={t('stepUp.otp.label')}
                  value={code}
                  onChange={setCode}
                  onComplete={(value) => submitTyped(undefined, value)}
                  error={errors.otp}
                  hint={t('stepUp.otp.hint')}
                  disabled={pending !== null}
                  testId="step-up-otp"
                />
              </div>
            )}
            {other && (
              <button type="button" className={linkButton} onClick={() => switchTo(other)}>
                {other === 'totp' ? t('stepUp.otp.switchTo') : t('stepUp.password.switchTo')}
              </button>
            )}
            <Button type="submit" fullWidth loading={pending === 'typed'} disabled={pending === 'passkey'}>
              {t('stepUp.confirm')}
            </Button>
          </form>
        )}

        {passkey && (
          <div className="space-y-3">
            {typed && (
              <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
                <span className="h-px flex-1 bg-slate-200" />
                {t('stepUp.passkey.or')}
                <span className="h-px flex-1 bg-slate-200" />
              </p>
            )}
            <Button
              variant="secondary"
              fullWidth
              data-step-up="passkey"
              loading={pending === 'passkey'}
              disabled={pending === 'typed'}
              aria-describedby={errors.passkey ? passkeyErrorId : undefined}
              onClick={() => void confirmWithPasskey()}
            >
              {t('stepUp.passkey.use')}
            </Button>
            <FieldError id={passkeyErrorId} message={errors.passkey} />
          </div>
        )}

        {!typed && !passkey && <Alert tone="info">{t('stepUp.noFactor')}</Alert>}

        <Button variant="ghost" fullWidth disabled={pending !== null} onClick={onCancel}>
          {t('stepUp.cancel')}
        </Button>
      </div>
    </div>,
    document.body,
  );
}
