import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { PasswordField } from '@/components/ui/password-field';
import { usePasswordConfirmation } from '@/lib/use-password-confirmation';

/** The prompt's words, from the feature that shows it. */
export interface PasswordPromptTexts {
  label: string;
  show: string;
  /** Under the field when it is empty. */
  required: string;
  cancel: string;
}

interface PasswordPromptProps {
  id: string;
  intro: string;
  submitLabel: string;
  texts: PasswordPromptTexts;
  /** Runs the protected call; a rejection is mapped to messages here. */
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
  testId?: string;
}

/**
 * Password re-entry before a sensitive change
 * (docs/product/auth-and-sessions.md#password-again-after-10-minutes), in the words of the feature
 * that asks (settings, a large transfer). A 403
 * password_confirmation_required or a 422 on `password` shows under the field; anything else in an
 * alert.
 */
export function PasswordPrompt({ id, intro, submitLabel, texts, onSubmit, onCancel, testId }: PasswordPromptProps) {
  const { t } = useTranslation();
  const { password, setPassword, error, failure, pending, confirm } = usePasswordConfirmation(onSubmit, {
    required: texts.required,
    failed: t('errors.generic'),
  });

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = e.currentTarget.querySelector<HTMLInputElement>('input[type="password"], input[type="text"]');
    void confirm(input);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" data-testid={testId}>
      <p className="text-sm text-slate-700">{intro}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <PasswordField
        id={id}
        label={texts.label}
        toggleLabel={texts.show}
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error ?? undefined}
      />
      <FormActions secondary={{ label: texts.cancel, onClick: onCancel, disabled: pending }}>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
