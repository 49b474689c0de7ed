import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { PasswordChecklist } from '@/components/ui/password-checklist';
import { usePasswordPolicy } from '@/lib/password-policy';

interface NewPasswordValues {
  password: string;
  confirm_password: string;
}

/** New password and confirmation of the reset and change-password forms (inside their FormProvider). */
export function NewPasswordFormFields() {
  const { t } = useTranslation();
  const policy = usePasswordPolicy();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<NewPasswordValues>();
  const password = useWatch({ control, name: 'password' });
  return (
    <NewPasswordFields
      labels={{
        password: t('security.reset.newPassword'),
        showPassword: t('security.reset.showNewPassword'),
        confirm: t('security.reset.confirmPassword'),
        showConfirm: t('security.reset.showConfirmPassword'),
      }}
      policy={policy}
      Checklist={PasswordChecklist}
      password={password}
      passwordInput={register('password')}
      confirmInput={register('confirm_password')}
      passwordError={errors.password?.message}
      confirmError={errors.confirm_password?.message}
    />
  );
}
