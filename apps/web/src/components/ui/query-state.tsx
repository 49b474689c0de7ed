import { useTranslation } from 'react-i18next';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** Loading state of a query: a labelled spinner. */
export function QueryLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-8">
      <Spinner label={label} />
    </div>
  );
}

interface QueryErrorProps {
  /** What failed, e.g. "We couldn’t load your tasks." */
  message: string;
  onRetry: () => void;
  /** The retry button shows its spinner (a refetch is running). */
  retrying?: boolean;
  testId?: string;
}

/** Error state of a query: what failed and a retry. */
export function QueryError({ message, onRetry, retrying = false, testId }: QueryErrorProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3" data-testid={testId}>
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </div>
  );
}
