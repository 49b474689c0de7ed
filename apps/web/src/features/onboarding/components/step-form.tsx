import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';

interface StepFormProps {
  /** The form's accessible name (the step's heading). */
  label: string;
  intro: string;
  /** A smaller line under the intro. */
  note?: string | undefined;
  /** A save failure that no field can show; shown above the fields. */
  failure: string | null;
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onBack: () => void;
  id?: string | undefined;
  children: ReactNode;
}

/** The frame of a step that saves: intro, save failure, the step's fields, then Back and "Save and continue". */
export function StepForm({ label, intro, note, failure, saving, onSubmit, onBack, id, children }: StepFormProps) {
  const { t } = useTranslation();
  return (
    <form id={id} noValidate onSubmit={(e) => void onSubmit(e)} aria-label={label}>
      <p className="text-slate-700">{intro}</p>
      {note && <p className="mt-2 text-sm text-slate-600">{note}</p>}
      {failure && (
        <Alert tone="error" className="mt-4">
          {failure}
        </Alert>
      )}
      {children}
      <FormActions
        layout="spread"
        className="mt-8"
        secondary={{ label: t('onboarding.actions.back'), onClick: onBack }}
      >
        <Button type="submit" loading={saving}>
          {t('onboarding.actions.saveAndContinue')}
        </Button>
      </FormActions>
    </form>
  );
}
