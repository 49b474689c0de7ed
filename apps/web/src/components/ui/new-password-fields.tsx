import type { PasswordPolicy } from '@remit/contract';
import { Suspense, useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';
import { Spinner } from './spinner';
import type { TextFieldProps } from './text-field';

/** What a form library's register(name) spreads on an input: react-hook-form's or lib/use-form's. */
export type PasswordInputProps = Omit<TextFieldProps, 'label' | 'error' | 'describedBy' | 'endAdornment' | 'type'>;

export interface NewPasswordFieldsLabels {
  password: string;
  showPassword: string;
  confirm: string;
  showConfirm: string;
}

interface NewPasswordFieldsProps {
  /** Sign-up says "Password", the other screens "New password". */
  labels: NewPasswordFieldsLabels;
  /** The server's password policy: a spinner while it loads, the checklist once it is there. */
  policy: { isPending: boolean; data: PasswordPolicy | undefined };
  /** The live checklist; sign-up passes a lazy one, so it renders inside Suspense. */
  Checklist: ComponentType<{ id: string; policy: PasswordPolicy; password: string }>;
  /** What has been typed so far, which the checklist checks. */
  password: string;
  passwordInput: PasswordInputProps;
  confirmInput: PasswordInputProps;
  passwordError: string | undefined;
  confirmError: string | undefined;
  /** Id of the checklist, which describes the password input. */
  checklistId?: string;
}

function PolicySpinner() {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex items-center gap-2 text-sm text-slate-700">
      <Spinner label={t('signUp.loadingPolicy')} size="sm" />
    </div>
  );
}

/**
 * A new password with the live checklist of the policy's rules
 * (docs/product/auth-and-sessions.md#password-checklist; neutral before typing, then passed or
 * failed), and its confirmation; each with a show/hide toggle. Used by sign-up, reset password and
 * change password; the form library stays with the screen.
 */
export function NewPasswordFields({
  labels,
  policy,
  Checklist,
  password,
  passwordInput,
  confirmInput,
  passwordError,
  confirmError,
  checklistId,
}: NewPasswordFieldsProps) {
  const autoId = useId();
  const listId = checklistId ?? autoId;
  return (
    <>
      <div>
        <PasswordField
          label={labels.password}
          toggleLabel={labels.showPassword}
          autoComplete="new-password"
          error={passwordError}
          describedBy={policy.data ? listId : undefined}
          {...passwordInput}
        />
        {policy.isPending && <PolicySpinner />}
        {policy.data && (
          <Suspense fallback={<PolicySpinner />}>
            <Checklist id={listId} policy={policy.data} password={password} />
          </Suspense>
        )}
      </div>
      <PasswordField
        label={labels.confirm}
        toggleLabel={labels.showConfirm}
        autoComplete="new-password"
        error={confirmError}
        {...confirmInput}
      />
    </>
  );
}
