import type { Tracking, TransactionStatus } from '@remit/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { AuthLayout } from '@/components/ui/auth-layout';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { toApiError } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/lib/format-money';
import { FINAL_STATUSES, trackingQueryOptions } from '../../api/get-tracking';
import { ExpectedArrival } from '../delays/expected-arrival';

/** The normal way of a transfer, as the recipient sees it: each step and the status that marks it done. */
const STEPS = [
  { key: 'confirmed', statuses: ['awaiting_payment'] },
  { key: 'paid', statuses: ['paid'] },
  { key: 'processing', statuses: ['processing'] },
  { key: 'completed', statuses: ['completed'] },
] as const satisfies readonly { key: string; statuses: readonly TransactionStatus[] }[];

/** Statuses off the normal way: explained in words under the steps. */
const OFF_TRACK: readonly TransactionStatus[] = ['returned', 'refunded', 'cancelled', 'expired', 'payment_failed'];

/**
 * The public tracking page `/track/{token}` (docs/product/money-movement.md#tracking): no account
 * needed. Only what the api answers: the status as steps with their times, what the recipient gets,
 * their first name and the delivery estimate. Refreshes every 30 s until the transfer is final.
 */
export function TrackingScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const query = useQuery(trackingQueryOptions(token));
  if (query.data) return <TrackingPage tracking={query.data} />;
  if (query.isError) {
    const status = toApiError(query.error).status;
    if (status === 404) {
      return (
        <AuthLayout heading={t('tracking.notFoundHeading')}>
          <Alert tone="error" testId="tracking-not-found">
            {t('tracking.notFound')}
          </Alert>
        </AuthLayout>
      );
    }
    return (
      <AuthLayout heading={t('tracking.heading')}>
        <QueryError
          message={t('tracking.error')}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
          testId="tracking-error"
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout heading={t('tracking.heading')}>
      <QueryLoading label={t('tracking.loading')} />
    </AuthLayout>
  );
}

function TrackingPage({ tracking }: { tracking: Tracking }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const name = tracking.recipient_first_name;
  const reached = (statuses: readonly TransactionStatus[]) =>
    tracking.timeline.filter((entry) => statuses.includes(entry.status)).at(-1);
  const offTrack = OFF_TRACK.includes(tracking.status);
  return (
    <AuthLayout heading={t('tracking.onItsWay', { name })}>
      <div className="space-y-6" data-testid="tracking">
        <dl className="divide-y divide-slate-200 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <dt className="text-slate-700">{t('tracking.receives', { name })}</dt>
            <dd className="text-base font-semibold text-slate-900" data-testid="tracking-amount">
              {formatAmount(tracking.amount, tracking.currency, locale)}
            </dd>
          </div>
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <dt className="text-slate-700">{t('tracking.estimate')}</dt>
            <dd className="break-words text-slate-900">{tracking.delivery_estimate}</dd>
          </div>
          <div className="py-2">
            <dt className="text-slate-700">{t('tracking.status')}</dt>
            <dd
              className={offTrack ? 'mt-1 font-semibold text-amber-900' : 'mt-1 font-semibold text-slate-900'}
              aria-live="polite"
              aria-atomic="true"
              data-testid="tracking-status"
            >
              {t(`tracking.state.${tracking.status}`)}
            </dd>
          </div>
        </dl>
        <ExpectedArrival transfer={tracking} />
        <section aria-labelledby="tracking-steps">
          <h2 id="tracking-steps" className="mb-3 text-lg font-semibold text-slate-900">
            {t('tracking.steps')}
          </h2>
          <ol className="space-y-3" data-testid="tracking-steps">
            {STEPS.map((step) => {
              const entry = step.key === 'confirmed' ? tracking.timeline[0] : reached(step.statuses);
              return (
                <li
                  key={step.key}
                  className={
                    entry ? 'border-l-2 border-blue-700 pl-4' : 'border-l-2 border-dashed border-slate-400 pl-4'
                  }
                  data-done={entry ? 'true' : 'false'}
                >
                  <p className={entry ? 'font-semibold text-slate-900' : 'font-semibold text-slate-700'}>
                    {t(`tracking.step.${step.key}`)}
                  </p>
                  <p className="text-sm text-slate-700">
                    {entry ? (
                      <>
                        <span className="sr-only">{t('tracking.stepDone')}: </span>
                        <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
                      </>
                    ) : (
                      t('tracking.stepPending')
                    )}
                  </p>
                </li>
              );
            })}
          </ol>
        </section>
        {!FINAL_STATUSES.includes(tracking.status) && (
          <p className="text-xs text-slate-600">{t('tracking.refreshing')}</p>
        )}
      </div>
    </AuthLayout>
  );
}
