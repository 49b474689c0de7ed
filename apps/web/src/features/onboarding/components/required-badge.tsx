import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** "Required" pill of a step whose information is required (docs/product/entities.md#information-required). */
export function RequiredBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="required-badge"
      className={cn(
        'inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300',
        className,
      )}
    >
      {t('onboarding.required')}
    </span>
  );
}
