import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

interface FormActionsProps {
  submitLabel: string;
  /** The submit button shows its spinner; Cancel waits. */
  pending: boolean;
  onCancel: () => void;
}

/** The submit and Cancel buttons closing the forms of the settings screen. */
export function FormActions({ submitLabel, pending, onCancel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {t('security.settings.cancel')}
      </Button>
    </div>
  );
}
