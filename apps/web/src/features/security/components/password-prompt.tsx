import { PASSWORD_CONFIRMATION_REQUIRED } from '@remit/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { PasswordField } from '@/components/ui/password-field';
import { readApiError } from '@/lib/api-errors';
import { errorCode } from '../lib';

interface PasswordPromptProps {
  id: string;
  intro: string;
  submitLabel: string;
  /** Runs the protected call; a rejection is mapped to messages here. */
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
  testId?: string;
}

/**
 * Password re-entry before a sensitive change
 * (docs/product/auth-and-sessions.md#password-again-after-10-minutes). A 403
 * password_confirmation_required or a 422 on `password` shows under the field; anything else in an
 * alert.
 */
export function PasswordPrompt({ id, intro, submitLabel, onSubmit, onCancel, testId }: PasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = e.currentTarget.querySelector<HTMLInputElement>('input[type="password"], input[type="text"]');
    setFailure(null);
    if (!password) {
      setError(t('security.settings.passwordPrompt.required'));
      input?.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onSubmit(password);
    } catch (err) {
      const apiError = await readApiError(err);
      if (apiError.status === 401) return;
      if (apiError.status === 422 && apiError.fieldErrors.password) {
        setError(apiError.fieldErrors.password);
        input?.focus();
      } else if (apiError.status === 403 && errorCode(err) === PASSWORD_CONFIRMATION_REQUIRED) {
        setError(apiError.message ?? t('security.settings.passwordPrompt.required'));
        input?.focus();
      } else {
        setFailure(apiError.message ?? t('errors.generic'));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(e)} className="space-y-4" data-testid={testId}>
      <p className="text-sm text-slate-700">{intro}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <PasswordField
        id={id}
        label={t('security.settings.passwordPrompt.label')}
        toggleLabel={t('security.settings.passwordPrompt.show')}
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error ?? undefined}
      />
      <FormActions secondary={{ label: t('security.settings.cancel'), onClick: onCancel, disabled: pending }}>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
