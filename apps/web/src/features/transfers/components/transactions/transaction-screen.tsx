import { CANCELLABLE, isFinal, type Transaction, type TransactionStatus } from '@remit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { TextLink } from '@/components/ui/text-link';
import { DetailRow } from '@/components/ui/detail-row';
import { paths } from '@/config/paths';
import { toApiError, readShownError } from '@/lib/api-errors';
import { formatRate } from '@/lib/format-rate';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cancelTransaction } from '../../api/transaction-actions';
import { transactionQueryOptions, transactionsQueryKey } from '../../api/transactions';
import { HoldPanel } from '@/features/holds';
import { ReturnedPanel } from './returned-panel';
import { ReceiptLink, TrackingShare } from './transaction-extras';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/lib/format-money';
import { TransferStatusChip } from '@/components/money/transfer-status-chip';
import { ExpectedArrival } from '../delays/expected-arrival';
import { Timeline } from './transaction-timeline';

const PAYABLE: readonly TransactionStatus[] = ['awaiting_payment', 'payment_failed'];

/**
 * viewTransaction, `/transaction/{transactionId}` (docs/product/money-movement.md#transactions): the
 * status, the timeline with the next step, the breakdown, the recipient, purpose and reference, and
 * what can be done now (pay, cancel, send again, receipt, tracking link). Live: the realtime provider
 * refreshes the transfer on TransactionStatusChanged.
 */
/** How often a transfer still under way is read again, whatever the realtime connection says. */
export const POLL_WHILE_UNDER_WAY_MS = 30_000;

export function TransactionScreen() {
  const { t } = useTranslation();
  const { transactionId = '' } = useParams();
  const query = useQuery({
    ...transactionQueryOptions(transactionId),
    // Under live updates, a slow poll while the transfer is under way: an event lost while a socket or
    // the cross-instance fan-out was away still reaches the page (docs/product/realtime.md#reconnecting).
    refetchInterval: (q) => (q.state.data && !isFinal(q.state.data.status) ? POLL_WHILE_UNDER_WAY_MS : false),
  });
  let body;
  if (query.data) {
    body = <TransactionPage transaction={query.data} />;
  } else if (query.isError) {
    const notFound = toApiError(query.error).status === 404;
    body = (
      <>
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
          {t('screens.viewTransaction')}
        </h1>
        {notFound ? (
          <Alert tone="error" testId="transaction-not-found">
            {t('dashboard.transaction.notFound')}
          </Alert>
        ) : (
          <QueryError
            message={t('dashboard.transaction.error')}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
            testId="transaction-error"
          />
        )}
      </>
    );
  } else {
    body = <QueryLoading label={t('dashboard.transaction.loading')} />;
  }
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <p>
        <TextLink to={paths.transactions.getHref()} className="text-sm">
          {t('dashboard.transaction.back')}
        </TextLink>
      </p>
      {body}
    </div>
  );
}

function TransactionPage({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announced, setAnnounced] = useState('');
  const previous = useRef(transaction.status);
  const noticeRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  // After a cancel the button that opened the dialog is gone: the outcome takes the focus.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const source = (amount: string) => formatAmount(amount, transaction.source_currency, locale);
  // "Send again" and "Schedule" start from what this transfer sent.
  const sameAmount = { amount: transaction.source_amount, currency: transaction.source_currency };

  // A status that changes while the page is open (live) is announced.
  useEffect(() => {
    if (previous.current === transaction.status) return;
    previous.current = transaction.status;
    setAnnounced(t('dashboard.transaction.live', { status: t(`dashboard.transfers.status.${transaction.status}`) }));
  }, [transaction.status, t]);

  const cancel = useMutation({
    mutationFn: () => cancelTransaction(transaction.id),
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      const wasPaid = transaction.status === 'paid';
      previous.current = answer.status;
      queryClient.setQueryData(transactionQueryOptions(transaction.id).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
      setConfirming(false);
      setNotice(
        wasPaid
          ? t('dashboard.transaction.cancelledRefund', { amount: source(transaction.total_to_pay) })
          : t('dashboard.transaction.cancelled'),
      );
    },
    onError: async (failure) => {
      const apiError = await readShownError(failure);
      setConfirming(false);
      if (!apiError) return;
      void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
      setError(apiError.message ?? t('dashboard.transaction.cancelError'));
    },
  });

  const payable = PAYABLE.includes(transaction.status);
  const cancellable = CANCELLABLE.includes(transaction.status);
  const paidAlready = !['awaiting_payment', 'payment_processing', 'payment_failed', 'expired'].includes(
    transaction.status,
  );
  const name = transaction.recipient.name;

  return (
    <>
      <div>
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight break-words text-slate-900 focus:outline-none">
          {t('dashboard.transaction.heading', { name })}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <TransferStatusChip status={transaction.status} className="text-sm" />
          <span>{t('dashboard.transaction.created', { date: formatDateTime(transaction.created_at, locale) })}</span>
          <span>{t('dashboard.transaction.shortRef', { id: transaction.id.slice(0, 8).toUpperCase() })}</span>
        </p>
        <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="status-announcement">
          {announced}
        </p>
      </div>
      <ExpectedArrival transfer={transaction} />

      <div ref={noticeRef} tabIndex={-1} aria-live="polite" aria-atomic="true" className="focus:outline-none">
        {notice && (
          <Alert tone="success" testId="transaction-notice">
            {notice}
          </Alert>
        )}
      </div>
      <div aria-live="assertive" aria-atomic="true">
        {error && (
          <Alert tone="error" testId="transaction-action-error">
            {error}
          </Alert>
        )}
      </div>

      {transaction.hold && transaction.status === 'paid' && (
        // docs/product/holds.md#the-app
        <HoldPanel
          transaction={{ ...transaction, hold: transaction.hold }}
          onDone={(answer, message) => {
            previous.current = answer.status;
            queryClient.setQueryData(transactionQueryOptions(transaction.id).queryKey, answer);
            void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
            setError(null);
            setNotice(message);
          }}
          onStale={() => void queryClient.invalidateQueries({ queryKey: transactionsQueryKey })}
        />
      )}

      <div className="flex flex-wrap gap-3" data-testid="transaction-actions">
        {payable && (
          <ButtonLink to={paths.makePayment.getHref({ transactionId: transaction.id })}>
            {t('dashboard.transaction.payNow')}
          </ButtonLink>
        )}
        {cancellable && (
          <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="cancel-transfer">
            {t('dashboard.transaction.cancel')}
          </Button>
        )}
        <ButtonLink
          variant="secondary"
          to={paths.dashboard.getHref({}, { send_again: transaction.recipient_id, ...sameAmount })}
        >
          {t('dashboard.transaction.sendAgain')}
        </ButtonLink>
        {/* The same transfer on a schedule (docs/product/scheduled-transfers.md). */}
        <ButtonLink
          variant="secondary"
          to={paths.scheduledTransfers.getHref({}, { recipient: transaction.recipient_id, ...sameAmount })}
        >
          {t('dashboard.transaction.schedule')}
        </ButtonLink>
        <ReceiptLink transaction={transaction} />
      </div>
      <TrackingShare transaction={transaction} />

      {transaction.status === 'returned' && (
        <ReturnedPanel
          transaction={transaction}
          formatSource={source}
          onDone={(answer, message) => {
            previous.current = answer.status;
            queryClient.setQueryData(transactionQueryOptions(transaction.id).queryKey, answer);
            void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
            setError(null);
            setNotice(message);
          }}
        />
      )}

      <Card className="p-5 sm:p-8">
        <section aria-labelledby={`${ids}-timeline`}>
          <h2 id={`${ids}-timeline`} className="mb-4 text-lg font-semibold text-slate-900">
            {t('dashboard.transaction.timeline')}
          </h2>
          <Timeline transaction={transaction} />
        </section>
      </Card>

      <Card className="p-5 sm:p-8">
        <section aria-labelledby={`${ids}-breakdown`}>
          <h2 id={`${ids}-breakdown`} className="mb-2 text-lg font-semibold text-slate-900">
            {t('dashboard.transaction.breakdown')}
          </h2>
          <dl className="divide-y divide-slate-200 text-sm" data-testid="transaction-breakdown">
            <DetailRow label={t('dashboard.transaction.youSent')} value={source(transaction.source_amount)} />
            {transaction.fee.items.map((item) => (
              <DetailRow
                key={item.type}
                muted
                label={t(`dashboard.transaction.feeTypes.${item.type}`, { defaultValue: item.label })}
                value={item.amount === '0' ? t('dashboard.transaction.noFee') : source(item.amount)}
              />
            ))}
            <DetailRow label={t('dashboard.transaction.totalFees')} value={source(transaction.fee.total)} />
            <DetailRow
              strong
              label={paidAlready ? t('dashboard.transaction.totalPaid') : t('dashboard.transaction.totalToPay')}
              value={source(transaction.total_to_pay)}
            />
            <DetailRow
              label={t('dashboard.transaction.rate')}
              value={t('dashboard.transaction.rateValue', {
                rate: formatRate(transaction.rate, locale),
                source: transaction.source_currency,
                target: transaction.target_currency,
              })}
            />
            <DetailRow
              strong
              label={t('dashboard.transaction.recipientGets')}
              value={formatAmount(transaction.target_amount, transaction.target_currency, locale)}
            />
          </dl>
        </section>
      </Card>

      <Card className="p-5 sm:p-8">
        <section aria-labelledby={`${ids}-details`}>
          <h2 id={`${ids}-details`} className="mb-2 text-lg font-semibold text-slate-900">
            {t('dashboard.transaction.details')}
          </h2>
          <dl className="divide-y divide-slate-200 text-sm" data-testid="transaction-details">
            <div className="py-2">
              <dt className="text-slate-700">{t('dashboard.transaction.recipient')}</dt>
              <dd className="mt-0.5 text-slate-900">
                <span className="block font-semibold break-words">{name}</span>
                <span className="block break-words text-slate-700">{transaction.recipient.summary}</span>
                <TextLink to={paths.viewRecipient.getHref({ id: transaction.recipient_id })}>
                  {t('dashboard.transaction.viewRecipient')}
                </TextLink>
              </dd>
            </div>
            <DetailRow
              label={t('dashboard.transaction.purpose')}
              value={
                transaction.purpose
                  ? t(`dashboard.transaction.purposes.${transaction.purpose}`)
                  : t('dashboard.transaction.none')
              }
            />
            <DetailRow
              label={t('dashboard.transaction.reference')}
              value={transaction.reference || t('dashboard.transaction.none')}
            />
          </dl>
        </section>
      </Card>

      {confirming && (
        <ConfirmDialog
          title={t('dashboard.transaction.cancelTitle')}
          confirmLabel={t('dashboard.transaction.cancelConfirm')}
          cancelLabel={t('dashboard.transaction.keep')}
          pending={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => cancel.mutate()}
        >
          <p>{t('dashboard.transaction.cancelText', { name })}</p>
          {transaction.status === 'paid' && (
            <p data-testid="cancel-refund-note">
              {t('dashboard.transaction.cancelRefund', { amount: source(transaction.total_to_pay) })}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
