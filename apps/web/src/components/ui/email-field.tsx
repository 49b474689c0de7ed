import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './text-field';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'inputMode'>;

/** "Email": the address field of the sign-in, sign-up and forgot-password forms (the email keyboard on phones). */
export function EmailField(props: EmailFieldProps) {
  const { t } = useTranslation();
  return <TextField label={t('form.email')} type="email" inputMode="email" {...props} />;
}
