import type { Customer } from '@remit/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { OtpInput } from '@/components/ui/otp-input';
import { ResendButton } from '@/components/ui/resend-button';
import { useResendEmailVerification } from '../api/resend-email-verification';
import { useVerifyEmailAddress } from '../api/verify-email-address';
import { readApiError } from '@/lib/api-errors';

interface VerifyEmailStepProps {
  customer: Customer;
  onSaved: (customer: Customer) => void;
  onContinue: () => void;
}

const OTP_LENGTH = 6;

/** Step 1: the code mailed at sign-up (or resent) verifies the email address. */
export function VerifyEmailStep({ customer, onSaved, onContinue }: VerifyEmailStepProps) {
  const { t } = useTranslation();
  const verify = useVerifyEmailAddress();
  const resend = useResendEmailVerification();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [resendError, setResendError] = useState<string | null>(null);
  const email = customer.account.email;

  if (customer.account.is_email_verified) {
    return (
      <>
        <Alert tone="success">{t('onboarding.verifyEmail.verified', { email })}</Alert>
        <FormActions layout="spread" className="mt-8">
          <Button onClick={onContinue}>{t('onboarding.actions.continue')}</Button>
        </FormActions>
      </>
    );
  }

  async function submit(code: string) {
    if (verify.isPending) return;
    if (code.length !== OTP_LENGTH) {
      setError(t('onboarding.verifyEmail.codeRequired'));
      return;
    }
    setError(undefined);
    try {
      onSaved(await verify.mutateAsync({ otp: code }));
    } catch (e) {
      const apiError = await readApiError(e);
      setError(apiError.fieldErrors.otp ?? apiError.message ?? t('errors.generic'));
    }
  }

  async function onResend() {
    setResendError(null);
    try {
      return await resend.mutateAsync();
    } catch (e) {
      const apiError = await readApiError(e);
      setResendError(apiError.message ?? t('onboarding.verifyEmail.resendError'));
      throw e;
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(otp);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('onboarding.verifyEmail.heading')}>
      <p className="text-slate-700">{t('onboarding.verifyEmail.intro', { email })}</p>
      <OtpInput
        className="mt-6"
        label={t('onboarding.verifyEmail.codeLabel')}
        value={otp}
        onChange={(value) => {
          setOtp(value);
          if (error) setError(undefined);
        }}
        onComplete={(value) => void submit(value)}
        length={OTP_LENGTH}
        error={error}
        hint={t('onboarding.verifyEmail.codeHint')}
        disabled={verify.isPending}
        testId="email-otp"
      />
      <div className="mt-4">
        <ResendButton availableIn={0} onResend={onResend} testId="resend-email-code" />
      </div>
      {resendError && (
        <Alert tone="error" className="mt-3">
          {resendError}
        </Alert>
      )}
      <FormActions layout="spread" className="mt-8">
        <Button type="submit" loading={verify.isPending}>
          {t('onboarding.verifyEmail.submit')}
        </Button>
      </FormActions>
    </form>
  );
}
