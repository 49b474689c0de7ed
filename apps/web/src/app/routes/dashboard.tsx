import { useTranslation } from 'react-i18next';
import { TasksPanel } from '@/features/onboarding/components/tasks-panel';
import { useCustomer } from '@/lib/customer-store';

/** Route module of dashboard (docs/product/screens.md#routes), loaded on demand: a greeting and what is left to do. */
export function Component() {
  const { t } = useTranslation();
  const customer = useCustomer().data;
  const name = customer ? (customer.name ?? customer.account.email) : null;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <div>
        <h1 tabIndex={-1} className="text-sm font-semibold tracking-wide text-blue-800 uppercase focus:outline-none">
          {t('screens.dashboard')}
        </h1>
        <p
          className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900"
          data-testid="dashboard-greeting"
        >
          {name ? t('onboarding.dashboard.greeting', { name }) : '\u00a0'}
        </p>
        <p className="mt-1.5 text-slate-700">{t('onboarding.dashboard.intro')}</p>
      </div>
      <TasksPanel />
    </div>
  );
}
