import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

interface LoadErrorProps {
  onRetry: () => void;
  /** What failed; the generic "couldn't load this section" by default. */
  message?: string;
  testId?: string;
}

/** A query that failed: what failed and a retry. */
export function LoadError({ onRetry, message, testId }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3" data-testid={testId}>
      <Alert tone="error">{message ?? t('security.settings.loadError')}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t('security.settings.retry')}
      </Button>
    </div>
  );
}
