import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { SectionCard } from '@/components/ui/section-card';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useTransactionList } from '@/features/transfers';
import type { ScheduledTransfer } from '@remit/contract';
import { useScheduledTransfers } from '../api/scheduled-transfers';
import { formatRunDate } from '../lib/schedule-form';
import { scheduleAmount } from './schedule-words';

/**
 * The dashboard's scheduled transfers (docs/product/scheduled-transfers.md#telling-the-customer):
 * runs of today waiting for payment ("Pay now") or that made no transfer (why), and the next one.
 * Nothing when the customer has no schedule (or while loading: the page does not jump).
 */
export function ScheduledTransfersPanel() {
  const schedules = useScheduledTransfers().data?.data ?? [];
  return schedules.length === 0 ? null : <PanelBody schedules={schedules} />;
}

/** "Pay now" only while the run's transfer still awaits payment (the list under ['transactions'], live). */
function PanelBody({ schedules }: { schedules: ScheduledTransfer[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const awaiting = useTransactionList({ status: 'awaiting_payment', limit: 50 });
  const unpaid = new Set(awaiting.data?.pages.flatMap((p) => p.data.map((tr) => tr.id)) ?? []);
  const latestRun = Math.max(...schedules.map((s) => (s.last_run ? Date.parse(s.last_run.on) : 0)));
  const recent = schedules.filter((s) => s.last_run && Date.parse(s.last_run.on) === latestRun);
  const next = schedules
    .filter((s) => s.status === 'active' && s.next_run_on)
    .sort((a, b) => (a.next_run_on! < b.next_run_on! ? -1 : 1))[0];

  return (
    <SectionCard heading={t('scheduledTransfers.dashboard.heading')} className="p-5 sm:p-8" testId="scheduled-panel">
      <ul className="mt-4 space-y-3">
        {recent.map((s) =>
          s.last_run?.transaction_id ? (
            unpaid.has(s.last_run.transaction_id) && (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-3"
                data-testid="scheduled-ready"
              >
                <p className="text-slate-900">{t('scheduledTransfers.dashboard.ready', { name: s.recipient_name })}</p>
                <ButtonLink to={paths.makePayment.getHref({ transactionId: s.last_run.transaction_id })}>
                  {t('scheduledTransfers.dashboard.pay')}
                </ButtonLink>
              </li>
            )
          ) : s.last_run?.error ? (
            <li key={s.id} className="text-red-900" data-testid="scheduled-failed">
              {t('scheduledTransfers.dashboard.failed', {
                name: s.recipient_name,
                reason: t(`scheduledTransfers.errors.${s.last_run.error.code}`),
              })}
            </li>
          ) : null,
        )}
        {next && (
          <li className="text-slate-700" data-testid="scheduled-next">
            {t('scheduledTransfers.dashboard.next', {
              amount: scheduleAmount(next, locale),
              name: next.recipient_name,
              date: formatRunDate(next.next_run_on!, locale),
            })}
          </li>
        )}
      </ul>
      <p className="mt-4">
        <TextLink to={paths.scheduledTransfers.getHref()}>{t('scheduledTransfers.dashboard.manage')}</TextLink>
      </p>
    </SectionCard>
  );
}
