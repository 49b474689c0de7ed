import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { PasskeysSection } from '@/features/passkeys';
import { ChangePasswordForm } from './change-password-form';
import { MfaSettingsSection } from './mfa-settings-section';
import { ProfileSection } from './profile-section';

const sectionClass = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8';

/** The settings screen: profile and contact details, security (password, MFA) and language. */
export function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('security.settings.heading')}</h1>
      <ProfileSection className={sectionClass} />
      <section aria-labelledby="security-heading" className={sectionClass}>
        <h2 id="security-heading" className="text-xl font-semibold text-slate-900">
          {t('security.settings.security.heading')}
        </h2>
        <div className="mt-4 space-y-6">
          <ChangePasswordForm />
          <MfaSettingsSection />
          <PasskeysSection />
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
