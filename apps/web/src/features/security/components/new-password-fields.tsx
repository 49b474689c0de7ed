import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '@/components/ui/password-checklist';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { usePasswordPolicy } from '@/lib/password-policy';

interface NewPasswordFieldsProps {
  password: string;
  passwordProps: UseFormRegisterReturn;
  confirmProps: UseFormRegisterReturn;
  passwordError: string | undefined;
  confirmError: string | undefined;
}

/** New password (with the same live checklist as sign-up) and its confirmation, each with show/hide. */
export function NewPasswordFields({ password, passwordProps, confirmProps, passwordError, confirmError }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const policy = usePasswordPolicy();
  const checklistId = useId();
  return (
    <>
      <div>
        <PasswordField
          label={t('security.reset.newPassword')}
          toggleLabel={t('security.reset.showNewPassword')}
          autoComplete="new-password"
          error={passwordError}
          describedBy={policy.data ? checklistId : undefined}
          {...passwordProps}
        />
        {policy.isPending && (
          <div className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            <Spinner label={t('signUp.loadingPolicy')} size="sm" />
          </div>
        )}
        {policy.data && <PasswordChecklist id={checklistId} policy={policy.data} password={password} />}
      </div>
      <PasswordField
        label={t('security.reset.confirmPassword')}
        toggleLabel={t('security.reset.showConfirmPassword')}
        autoComplete="new-password"
        error={confirmError}
        {...confirmProps}
      />
    </>
  );
}
