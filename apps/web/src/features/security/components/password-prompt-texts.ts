import type { TFunction } from 'i18next';
import type { PasswordPromptTexts } from '@/components/ui/password-prompt';

/** The settings' words for the password prompt (components/ui/password-prompt.tsx). */
export const passwordPromptTexts = (t: TFunction): PasswordPromptTexts => ({
  label: t('security.settings.passwordPrompt.label'),
  show: t('security.settings.passwordPrompt.show'),
  required: t('security.settings.passwordPrompt.required'),
  cancel: t('security.settings.cancel'),
});
