import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/ui/auth-layout';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';

/** Any path the seed does not name. */
export function Component() {
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
