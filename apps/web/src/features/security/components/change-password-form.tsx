import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { clearCustomer } from '@/lib/customer-store';
import { useChangePassword } from '../api/change-password';
import { readShownError } from '@/lib/api-errors';
import { changePasswordResolver, type ChangePasswordValues } from './form-schemas';
import { NewPasswordFormFields } from './new-password-form-fields';

const FIELDS = ['current_password', 'password', 'confirm_password'] as const;

/**
 * Change password; the api ends every session, so the customer signs in again
 * (docs/product/auth-and-sessions.md#change-password).
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useMemo(() => changePasswordResolver(t), [t]);
  const form = useForm<ChangePasswordValues>({
    resolver,
    defaultValues: { current_password: '', password: '', confirm_password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await change.mutateAsync(values);
      // Leave the signed-in layout first, then forget the customer (else it would refetch and get a 401).
      await navigate(paths.signIn.getHref({}, { referer: 'change-password' }), { replace: true });
      clearCustomer(queryClient);
      queryClient.clear();
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return;
      if (apiError.status === 422 && FIELDS.some((f) => apiError.fieldErrors[f])) {
        for (const field of FIELDS) {
          const message = apiError.fieldErrors[field];
          if (message) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        }
      } else {
        setFailure(apiError.message ?? t('errors.generic'));
      }
    }
  });

  return (
    <section aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="text-lg font-semibold text-slate-900">
        {t('security.settings.changePassword.heading')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('security.settings.changePassword.intro')}</p>
      {failure && (
        <Alert tone="error" className="mt-4" testId="change-password-failure">
          {failure}
        </Alert>
      )}
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={onSubmit}
          className="mt-4 max-w-md space-y-5"
          aria-labelledby="change-password-heading"
        >
          <PasswordField
            label={t('security.settings.changePassword.current')}
            toggleLabel={t('security.settings.changePassword.showCurrent')}
            autoComplete="current-password"
            error={form.formState.errors.current_password?.message}
            {...form.register('current_password')}
          />
          <NewPasswordFormFields />
          <Button type="submit" loading={change.isPending}>
            {t('security.settings.changePassword.submit')}
          </Button>
        </form>
      </FormProvider>
    </section>
  );
}
