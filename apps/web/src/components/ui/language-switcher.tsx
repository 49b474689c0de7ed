import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, SUPPORTED_LANGUAGES, type Language } from '@/lib/i18n';

const names: Record<Language, string> = { en: 'English', fr: 'Français' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="inline-flex items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id}>{t('app.language')}</label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? 'en'}
        onChange={(e) =>
          // The new language's texts load first; if they cannot, the page stays in the current one.
          void changeLanguage(e.target.value as Language).catch((error: unknown) =>
            console.error('Could not switch language', error),
          )
        }
        className="rounded-lg border border-slate-400 bg-white px-2 py-1 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {SUPPORTED_LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {names[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
