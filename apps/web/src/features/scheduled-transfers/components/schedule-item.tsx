import type { ScheduledTransfer, ScheduleStatus } from '@remit/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusChip } from '@/components/ui/status-chip';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { readShownError } from '@/lib/api-errors';
import { useDeleteScheduledTransfer, useSaveScheduledTransfer } from '../api/scheduled-transfers';
import { formatRunDate } from '../lib/schedule-form';
import { ScheduleForm } from './schedule-form';
import { frequencyWords, lastRunWords, scheduleAmount } from './schedule-words';

const TONES: Record<ScheduleStatus, string> = {
  active: 'bg-green-100 px-2.5 text-green-900',
  paused: 'bg-amber-100 px-2.5 text-amber-900',
  ended: 'bg-slate-200 px-2.5 text-slate-800',
};

interface ScheduleItemProps {
  schedule: ScheduledTransfer;
  /** Tells the screen what happened (its live notice). */
  onNotice: (text: string) => void;
}

/** One schedule: what, how often, next date, status, last run; pause or resume, change, delete. */
export function ScheduleItem({ schedule, onNotice }: ScheduleItemProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveScheduledTransfer();
  const remove = useDeleteScheduledTransfer();
  const name = schedule.recipient_name;
  const amount = scheduleAmount(schedule, locale);

  const setStatus = async (status: 'active' | 'paused') => {
    setError(null);
    try {
      await save.mutateAsync({ id: schedule.id, body: { status } });
      onNotice(t(status === 'paused' ? 'scheduledTransfers.paused' : 'scheduledTransfers.resumed'));
    } catch (e) {
      const shown = await readShownError(e);
      if (shown) setError(Object.values(shown.fieldErrors)[0] ?? shown.message ?? t('scheduledTransfers.actionError'));
    }
  };

  const confirmDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync(schedule.id);
      setConfirming(false);
      onNotice(t('scheduledTransfers.deleted'));
    } catch (e) {
      setConfirming(false);
      const shown = await readShownError(e);
      if (shown) setError(shown.message ?? t('scheduledTransfers.actionError'));
    }
  };

  return (
    <li>
      <Card className="p-5 sm:p-6">
        <article aria-labelledby={headingId} data-testid="schedule-item" data-schedule-id={schedule.id}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
              {t('scheduledTransfers.item.heading', { amount, name })}
            </h2>
            <StatusChip status={schedule.status} tone={TONES[schedule.status]} testId="schedule-status">
              {t(`scheduledTransfers.statuses.${schedule.status}`)}
            </StatusChip>
          </div>
          <p className="mt-1 text-sm text-slate-700">
            {schedule.target_amount !== null
              ? t('scheduledTransfers.item.receives', { name, amount })
              : t('scheduledTransfers.item.sends', { amount })}
          </p>
          {editing ? (
            <div className="mt-4">
              <ScheduleForm
                recipient={{
                  id: schedule.recipient_id,
                  name,
                  country: schedule.target_country,
                  currency: schedule.target_currency,
                }}
                schedule={schedule}
                onCancel={() => setEditing(false)}
                onSaved={() => {
                  setEditing(false);
                  onNotice(t('scheduledTransfers.saved'));
                }}
              />
            </div>
          ) : (
            <>
              <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-slate-600">{t('scheduledTransfers.item.frequency')}</dt>
                  <dd className="text-slate-900">{frequencyWords(schedule, t, locale)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t('scheduledTransfers.item.next')}</dt>
                  <dd className="text-slate-900" data-testid="schedule-next">
                    {schedule.next_run_on && schedule.status !== 'ended'
                      ? formatRunDate(schedule.next_run_on, locale)
                      : t('scheduledTransfers.item.nextNone')}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t('scheduledTransfers.item.lastRun')}</dt>
                  <dd className="text-slate-900" data-testid="schedule-last-run">
                    {lastRunWords(schedule, t, locale)}
                    {schedule.last_run?.transaction_id && (
                      <>
                        {' '}
                        <TextLink
                          to={paths.viewTransaction.getHref({ transactionId: schedule.last_run.transaction_id })}
                        >
                          {t('scheduledTransfers.item.viewTransfer')}
                        </TextLink>
                      </>
                    )}
                  </dd>
                </div>
              </dl>
              {error && (
                <p role="alert" className="mt-3 text-sm text-red-800">
                  {error}
                </p>
              )}
              <div className="mt-4 flex flex-wrap gap-3">
                {schedule.status === 'active' && (
                  <Button
                    variant="secondary"
                    aria-label={t('scheduledTransfers.actions.pauseNamed', { name })}
                    loading={save.isPending}
                    onClick={() => void setStatus('paused')}
                  >
                    {t('scheduledTransfers.actions.pause')}
                  </Button>
                )}
                {schedule.status === 'paused' && (
                  <Button
                    variant="secondary"
                    aria-label={t('scheduledTransfers.actions.resumeNamed', { name })}
                    loading={save.isPending}
                    onClick={() => void setStatus('active')}
                  >
                    {t('scheduledTransfers.actions.resume')}
                  </Button>
                )}
                {schedule.status !== 'ended' && (
                  <Button
                    variant="secondary"
                    aria-label={t('scheduledTransfers.actions.editNamed', { name })}
                    onClick={() => setEditing(true)}
                  >
                    {t('scheduledTransfers.actions.edit')}
                  </Button>
                )}
                <Button
                  variant="secondary"
                  aria-label={t('scheduledTransfers.actions.deleteNamed', { name })}
                  onClick={() => setConfirming(true)}
                >
                  {t('scheduledTransfers.actions.delete')}
                </Button>
              </div>
            </>
          )}
        </article>
      </Card>
      {confirming && (
        <ConfirmDialog
          title={t('scheduledTransfers.deleteTitle', { name })}
          confirmLabel={t('scheduledTransfers.deleteConfirm')}
          cancelLabel={t('scheduledTransfers.cancel')}
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void confirmDelete()}
        >
          <p>{t('scheduledTransfers.deleteExplain')}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
