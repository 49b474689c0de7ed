import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Loading state of a query: a labelled spinner. */
export function QueryLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-8">
      <Spinner label={label} />
    </div>
  );
}

/** Error state of a query: what failed and a retry. */
export function QueryError({ message, onRetry, testId }: { message: string; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" data-testid={testId}>
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t('onboarding.retry')}
      </Button>
    </div>
  );
}
