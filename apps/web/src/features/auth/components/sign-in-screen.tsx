import type { Customer } from '@remit/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { AuthLayout } from '@/components/ui/auth-layout';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmailField } from '@/components/ui/email-field';
import { PasswordField } from '@/components/ui/password-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { PasskeySignIn } from '@/features/passkeys';
import { loadApi } from '@/lib/api-loader';
import { useForm } from '@/lib/use-form';
import { signIn } from '../api/sign-in';

/** The sign-in screen (docs/product/screens.md#sign-in-screen). */
export function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  // The zod schema loads on the first submit, not with the page.
  const loadValidator = useCallback(() => import('./form-schemas').then((m) => m.signInValidator(t)), [t]);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const { register, handleSubmit, errors } = useForm({ loadValidator, defaultValues: { email: '', password: '' } });

  /**
   * Store the customer (docs/product/auth-and-sessions.md#states-and-transitions) and move on; a
   * passkey sign-in continues the same way. The store (and TanStack Query) loads now, not with the page.
   */
  const continueAfterSignIn = async (customer: Customer) => {
    const store = await import('@/lib/customer-store');
    store.storeCustomer(customer);
    await navigate(
      store.needsMultiFactorAuth(customer) ? paths.multiFactorAuth.getHref() : paths.onboardingWorkflow.getHref(),
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setPending(true);
    try {
      await continueAfterSignIn(await signIn(values));
    } catch (error) {
      // Any failure shows the response's message under 'Login failed' (docs/product/api.md#error-catalogue).
      const apiError = await loadApi().then(
        ({ readApiError }) => readApiError(error),
        () => null,
      );
      setFailure(apiError?.message ?? t('errors.generic'));
    } finally {
      setPending(false);
    }
  });

  const referer = searchParams.get('referer');
  const notice =
    referer === 'change-password'
      ? t('signIn.refererChangePassword')
      : referer === 'reset-password'
        ? t('signIn.refererResetPassword')
        : null;

  return (
    <AuthLayout
      heading={t('signIn.heading')}
      intro={t('signIn.intro')}
      footer={
        <p>
          {t('signIn.noAccount')} <TextLink to={paths.signUp.getHref()}>{t('signIn.signUpInstead')}</TextLink>
        </p>
      }
    >
      {notice && (
        <Alert tone="info" className="mb-5" testId="sign-in-notice">
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert tone="error" title={t('signIn.loginFailed')} className="mb-5" testId="login-failed">
          {failure}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('signIn.heading')}>
        <EmailField autoComplete="username webauthn" error={errors.email} {...register('email')} />
        <PasswordField
          label={t('form.password')}
          toggleLabel={t('form.showPassword')}
          autoComplete="current-password"
          error={errors.password}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* 'Remember me' has no effect (docs/product/screens.md#sign-in-screen). */}
          <Checkbox name="remember" label={t('signIn.rememberMe')} />
          <TextLink to={paths.forgotPassword.getHref()} className="text-sm">
            {t('signIn.forgotPassword')}
          </TextLink>
        </div>
        <Button type="submit" fullWidth loading={pending}>
          {t('signIn.submit')}
        </Button>
      </form>
      {/* Passkeys (docs/product/auth-and-sessions.md#passkeys): the email field offers them in its
          autofill where the browser can, and a button below the form. */}
      <PasskeySignIn onSignedIn={continueAfterSignIn} onFailure={setFailure} />
    </AuthLayout>
  );
}
