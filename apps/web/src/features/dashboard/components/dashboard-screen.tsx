import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { LimitsSummary } from '@/features/limits';
import { TasksPanel } from '@/features/onboarding';
import { RateAlertAction } from '@/features/rate-alerts';
import { ScheduledTransfersPanel } from '@/features/scheduled-transfers';
import { QuoteCalculator, TransferList } from '@/features/transfers';
import { useCorridors } from '@/lib/corridors';
import { useCustomer } from '@/lib/customer-store';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RECENT, recentTransfersQueryOptions } from '../api/prefetch-dashboard';

/**
 * The dashboard (docs/product/screens.md#routes): a greeting, the transfers feature's calculator (with
 * "Send again" to recent recipients, and `?send_again={recipientId}` preselecting one, fetched
 * through the recipients feature when not recent), what is used of the
 * 30-day limit (a link to the limits screen), the rate alert action under the calculator and a link to
 * the rate alerts (docs/product/rate-alerts.md), what is left to do, and the latest transfers (live: the
 * realtime provider invalidates ['transactions'] on a status change).
 *
 * The calculator comes first: the parts under it are rendered once it is on screen (or could not be),
 * each with its own fixed-height skeleton while its data is on the way, so the calculator appearing
 * never pushes them down (layout shift). Their data is requested with the route's code
 * (prefetchDashboard), not after this renders.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const customer = useCustomer().data;
  const name = customer ? (customer.name ?? customer.account.email) : null;
  const recent = useInfiniteQuery(recentTransfersQueryOptions());
  const recentHeadingId = useId();
  const firstPage = recent.data?.pages[0]?.data;
  const recentTransfers = useMemo(() => firstPage ?? [], [firstPage]);
  // The calculator shows once the corridors are in (the customer is, under the signed-in layout).
  const calculatorSettled = !useCorridors().isPending;
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
      <QuoteCalculator
        recentTransfers={recentTransfers}
        recentLoaded={!recent.isPending}
        quoteExtra={(quote) => (
          <RateAlertAction
            key={`${quote.source_currency}-${quote.target_country}-${quote.target_currency}`}
            quote={quote}
          />
        )}
      />
      {calculatorSettled && (
        <>
          <div className="-mt-3 flex flex-wrap justify-between gap-x-4 gap-y-1 px-1">
            <LimitsSummary />
            <TextLink to={paths.rateAlerts.getHref()}>{t('rateAlerts.heading')}</TextLink>
          </div>
          <TasksPanel />
          <ScheduledTransfersPanel />
          <Card className="p-5 sm:p-8">
            <section aria-labelledby={recentHeadingId} data-testid="recent-transfers">
              <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 id={recentHeadingId} className="text-xl font-bold tracking-tight text-slate-900">
                  {t('dashboard.recent.heading')}
                </h2>
                <TextLink to={paths.transactions.getHref()}>{t('dashboard.recent.viewAll')}</TextLink>
              </div>
              <TransferList query={recent} max={RECENT} emptyHint={t('dashboard.recent.emptyHint')} />
            </section>
          </Card>
        </>
      )}
    </div>
  );
}
