import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useCustomer } from '@/lib/customer-store';
import { ChangePasswordForm } from './change-password-form';
import { MfaSettingsSection } from './mfa-settings-section';

const sectionClass = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8';

function ProfileSummary() {
  const { t } = useTranslation();
  const profile = useCustomer();
  let body;
  if (profile.isPending) {
    body = <Spinner label={t('app.loading')} />;
  } else if (profile.isError) {
    body = (
      <div className="space-y-3">
        <Alert tone="error">{t('security.settings.loadError')}</Alert>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t('security.settings.retry')}
        </Button>
      </div>
    );
  } else {
    const c = profile.data;
    const name = c.whole_name ?? ([c.name, c.second_name, c.third_name].filter(Boolean).join(' ') || null);
    body = (
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-700">{t('security.settings.profile.name')}</dt>
          <dd className="mt-0.5 text-base break-words text-slate-900">{name ?? t('security.settings.profile.notProvided')}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{t('security.settings.profile.email')}</dt>
          <dd className="mt-0.5 text-base break-all text-slate-900" data-testid="profile-email">
            {c.account.email}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{t('security.settings.profile.emailStatus')}</dt>
          <dd className="mt-0.5 text-base text-slate-900" data-testid="profile-email-status">
            {c.account.is_email_verified ? t('security.settings.profile.verified') : t('security.settings.profile.notVerified')}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{t('security.settings.profile.crn')}</dt>
          <dd className="mt-0.5 font-mono text-base text-slate-900" data-testid="profile-crn">
            {c.crn}
          </dd>
        </div>
      </dl>
    );
  }
  return (
    <section aria-labelledby="profile-heading" className={sectionClass}>
      <h2 id="profile-heading" className="text-xl font-semibold text-slate-900">
        {t('security.settings.profile.heading')}
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}

/** The settings screen: profile summary, security (password, MFA) and language. */
export function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('security.settings.heading')}</h1>
      <ProfileSummary />
      <section aria-labelledby="security-heading" className={sectionClass}>
        <h2 id="security-heading" className="text-xl font-semibold text-slate-900">
          {t('security.settings.security.heading')}
        </h2>
        <div className="mt-4 space-y-6">
          <ChangePasswordForm />
          <MfaSettingsSection />
          <p className="border-t border-slate-200 pt-6">
            <TextLink to={paths.devices.getHref()}>{t('screens.devices')}</TextLink>
          </p>
        </div>
      </section>
      <section aria-labelledby="language-heading" className={sectionClass}>
        <h2 id="language-heading" className="text-xl font-semibold text-slate-900">
          {t('security.settings.language.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('security.settings.language.intro')}</p>
        <div className="mt-4">
          <LanguageSwitcher />
        </div>
      </section>
    </div>
  );
}
