import { RATE_ALERTS_MAX, type RateAlert } from '@remit/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { StatusChip } from '@/components/ui/status-chip';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useDestinations } from '@/lib/corridors';
import { formatDate } from '@/lib/format-date';
import { formatRate } from '@/lib/format-rate';
import { useDeleteRateAlert, useRateAlerts, useUpdateRateAlert } from '../api/rate-alerts';
import { calculatorHref } from '../lib/calculator-href';
import { ScreenHeader } from '@/components/ui/screen-header';

const TONES: Record<RateAlert['status'], string> = {
  active: 'bg-blue-100 px-2.5 text-blue-900',
  paused: 'bg-slate-200 px-2.5 text-slate-800',
  triggered: 'bg-green-100 px-2.5 text-green-900',
};

/**
 * Rate alerts (docs/product/rate-alerts.md): the customer's alerts, newest first, each with pause or
 * resume (a reached one is watched again) and delete. Live: `RateAlertTriggered` refreshes the list.
 */
export function RateAlertsScreen() {
  const { t } = useTranslation();
  const alerts = useRateAlerts();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);

  let body;
  if (alerts.data) {
    body =
      alerts.data.length === 0 ? (
        <div className="space-y-4" data-testid="rate-alerts-empty">
          <p className="text-slate-700">{t('rateAlerts.empty')}</p>
          <ButtonLink to={paths.dashboard.getHref()} variant="secondary">
            {t('rateAlerts.toDashboard')}
          </ButtonLink>
        </div>
      ) : (
        <>
          <ul aria-label={t('rateAlerts.listLabel')} className="divide-y divide-slate-200" data-testid="rate-alerts">
            {alerts.data.map((alert) => (
              <RateAlertItem
                key={alert.id}
                alert={alert}
                onDone={(text, moveFocus) => {
                  setNotice(text);
                  if (moveFocus) headingRef.current?.focus();
                }}
              />
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-700">{t('rateAlerts.limitNote', { max: String(RATE_ALERTS_MAX) })}</p>
        </>
      );
  } else if (alerts.isError) {
    body = (
      <QueryError
        message={t('rateAlerts.loadError')}
        retrying={alerts.isFetching}
        onRetry={() => void alerts.refetch()}
        testId="rate-alerts-error"
      />
    );
  } else {
    body = <QueryLoading label={t('rateAlerts.loading')} />;
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <ScreenHeader
        heading={t('rateAlerts.heading')}
        intro={t('rateAlerts.intro')}
        notice={notice}
        noticeTestId="rate-alerts-notice"
        headingRef={headingRef}
      />
      <Card className="p-5 sm:p-8">{body}</Card>
    </div>
  );
}

function RateAlertItem({ alert, onDone }: { alert: RateAlert; onDone: (text: string, moveFocus: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const destinations = useDestinations();
  const update = useUpdateRateAlert();
  const remove = useDeleteRateAlert();
  const [failed, setFailed] = useState(false);
  const source = alert.source_currency;
  const target = alert.target_currency;
  const rate = formatRate(alert.target_rate, locale);
  const country = destinations.data?.find((d) => d.country === alert.target_country)?.name ?? alert.target_country;
  const label = (action: string) => t('rateAlerts.actionLabel', { action, source, target, rate });

  const setStatus = (status: 'active' | 'paused') => {
    setFailed(false);
    update.mutate(
      { id: alert.id, body: { status } },
      {
        onSuccess: () => onDone(t(status === 'paused' ? 'rateAlerts.paused' : 'rateAlerts.resumed'), false),
        onError: () => setFailed(true),
      },
    );
  };
  const onDelete = () => {
    setFailed(false);
    remove.mutate(alert.id, {
      onSuccess: () => onDone(t('rateAlerts.deleted'), true),
      onError: () => setFailed(true),
    });
  };

  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0" data-testid="rate-alert" data-alert-id={alert.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{t('rateAlerts.when', { source, target, rate })}</p>
          <p className="text-sm text-slate-700">{t('rateAlerts.corridor', { source, target, country })}</p>
          <p className="text-sm text-slate-700">
            {alert.status === 'triggered' && alert.triggered_at
              ? t('rateAlerts.reachedOn', { date: formatDate(alert.triggered_at, locale) })
              : t('rateAlerts.createdOn', { date: formatDate(alert.created_at, locale) })}
          </p>
        </div>
        <StatusChip status={alert.status} tone={TONES[alert.status]} testId="rate-alert-status">
          {t(`rateAlerts.status.${alert.status}`)}
        </StatusChip>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {alert.status === 'triggered' && (
          <TextLink to={calculatorHref(alert)} className="mr-2">
            {t('rateAlerts.getQuote')}
          </TextLink>
        )}
        {alert.status === 'active' ? (
          <Button
            variant="secondary"
            loading={update.isPending}
            aria-label={label(t('rateAlerts.pause'))}
            onClick={() => setStatus('paused')}
          >
            {t('rateAlerts.pause')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            loading={update.isPending}
            aria-label={label(t(alert.status === 'paused' ? 'rateAlerts.resume' : 'rateAlerts.rearm'))}
            onClick={() => setStatus('active')}
          >
            {t(alert.status === 'paused' ? 'rateAlerts.resume' : 'rateAlerts.rearm')}
          </Button>
        )}
        <Button
          variant="ghost"
          loading={remove.isPending}
          aria-label={label(t('rateAlerts.delete'))}
          onClick={onDelete}
        >
          {t('rateAlerts.delete')}
        </Button>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {t('rateAlerts.actionError')}
        </p>
      )}
    </li>
  );
}
