import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/ui/auth-layout';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';

/** "Page not found" with a link back home: unknown paths and 404 route errors. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout heading={t('errors.notFoundHeading')}>
      <p className="text-slate-700">{t('errors.notFoundBody')}</p>
      <p className="mt-6">
        <TextLink to={paths.signIn.getHref()}>{t('errors.backHome')}</TextLink>
      </p>
    </AuthLayout>
  );
}
