import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Back on the left, the step's main action on the right; stacked (main action first) on a phone. */
export function StepActions({ onBack, children }: { onBack?: (() => void) | undefined; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          {t('onboarding.actions.back')}
        </Button>
      ) : (
        <span />
      )}
      <div className="flex flex-col gap-3 sm:flex-row">{children}</div>
    </div>
  );
}
