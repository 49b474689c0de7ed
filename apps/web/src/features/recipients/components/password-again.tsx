import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { PasswordField } from '@/components/ui/password-field';
import { usePasswordConfirmation } from '@/lib/use-password-confirmation';

interface PasswordAgainProps {
  /** Sends the same request again with the password; a rejection is shown here. */
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The password again before saving a recipient more than 10 minutes after signing in
 * (docs/product/auth-and-sessions.md#password-again-after-10-minutes), inside the recipient form (so
 * a group, not a form of its own): Enter in the field confirms. A wrong password (422) or a repeated
 * 403 shows under the field, anything else above it.
 */
export function PasswordAgain({ onSubmit, onCancel }: PasswordAgainProps) {
  const { t } = useTranslation();
  const id = useId();
  const introId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { password, setPassword, error, failure, pending, confirm } = usePasswordConfirmation(
    onSubmit,
    { required: t('recipients.password.required'), failed: t('recipients.form.saveError') },
    { focusOnFailure: true },
  );

  return (
    <div
      role="group"
      aria-labelledby={introId}
      className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      data-testid="password-again"
    >
      <p id={introId} className="text-sm text-slate-800">
        {t('recipients.password.intro')}
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <PasswordField
        ref={inputRef}
        id={id}
        label={t('recipients.password.label')}
        toggleLabel={t('recipients.password.show')}
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void confirm(inputRef.current);
          }
        }}
        error={error ?? undefined}
      />
      <FormActions secondary={{ label: t('recipients.cancel'), onClick: onCancel, disabled: pending }}>
        <Button loading={pending} onClick={() => void confirm(inputRef.current)}>
          {t('recipients.password.confirm')}
        </Button>
      </FormActions>
    </div>
  );
}
