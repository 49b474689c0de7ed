import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useLimits } from '../api/get-limits';
import { formatAmount } from '@/lib/format-money';

/**
 * The dashboard's line about the 30-day limit ("Limits: £250.00 of £25,000.00 used"), linking to the
 * limits screen. Before the figures arrive, or when they cannot be loaded, it is just the link.
 */
export function LimitsSummary({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const limits = useLimits();
  const rolling = limits.data?.rolling_30_days;
  const text = rolling
    ? t('limits.summary.used', {
        used: formatAmount(rolling.used, rolling.currency, i18n.language),
        limit: formatAmount(rolling.amount, rolling.currency, i18n.language),
      })
    : t('limits.summary.link');
  return (
    <p className={cn('text-sm', className)} data-testid="limits-summary">
      <TextLink to={paths.limits.getHref()}>{text}</TextLink>
    </p>
  );
}
