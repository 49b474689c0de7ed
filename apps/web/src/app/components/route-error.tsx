import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AuthLayout } from '@/components/ui/auth-layout';
import { Button } from '@/components/ui/button';
import { NotFoundPage } from './not-found-page';

/** Error state of any route (a chunk that failed to load, a render error), with a retry. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <AuthLayout heading={t('errors.heading')}>
      <div role="alert">
        <p className="text-slate-700">{t('errors.body')}</p>
      </div>
      <Button className="mt-6" fullWidth onClick={() => window.location.reload()}>
        {t('errors.retry')}
      </Button>
    </AuthLayout>
  );
}
