import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { FormActions } from '@/components/ui/form-actions';
import { paths } from '@/config/paths';

/** Step 7: the completion panel, on to account verification (documents) or the dashboard. */
export function DoneStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="onboarding-complete">
      <p className="text-slate-700">{t('onboarding.done.body')}</p>
      <FormActions
        layout="spread"
        className="mt-8"
        secondary={{ label: t('onboarding.actions.back'), onClick: onBack }}
      >
        <ButtonLink variant="secondary" to={paths.dashboard.getHref()}>
          {t('onboarding.done.dashboard')}
        </ButtonLink>
        <ButtonLink to={paths.accountVerification.getHref()}>{t('onboarding.done.verifyAccount')}</ButtonLink>
      </FormActions>
    </div>
  );
}
