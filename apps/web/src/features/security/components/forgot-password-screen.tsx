import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { AuthLayout } from '@/components/ui/auth-layout';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useForgotPassword } from '../api/forgot-password';
import { readApiError } from '@/lib/api-errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** forgotPassword: always the same confirmation, whether or not the email has an account. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure(null);
    const value = email.trim();
    const clientError = !value ? t('form.emailRequired') : EMAIL.test(value) ? null : t('form.emailInvalid');
    setEmailError(clientError);
    if (clientError) {
      e.currentTarget.querySelector('input')?.focus();
      return;
    }
    try {
      await forgot.mutateAsync({ email: value });
      setSent(true);
    } catch (error) {
      const apiError = await readApiError(error);
      if (apiError.status === 422) {
        setEmailError(apiError.fieldErrors.email ?? apiError.message ?? t('form.emailInvalid'));
      } else if (apiError.status === 429) {
        setFailure(apiError.message ?? t('security.mfa.tooManyRequests'));
      } else {
        // Never reveal whether the account exists: any other answer shows the same confirmation.
        setSent(true);
      }
    }
  }

  const footer = (
    <p>
      <TextLink to={paths.signIn.getHref()}>{t('security.forgot.backToSignIn')}</TextLink>
    </p>
  );

  if (sent) {
    return (
      <AuthLayout heading={t('security.forgot.heading')} footer={footer}>
        <Alert tone="success" title={t('security.forgot.sentTitle')} testId="forgot-password-sent">
          {t('security.forgot.sent')}
        </Alert>
        <Button
          variant="secondary"
          fullWidth
          className="mt-6"
          onClick={() => {
            setSent(false);
            setEmail('');
          }}
        >
          {t('security.forgot.tryAgain')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout heading={t('security.forgot.heading')} intro={t('security.forgot.intro')} footer={footer}>
      {failure && (
        <Alert tone="error" className="mb-5" testId="forgot-password-failure">
          {failure}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="space-y-5"
        aria-label={t('security.forgot.heading')}
      >
        <EmailField
          name="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError ?? undefined}
        />
        <Button type="submit" fullWidth loading={forgot.isPending}>
          {t('security.forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
