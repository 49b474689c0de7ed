import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** Shown while a lazy route chunk loads on first paint. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner label={t('app.loading')} />
    </main>
  );
}
