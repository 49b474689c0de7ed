import { VERIFICATION_REQUIRED, type PayInMethod, type StartedPayment, type Transaction } from '@remit/contract';
import type { TFunction } from 'i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { TextLink } from '@/components/ui/text-link';
import { DetailRow } from '@/components/ui/detail-row';
import { paths } from '@/config/paths';
import { readApiError, type ApiError, readShownError } from '@/lib/api-errors';
import { formatRate } from '@/lib/format-rate';
import { paymentMethodsQueryOptions, startPayment } from '../../api/payments';
import { transactionQueryOptions } from '../../api/transactions';
import { formatAmount } from '@/lib/format-money';
import { CLOSED_STATUSES, PAID_STATUSES } from '../../lib/payment-status';
import { PayBy, PayInMethodOption } from './payment-parts';
import { BankDetailsList } from './bank-details';

/** What the callback page may be handed when the customer says the bank transfer is sent. */
export interface PaymentCallbackState {
  bankDetails?: StartedPayment['bank_details'];
}

/**
 * makePayment, `/pay/{transactionId}` (docs/product/money-movement.md#payment): what is due, the
 * transfer in short, the time left to pay, the ways to pay with their fee, total and speed; card goes
 * to the gateway's hosted page, bank transfer shows our account and the reference.
 */
export function PaymentScreen() {
  const { t } = useTranslation();
  const { transactionId = '' } = useParams();
  const transaction = useQuery(transactionQueryOptions(transactionId));

  let body;
  if (transaction.data) {
    body = <PaymentBody transaction={transaction.data} />;
  } else if (transaction.isError) {
    body = (
      <QueryError
        message={t('payment.loadError')}
        retrying={transaction.isFetching}
        onRetry={() => void transaction.refetch()}
        testId="payment-error"
      />
    );
  } else {
    body = <QueryLoading label={t('payment.loading')} />;
  }
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {t('screens.makePayment')}
      </h1>
      {body}
    </div>
  );
}

function PaymentBody({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  const status = transaction.status;
  if ((PAID_STATUSES as readonly string[]).includes(status)) {
    return (
      <Card data-testid="payment-closed" data-kind="paid">
        <h2 className="text-lg font-semibold text-slate-900">{t('payment.closed.paidHeading')}</h2>
        <p className="mt-1 text-slate-700">{t('payment.closed.paidText')}</p>
        <ButtonLink className="mt-4" to={paths.viewTransaction.getHref({ transactionId: transaction.id })}>
          {t('payment.closed.viewTransfer')}
        </ButtonLink>
      </Card>
    );
  }
  if ((CLOSED_STATUSES as readonly string[]).includes(status)) {
    const heading =
      status === 'cancelled'
        ? t('payment.closed.cancelledHeading')
        : status === 'expired'
          ? t('payment.closed.expiredHeading')
          : t('payment.closed.otherHeading');
    return (
      <Card data-testid="payment-closed" data-kind="closed">
        <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
        <p className="mt-1 text-slate-700">{t('payment.closed.closedText')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to={paths.dashboard.getHref()}>{t('payment.closed.startAgain')}</ButtonLink>
          <ButtonLink variant="secondary" to={paths.viewTransaction.getHref({ transactionId: transaction.id })}>
            {t('payment.closed.viewTransfer')}
          </ButtonLink>
        </div>
      </Card>
    );
  }
  return <PayForm transaction={transaction} />;
}

/**
 * Why a payment did not start, as the page shows it: the api's words, and what to do about them.
 * `limits`: the transfer is over the per-transfer or the 30-day limit (a 422 on `transaction_id`,
 * docs/product/money-movement.md#limits); `verification`: the customer may not send yet (403
 * `verification_required`); both link to the limits screen, which says what counts and what to
 * finish. `underWay`: a payment of the transfer is already running (409).
 */
interface StartFailure {
  message: string;
  kind: 'limits' | 'verification' | 'underWay' | 'other';
}

function startFailure(apiError: ApiError, t: TFunction): StartFailure {
  const onTransfer = apiError.fieldErrors.transaction_id;
  if (apiError.status === 422 && onTransfer) return { kind: 'limits', message: onTransfer };
  if (apiError.status === 403 && apiError.code === VERIFICATION_REQUIRED) {
    return { kind: 'verification', message: apiError.message ?? t('payment.verification.text') };
  }
  return {
    kind: apiError.status === 409 ? 'underWay' : 'other',
    message: apiError.fieldErrors.method ?? apiError.message ?? t('payment.startError'),
  };
}

/** The latest timeline note of a status (the failure's reason). */
function latestNote(transaction: Transaction, status: Transaction['status']): string | null {
  const entries = transaction.timeline.filter((e) => e.status === status && e.note);
  return entries.at(-1)?.note ?? null;
}

function PayForm({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = i18n.language;
  const methods = useQuery(paymentMethodsQueryOptions(transaction.id));
  const options = methods.data?.data ?? [];
  const [chosen, setChosen] = useState<PayInMethod | null>(null);
  const [failure, setFailure] = useState<StartFailure | null>(null);
  const [bank, setBank] = useState<StartedPayment['bank_details']>(null);
  const [redirecting, setRedirecting] = useState(false);
  const bankHeadingRef = useRef<HTMLHeadingElement>(null);
  const legendId = useId();

  // "Choose another method" (from a failed payment) offers the other way first.
  const [params] = useSearchParams();
  const another = params.get('change') === '1';
  const selected: PayInMethod | null =
    chosen ??
    options.find((o) => o.available && (o.method === transaction.pay_in_method) !== another)?.method ??
    options.find((o) => o.available)?.method ??
    null;
  const selectedOption = options.find((o) => o.method === selected);
  const due = selectedOption?.total_to_pay ?? transaction.total_to_pay;

  useEffect(() => {
    if (bank) bankHeadingRef.current?.focus();
  }, [bank]);

  const follow = (started: StartedPayment) => {
    void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    if (started.method === 'card') {
      setRedirecting(true);
      window.location.assign(started.redirect_url);
      return;
    }
    setBank(started.bank_details);
  };

  const start = useMutation({
    mutationFn: async (method: PayInMethod) => {
      try {
        return await startPayment(transaction.id, method);
      } catch (error) {
        const apiError = await readApiError(error);
        // A payment by the other method is open: that one is answered by asking for it (follow it).
        if (apiError.status === 409 && /under way/i.test(apiError.message ?? '')) {
          const other: PayInMethod = method === 'card' ? 'bank_transfer' : 'card';
          return await startPayment(transaction.id, other);
        }
        throw error;
      }
    },
    onMutate: () => setFailure(null),
    onSuccess: follow,
    onError: async (error) => {
      const apiError = await readShownError(error);
      if (!apiError) return;
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      setFailure(startFailure(apiError, t));
    },
  });

  const failedNote = transaction.status === 'payment_failed' ? latestNote(transaction, 'payment_failed') : null;
  const source = (amount: string) => formatAmount(amount, transaction.source_currency, locale);

  if (bank) {
    return (
      <Card className="space-y-4" data-testid="bank-transfer">
        <h2 ref={bankHeadingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {t('payment.bank.heading')}
        </h2>
        <p className="text-slate-700">{t('payment.bank.intro')}</p>
        <BankDetailsList details={bank} />
        <Button
          fullWidth
          onClick={() =>
            void navigate(paths.paymentCallback.getHref({ transactionId: transaction.id }), {
              state: { bankDetails: bank } satisfies PaymentCallbackState,
            })
          }
          data-testid="bank-sent"
        >
          {t('payment.bank.sent')}
        </Button>
      </Card>
    );
  }

  return (
    <>
      <Card className="space-y-5">
        <div className="rounded-xl bg-blue-50 px-4 py-3">
          <p className="text-sm font-medium text-blue-900">{t('payment.amountDue')}</p>
          <p className="text-3xl font-bold break-words text-slate-900" data-testid="amount-due">
            {source(due)}
          </p>
          <PayBy payBy={transaction.pay_by} />
        </div>
        <section aria-label={t('payment.summary.heading')}>
          <dl className="divide-y divide-slate-200 text-sm" data-testid="payment-summary">
            <DetailRow label={t('payment.summary.recipient')}>
              <span className="block font-semibold break-words">{transaction.recipient.name}</span>
              <span className="block break-words text-slate-700">{transaction.recipient.summary}</span>
            </DetailRow>
            <DetailRow label={t('payment.summary.youSend')}>{source(transaction.source_amount)}</DetailRow>
            <DetailRow label={t('payment.summary.recipientGets')}>
              <span className="font-semibold">
                {formatAmount(transaction.target_amount, transaction.target_currency, locale)}
              </span>
            </DetailRow>
            <DetailRow label={t('payment.summary.rate')}>
              {t('payment.summary.rateValue', {
                rate: formatRate(transaction.rate, locale),
                source: transaction.source_currency,
                target: transaction.target_currency,
              })}
            </DetailRow>
          </dl>
        </section>
      </Card>

      {transaction.status === 'payment_failed' && (
        <Alert tone="error" title={t('payment.callback.failedHeading')} testId="previous-failure">
          {failedNote ?? t('payment.callback.failedText')}
        </Alert>
      )}
      {transaction.status === 'payment_processing' && (
        <Alert tone="info" testId="payment-under-way">
          <p>{t('payment.paymentUnderWay')}</p>
          <TextLink to={paths.paymentCallback.getHref({ transactionId: transaction.id })}>
            {t('payment.checkStatus')}
          </TextLink>
        </Alert>
      )}

      <Card className="space-y-5">
        {methods.isError && !methods.data ? (
          <QueryError
            message={t('payment.methodsError')}
            retrying={methods.isFetching}
            onRetry={() => void methods.refetch()}
          />
        ) : !methods.data ? (
          <QueryLoading label={t('payment.methodsLoading')} />
        ) : (
          <form
            className="space-y-5"
            onSubmit={(event) => {
              event.preventDefault();
              if (selected) start.mutate(selected);
            }}
          >
            <fieldset aria-describedby={legendId}>
              <legend id={legendId} className="text-lg font-semibold text-slate-900">
                {t('payment.methods.legend')}
              </legend>
              <div className="mt-3 space-y-3" data-testid="payment-methods">
                {options.map((option) => (
                  <PayInMethodOption
                    key={option.method}
                    option={option}
                    checked={selected === option.method}
                    onChange={() => setChosen(option.method)}
                  />
                ))}
              </div>
              {options.every((o) => !o.available) && (
                <p className="mt-3 text-sm text-slate-700">{t('payment.methods.noneAvailable')}</p>
              )}
            </fieldset>
            <div aria-live="assertive" aria-atomic="true">
              {failure && (
                <Alert
                  tone="error"
                  testId="payment-failure"
                  {...(failure.kind === 'limits'
                    ? { title: t('payment.limits.title') }
                    : failure.kind === 'verification'
                      ? { title: t('payment.verification.title') }
                      : {})}
                >
                  <p className="break-words">{failure.message}</p>
                  {failure.kind === 'underWay' && (
                    <TextLink to={paths.paymentCallback.getHref({ transactionId: transaction.id })}>
                      {t('payment.checkStatus')}
                    </TextLink>
                  )}
                  {(failure.kind === 'limits' || failure.kind === 'verification') && (
                    <p className="mt-2">
                      <TextLink to={paths.limits.getHref()}>
                        {failure.kind === 'limits' ? t('payment.limits.link') : t('payment.verification.link')}
                      </TextLink>
                    </p>
                  )}
                </Alert>
              )}
            </div>
            <div className="space-y-2">
              <Button
                type="submit"
                fullWidth
                loading={start.isPending || redirecting}
                disabled={!selected}
                data-testid="continue-to-payment"
              >
                {t('payment.continue')}
              </Button>
              <p className="text-center text-sm text-slate-600" aria-live="polite">
                {redirecting ? t('payment.redirecting') : selected === 'card' ? t('payment.cardNote') : ''}
              </p>
            </div>
          </form>
        )}
      </Card>
    </>
  );
}
