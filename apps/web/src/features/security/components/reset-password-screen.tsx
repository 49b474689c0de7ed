import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { AuthLayout } from '@/components/ui/auth-layout';
import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/reset-password';
import { readApiError } from '@/lib/api-errors';
import { decodeResetToken } from '../lib';
import { resetPasswordResolver, type ResetPasswordValues } from './form-schemas';
import { NewPasswordFormFields } from './new-password-form-fields';

const FIELDS = ['password', 'confirm_password'] as const;

/**
 * resetPassword: the route token is base64(url)-decoded
 * (docs/product/auth-and-sessions.md#forgot-and-reset-password) and sent with the new password.
 */
export function ResetPasswordScreen({ routeToken }: { routeToken: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useMemo(() => decodeResetToken(routeToken), [routeToken]);
  const reset = useResetPassword();
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useMemo(() => resetPasswordResolver(t), [t]);
  const form = useForm<ResetPasswordValues>({ resolver, defaultValues: { password: '', confirm_password: '' } });

  const footer = (
    <p>
      <TextLink to={paths.signIn.getHref()}>{t('security.reset.backToSignIn')}</TextLink>
    </p>
  );

  if (token === null) {
    return (
      <AuthLayout heading={t('security.reset.heading')} footer={footer}>
        <Alert tone="error" title={t('security.reset.invalidLinkTitle')} testId="reset-password-invalid-link">
          <p>{t('security.reset.invalidLink')}</p>
          <p className="mt-2">
            <TextLink to={paths.forgotPassword.getHref()}>{t('security.reset.requestNewLink')}</TextLink>
          </p>
        </Alert>
      </AuthLayout>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setTokenError(null);
    setFailure(null);
    try {
      await reset.mutateAsync({ token, ...values });
      await navigate(paths.signIn.getHref({}, { referer: 'reset-password' }), { replace: true });
    } catch (error) {
      const apiError = await readApiError(error);
      if (apiError.status === 422) {
        if (apiError.fieldErrors.token) setTokenError(apiError.fieldErrors.token);
        for (const field of FIELDS) {
          const message = apiError.fieldErrors[field];
          if (message) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        }
        if (!apiError.fieldErrors.token && !FIELDS.some((f) => apiError.fieldErrors[f])) {
          setFailure(apiError.message ?? t('errors.generic'));
        }
      } else {
        setFailure(apiError.message ?? t('errors.generic'));
      }
    }
  });

  return (
    <AuthLayout heading={t('security.reset.heading')} intro={t('security.reset.intro')} footer={footer}>
      {tokenError && (
        <Alert
          tone="error"
          title={t('security.reset.invalidLinkTitle')}
          className="mb-5"
          testId="reset-password-token-error"
        >
          <p>{tokenError}</p>
          <p className="mt-2">
            <TextLink to={paths.forgotPassword.getHref()}>{t('security.reset.requestNewLink')}</TextLink>
          </p>
        </Alert>
      )}
      {failure && (
        <Alert tone="error" className="mb-5" testId="reset-password-failure">
          {failure}
        </Alert>
      )}
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('security.reset.heading')}>
          <NewPasswordFormFields />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('security.reset.submit')}
          </Button>
        </form>
      </FormProvider>
    </AuthLayout>
  );
}
