import { MFA_REQUIRED } from '@remit/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { AuthLayout } from '@/components/ui/auth-layout';
import { Button } from '@/components/ui/button';
import { OtpInput } from '@/components/ui/otp-input';
import { ResendButton } from '@/components/ui/resend-button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { MfaPasskeyButton } from '@/features/passkeys';
import { useCustomer } from '@/lib/customer-store';
import { useCompleteMfa } from '../api/complete-mfa';
import { resendMfaOtp } from '../api/resend-mfa-otp';
import { isSignedOut, readShownError } from '@/lib/api-errors';
import { errorCode, errorMfaMethod, homeRouteFor, maskEmail } from '../lib';

/** Seconds before the first resend: the sign-in just mailed a code (the api throttles resends anyway). */
export const INITIAL_RESEND_SECONDS = 60;
const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

interface MfaScreenProps {
  /** Signs out (the app wires the auth feature's call) and goes to sign-in. */
  onSignOut: () => void;
  signingOut?: boolean;
}

/** The multiFactorAuth screen: a six-digit code (mailed or from the app) or a recovery code. */
export function MfaScreen({ onSignOut, signingOut }: MfaScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useCustomer();
  const completeMfa = useCompleteMfa();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const codeRef = useRef<HTMLDivElement>(null);
  const recoveryRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  // 403 mfa_required on the profile (e.g. after a reload): the answer names the method, not the email.
  const pendingUnknown = profile.isError && errorCode(profile.error) === MFA_REQUIRED;
  const pendingMethod = pendingUnknown ? errorMfaMethod(profile.error) : undefined;

  if (profile.isPending || (profile.isError && !pendingUnknown && isSignedOut(profile.error))) {
    return (
      <AuthLayout heading={t('security.mfa.heading')}>
        <div className="flex justify-center py-6">
          <Spinner label={t('security.mfa.loading')} />
        </div>
      </AuthLayout>
    );
  }

  if (profile.isError && !pendingUnknown) {
    return (
      <AuthLayout heading={t('security.mfa.heading')}>
        <Alert tone="error">{t('errors.body')}</Alert>
        <Button className="mt-6" fullWidth onClick={() => void profile.refetch()}>
          {t('errors.retry')}
        </Button>
      </AuthLayout>
    );
  }

  const customer = profile.data;
  if (customer?.session?.is_mfa_completed) {
    return <Navigate to={homeRouteFor(customer)} replace />;
  }

  const method = customer?.session?.mfa_method ?? pendingMethod ?? null;
  const email = customer?.account.email;
  const intro =
    mode === 'recovery'
      ? t('security.mfa.introRecovery')
      : method === 'totp'
        ? t('security.mfa.introTotp')
        : method === 'email'
          ? email
            ? t('security.mfa.introEmail', { email: maskEmail(email) })
            : t('security.mfa.introEmailNoAddress')
          : t('security.mfa.introUnknown');
  const canResend = mode === 'code' && method !== 'totp';
  const canUseRecovery = method === 'totp' || (method === null && pendingUnknown);

  async function submit(otp: string) {
    if (completeMfa.isPending) return;
    setFailure(null);
    setFieldError(null);
    if (mode === 'code' && otp.length !== 6) {
      setFieldError(t('security.mfa.codeRequired'));
      focusCode();
      return;
    }
    if (mode === 'recovery' && !RECOVERY_CODE.test(otp)) {
      setFieldError(t('security.mfa.recoveryRequired'));
      recoveryRef.current?.focus();
      return;
    }
    try {
      const next = await completeMfa.mutateAsync({ otp });
      await navigate(homeRouteFor(next), { replace: true });
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return; // the http client goes to sign-in
      if (apiError.status === 422) {
        setFieldError(apiError.fieldErrors.otp ?? apiError.message ?? t('errors.generic'));
        if (mode === 'code') {
          setCode('');
          focusCode();
        } else {
          recoveryRef.current?.focus();
        }
      } else if (apiError.status === 429) {
        setFailure(apiError.message ?? t('security.mfa.tooManyRequests'));
      } else {
        setFailure(apiError.message ?? t('errors.generic'));
      }
    }
  }

  function focusCode() {
    codeRef.current?.querySelector('input')?.focus();
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void submit(mode === 'code' ? code : recovery.trim().toLowerCase());
  }

  async function onResend() {
    setFailure(null);
    try {
      const sent = await resendMfaOtp();
      setFieldError(null);
      setCode('');
      return sent;
    } catch (error) {
      const apiError = await readShownError(error);
      if (apiError) {
        setFailure(
          apiError.message ?? (apiError.status === 429 ? t('security.mfa.tooManyRequests') : t('errors.generic')),
        );
      }
      throw error;
    }
  }

  function toggleMode() {
    setFieldError(null);
    setFailure(null);
    setMode((m) => (m === 'code' ? 'recovery' : 'code'));
  }

  return (
    <AuthLayout
      heading={t('security.mfa.heading')}
      intro={intro}
      footer={
        <Button variant="ghost" onClick={onSignOut} loading={signingOut} data-testid="mfa-sign-out">
          {t('security.mfa.signOut')}
        </Button>
      }
    >
      {failure && (
        <Alert tone="error" className="mb-5" testId="mfa-failure">
          {failure}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('security.mfa.heading')}>
        {mode === 'code' ? (
          <div ref={codeRef}>
            <OtpInput
              id="mfa-code"
              label={t('security.otp.label')}
              value={code}
              onChange={(v) => {
                setCode(v);
                if (fieldError) setFieldError(null);
              }}
              onComplete={(v) => void submit(v)}
              autoFocus
              error={fieldError ?? undefined}
              hint={t('security.otp.hint')}
              disabled={completeMfa.isPending}
              testId="mfa-code"
            />
          </div>
        ) : (
          <TextField
            ref={recoveryRef}
            id="mfa-recovery-code"
            label={t('security.mfa.recoveryLabel')}
            value={recovery}
            onChange={(e) => {
              setRecovery(e.target.value);
              if (fieldError) setFieldError(null);
            }}
            autoFocus
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            maxLength={32}
            error={fieldError ?? undefined}
            describedBy={hintId}
            data-testid="mfa-recovery-code"
          />
        )}
        {mode === 'recovery' && (
          <p id={hintId} className="-mt-3 text-sm text-slate-600">
            {t('security.mfa.recoveryHint')}
          </p>
        )}
        <Button type="submit" fullWidth loading={completeMfa.isPending}>
          {t('security.mfa.submit')}
        </Button>
      </form>
      <div className="mt-5 flex flex-col items-center gap-2 text-sm">
        {canResend && (
          <>
            <p className="text-center text-slate-600">{t('security.mfa.spamHint')}</p>
            <ResendButton availableIn={INITIAL_RESEND_SECONDS} onResend={onResend} testId="mfa-resend" />
          </>
        )}
        {/* docs/product/auth-and-sessions.md#passkeys: shown where the browser has WebAuthn */}
        <MfaPasskeyButton
          disabled={completeMfa.isPending}
          onFailure={setFailure}
          onVerified={(next) => navigate(homeRouteFor(next), { replace: true })}
        />
        {canUseRecovery && (
          <Button variant="ghost" onClick={toggleMode} data-testid="mfa-toggle-recovery">
            {mode === 'code' ? t('security.mfa.useRecovery') : t('security.mfa.useApp')}
          </Button>
        )}
      </div>
    </AuthLayout>
  );
}
