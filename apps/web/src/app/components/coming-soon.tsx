import { useTranslation } from 'react-i18next';
import type en from '@/locales/en/common';

export type ScreenKey = Exclude<keyof (typeof en)['screens'], 'comingSoon'>;

/** Shell of a screen a later issue builds: its title and a short note. */
export function ComingSoon({ screen }: { screen: ScreenKey }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {t(`screens.${screen}`)}
      </h1>
      <p className="mt-2 text-slate-700" data-testid="coming-soon">
        {t('screens.comingSoon')}
      </p>
    </section>
  );
}
