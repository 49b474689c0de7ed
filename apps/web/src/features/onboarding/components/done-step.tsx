import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ButtonLink } from './button-link';
import { StepActions } from './step-actions';

/** Step 7: the completion panel, on to account verification (documents) or the dashboard. */
export function DoneStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="onboarding-complete">
      <p className="text-slate-700">{t('onboarding.done.body')}</p>
      <StepActions onBack={onBack}>
        <ButtonLink variant="secondary" to={paths.dashboard.getHref()}>
          {t('onboarding.done.dashboard')}
        </ButtonLink>
        <ButtonLink to={paths.accountVerification.getHref()}>{t('onboarding.done.verifyAccount')}</ButtonLink>
      </StepActions>
    </div>
  );
}
