import type { Recipient, Transaction } from '@remit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RecipientForm, useAllRecipients, type RecipientDestination } from '@/features/recipients';
import { readShownError } from '@/lib/api-errors';
import { refundTransaction, resendTransaction } from '../../api/transaction-actions';
import { transactionsQueryKey } from '../../api/transactions';

interface ReturnedPanelProps {
  transaction: Transaction;
  /** The transfer as the api answered (refunded, or on its way again) and what to tell the customer. */
  onDone: (answer: Transaction, message: string) => void;
  formatSource: (amount: string) => string;
}

/**
 * A returned transfer (docs/product/money-movement.md#returned): why (the latest timeline note) and
 * the customer's two choices, a full refund or the same money sent again to corrected details (one of
 * their recipients at the same destination, or a new one added here).
 */
export function ReturnedPanel({ transaction, onDone, formatSource }: ReturnedPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ids = useId();
  const [confirming, setConfirming] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reason = [...transaction.timeline].reverse().find((entry) => entry.status === 'returned' && entry.note)?.note;

  const failed = async (failure: unknown) => {
    const apiError = await readShownError(failure);
    setConfirming(false);
    if (!apiError) return;
    void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
    if (apiError.status === 404) setError(t('dashboard.transaction.returned.notFound'));
    else if (apiError.status === 422)
      setError(apiError.fieldErrors.recipient_id ?? apiError.message ?? t('dashboard.transaction.returned.error'));
    else setError(apiError.message ?? t('dashboard.transaction.returned.error'));
  };

  const refund = useMutation({
    mutationFn: () => refundTransaction(transaction.id),
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      setConfirming(false);
      onDone(answer, t('dashboard.transaction.returned.refunded', { amount: formatSource(transaction.total_to_pay) }));
    },
    onError: failed,
  });
  const resend = useMutation({
    mutationFn: (recipient: Recipient) => resendTransaction(transaction.id, recipient.id),
    onMutate: () => setError(null),
    onSuccess: (answer, recipient) =>
      onDone(answer, t('dashboard.transaction.returned.resent', { name: recipient.name })),
    onError: failed,
  });

  return (
    <Card className="p-5 sm:p-8">
      <section aria-labelledby={`${ids}-returned`} className="space-y-4" data-testid="returned-panel">
        <h2 id={`${ids}-returned`} className="text-lg font-semibold text-slate-900">
          {t('dashboard.transaction.returned.heading')}
        </h2>
        <p className="text-sm text-slate-800" data-testid="returned-reason">
          {reason ?? t('dashboard.transaction.returned.noReason')}
        </p>
        <p className="text-sm text-slate-700">{t('dashboard.transaction.returned.choose')}</p>
        <div aria-live="assertive" aria-atomic="true">
          {error && (
            <Alert tone="error" testId="returned-error">
              {error}
            </Alert>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setConfirming(true)} data-testid="get-refund">
            {t('dashboard.transaction.returned.refund')}
          </Button>
          <Button
            variant="secondary"
            aria-expanded={resending}
            onClick={() => setResending((open) => !open)}
            data-testid="send-corrected"
          >
            {t('dashboard.transaction.returned.resend')}
          </Button>
        </div>
        {resending && (
          <CorrectedRecipients
            transaction={transaction}
            pending={resend.isPending}
            onChoose={(recipient) => resend.mutate(recipient)}
          />
        )}
      </section>
      {confirming && (
        <ConfirmDialog
          title={t('dashboard.transaction.returned.refundTitle')}
          confirmLabel={t('dashboard.transaction.returned.refundConfirm')}
          cancelLabel={t('dashboard.transaction.returned.refundKeep')}
          pending={refund.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => refund.mutate()}
        >
          <p>{t('dashboard.transaction.returned.refundText', { amount: formatSource(transaction.total_to_pay) })}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}

function CorrectedRecipients({
  transaction,
  pending,
  onChoose,
}: {
  transaction: Transaction;
  pending: boolean;
  onChoose: (recipient: Recipient) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [added, setAdded] = useState<Recipient | null>(null);
  const destination: RecipientDestination = {
    country: transaction.target_country,
    currency: transaction.target_currency,
    payout_method: transaction.payout_method,
  };
  const { list, recipients: listed } = useAllRecipients(destination);
  // The one just added shows at once, before the list is read again.
  const matching = useMemo(
    () => (added && !listed.some((r) => r.id === added.id) ? [added, ...listed] : listed),
    [listed, added],
  );
  const selected = matching.find((r) => r.id === chosen) ?? null;

  if (adding) {
    return (
      <div data-testid="returned-add-recipient">
        <RecipientForm
          destination={destination}
          onSaved={(recipient) => {
            setAdding(false);
            setAdded(recipient);
            setChosen(recipient.id);
          }}
          onCancel={() => setAdding(false)}
        />
      </div>
    );
  }

  let body: ReactNode;
  if (list.isPending && !added) body = <QueryLoading label={t('dashboard.transaction.returned.loadingRecipients')} />;
  else if (list.isError && !added)
    body = (
      <QueryError
        message={t('dashboard.transaction.returned.recipientsError')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  else if (matching.length === 0)
    body = <p className="text-sm text-slate-700">{t('dashboard.transaction.returned.noRecipients')}</p>;
  else
    body = (
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          {t('dashboard.transaction.returned.pick')}
        </legend>
        <ul className="space-y-2" data-testid="corrected-recipients">
          {matching.map((recipient) => (
            <li key={recipient.id}>
              <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-blue-700">
                <input
                  type="radio"
                  name={`${ids}-recipient`}
                  value={recipient.id}
                  checked={chosen === recipient.id}
                  onChange={() => setChosen(recipient.id)}
                  className="h-5 w-5 accent-blue-700"
                />
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-slate-900">{recipient.name}</span>
                  <span className="block text-sm break-words text-slate-700">{recipient.summary}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );

  return (
    <div className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="corrected-panel">
      {body}
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={!selected}
          loading={pending}
          onClick={() => selected && onChoose(selected)}
          data-testid="resend-confirm"
        >
          {selected
            ? t('dashboard.transaction.returned.resendTo', { name: selected.name })
            : t('dashboard.transaction.returned.resendNone')}
        </Button>
        <Button variant="ghost" onClick={() => setAdding(true)} data-testid="add-corrected-recipient">
          {t('dashboard.transaction.returned.add')}
        </Button>
      </div>
    </div>
  );
}
