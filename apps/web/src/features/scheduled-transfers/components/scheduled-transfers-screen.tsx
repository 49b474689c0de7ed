import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { getRecipient, recipientsQueryKey } from '@/features/recipients';
import { useScheduledTransfers } from '../api/scheduled-transfers';
import { ScheduleForm } from './schedule-form';
import { ScheduleItem } from './schedule-item';
import { ScreenHeader } from '@/components/ui/screen-header';

/**
 * scheduledTransfers, `/scheduled-transfers` (docs/product/scheduled-transfers.md): every schedule
 * with its next date, amount, recipient, frequency, status and last run; pause, resume, change and
 * delete. `?recipient={id}` (from a recipient or "Schedule" on a past transfer, with `amount` and
 * `currency`) opens the form for a new schedule to that recipient.
 */
export function ScheduledTransfersScreen() {
  const { t } = useTranslation();
  const schedules = useScheduledTransfers();
  const [params, setParams] = useSearchParams();
  const recipientId = params.get('recipient');
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const closeForm = (message?: string) => {
    setParams({}, { replace: true });
    if (message) setNotice(message);
    headingRef.current?.focus();
  };

  let body;
  if (schedules.data) {
    body =
      schedules.data.data.length === 0 ? (
        <Card>
          <div className="space-y-3" data-testid="schedules-empty">
            <p className="font-semibold text-slate-900">{t('scheduledTransfers.empty')}</p>
            <p className="text-slate-700">{t('scheduledTransfers.emptyHint')}</p>
            <ButtonLink variant="secondary" to={paths.recipients.getHref()}>
              {t('scheduledTransfers.toRecipients')}
            </ButtonLink>
          </div>
        </Card>
      ) : (
        <ul className="space-y-4" data-testid="schedules-list">
          {schedules.data.data.map((s) => (
            <ScheduleItem key={s.id} schedule={s} onNotice={setNotice} />
          ))}
        </ul>
      );
  } else if (schedules.isError) {
    body = (
      <Card>
        <QueryError
          message={t('scheduledTransfers.loadError')}
          retrying={schedules.isFetching}
          onRetry={() => void schedules.refetch()}
          testId="schedules-error"
        />
      </Card>
    );
  } else {
    body = (
      <Card>
        <QueryLoading label={t('scheduledTransfers.loading')} />
      </Card>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <ScreenHeader
        heading={t('screens.scheduledTransfers')}
        intro={t('scheduledTransfers.intro')}
        notice={notice}
        headingRef={headingRef}
      />
      {recipientId && (
        <NewSchedule
          recipientId={recipientId}
          amount={params.get('amount') ?? undefined}
          currency={params.get('currency') ?? undefined}
          onDone={closeForm}
        />
      )}
      {body}
    </div>
  );
}

/** The form of a new schedule to one recipient, once the recipient is read (404: it is gone). */
function NewSchedule({
  recipientId,
  amount,
  currency,
  onDone,
}: {
  recipientId: string;
  amount: string | undefined;
  currency: string | undefined;
  onDone: (message?: string) => void;
}) {
  const { t } = useTranslation();
  const recipient = useQuery({
    queryKey: [...recipientsQueryKey, 'one', recipientId],
    queryFn: () => getRecipient(recipientId),
    retry: false,
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  const loaded = recipient.data !== undefined;
  useEffect(() => {
    if (loaded) titleRef.current?.focus();
  }, [loaded]);

  return (
    <Card className="p-5 sm:p-8">
      {recipient.data ? (
        <section aria-labelledby="new-schedule-title" className="space-y-4">
          <h2
            id="new-schedule-title"
            ref={titleRef}
            tabIndex={-1}
            className="text-xl font-bold tracking-tight break-words text-slate-900 focus:outline-none"
          >
            {t('scheduledTransfers.newTitle', { name: recipient.data.name })}
          </h2>
          <ScheduleForm
            recipient={recipient.data}
            initial={{ source_amount: amount, source_currency: currency }}
            onCancel={() => onDone()}
            onSaved={() => onDone(t('scheduledTransfers.saved'))}
          />
        </section>
      ) : recipient.isError ? (
        <QueryError
          message={t('scheduledTransfers.recipientMissing')}
          retrying={recipient.isFetching}
          onRetry={() => void recipient.refetch()}
        />
      ) : (
        <QueryLoading label={t('scheduledTransfers.loading')} />
      )}
    </Card>
  );
}
