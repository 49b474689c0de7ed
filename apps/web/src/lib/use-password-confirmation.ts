import { PASSWORD_CONFIRMATION_REQUIRED } from '@remit/contract';
import { useState } from 'react';
import { readShownError } from '@/lib/api-errors';

interface PasswordConfirmationTexts {
  /** Shown under the field when it is empty. */
  required: string;
  /** Shown above the field when the call fails for another reason without a message. */
  failed: string;
}

/**
 * The state and the submit of a password re-entry before a sensitive change
 * (docs/product/auth-and-sessions.md#password-again-after-10-minutes): an empty field, a 422 on
 * `password` or a 403 password_confirmation_required shows under the field (and focuses it); anything
 * else goes to `failure` (the field is focused too when `focusOnFailure`). A 401 is left to the http
 * client, which signs the customer out.
 */
export function usePasswordConfirmation(
  onSubmit: (password: string) => Promise<unknown>,
  texts: PasswordConfirmationTexts,
  options: { focusOnFailure?: boolean } = {},
) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm(input: HTMLInputElement | null | undefined): Promise<void> {
    setFailure(null);
    if (!password) {
      setError(texts.required);
      input?.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onSubmit(password);
    } catch (err) {
      const apiError = await readShownError(err);
      if (!apiError) return;
      if (apiError.status === 422 && apiError.fieldErrors.password) {
        setError(apiError.fieldErrors.password);
        input?.focus();
      } else if (apiError.status === 403 && apiError.code === PASSWORD_CONFIRMATION_REQUIRED) {
        setError(apiError.message ?? texts.required);
        input?.focus();
      } else {
        setFailure(apiError.message ?? texts.failed);
        if (options.focusOnFailure) input?.focus();
      }
    } finally {
      setPending(false);
    }
  }

  return { password, setPassword, error, failure, pending, confirm };
}
