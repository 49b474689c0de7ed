import type { PaymentReturnRequest, Transaction } from '@remit/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCustomerEvents } from '@/lib/use-customer-events';
import { postPaymentReturn } from '../../api/payments';
import { transactionQueryOptions } from '../../api/transactions';
import { formatAmount } from '@/lib/format-money';
import { CLOSED_STATUSES, PAID_STATUSES } from '../../lib/payment-status';
import { BankDetailsList } from './bank-details';
import type { PaymentCallbackState } from './payment-screen';

/** Polling while no realtime event has told us the outcome (docs/product/money-movement.md#payment). */
export const POLL_MS = 3000;

/** Signed returns already posted (a remount, React's strict mode) are not posted again. */
const posted = new Set<string>();

/** The gateway's signed query when the address carries all four parts. */
function signedReturn(search: string): PaymentReturnRequest | null {
  const params = new URLSearchParams(search);
  const payment = params.get('payment');
  const outcome = params.get('outcome');
  const t = params.get('t');
  const sig = params.get('sig');
  return payment && outcome && t && sig ? { payment, outcome, t, sig } : null;
}

type Phase = 'checking' | 'success' | 'failed' | 'bank' | 'waiting' | 'closed';

function phaseOf(transaction: Transaction | undefined, returning: boolean, bank: boolean): Phase {
  if (!transaction) return 'checking';
  const status = transaction.status;
  if ((PAID_STATUSES as readonly string[]).includes(status)) return 'success';
  if (status === 'payment_failed') return returning ? 'checking' : 'failed';
  if ((CLOSED_STATUSES as readonly string[]).includes(status)) return 'closed';
  if (status === 'payment_processing' || returning) return 'checking';
  return bank || transaction.pay_in_method === 'bank_transfer' ? 'bank' : 'waiting';
}

/**
 * paymentCallback, `/payment/cb/{transactionId}`, "Processing Payment": posts the gateway's signed
 * return once (and takes it out of the address), then waits for the verified outcome, live
 * (TransactionStatusChanged) with polling every 3 seconds as a fallback.
 */
export function PaymentCallbackScreen() {
  const { t } = useTranslation();
  const { transactionId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signed] = useState(() => signedReturn(location.search));
  const [bankDetails] = useState(() => (location.state as PaymentCallbackState | null)?.bankDetails ?? null);
  const [returning, setReturning] = useState(() => signed !== null);
  const options = transactionQueryOptions(transactionId);

  const transaction = useQuery({
    ...options,
    refetchInterval: (query) => {
      const phase = phaseOf(query.state.data, false, bankDetails !== null);
      return phase === 'success' || phase === 'failed' || phase === 'closed' ? false : POLL_MS;
    },
  });

  useCustomerEvents({
    TransactionStatusChanged: (payload) => {
      if (payload.transaction_id === transactionId) void queryClient.invalidateQueries({ queryKey: options.queryKey });
    },
  });

  // The signed return: posted once, then taken out of the address (Back does not post it again).
  useEffect(() => {
    if (!signed) return;
    void navigate({ pathname: location.pathname, search: '' }, { replace: true, state: location.state });
    if (posted.has(signed.sig)) {
      setReturning(false);
      return;
    }
    posted.add(signed.sig);
    postPaymentReturn(transactionId, signed).then(
      (answer) => {
        queryClient.setQueryData(options.queryKey, answer);
        setReturning(false);
      },
      () => {
        // A bad or stale signature changes nothing: the webhook still decides, we keep waiting.
        setReturning(false);
        void queryClient.invalidateQueries({ queryKey: options.queryKey });
      },
    );
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const data = transaction.data;
  const phase = phaseOf(data, returning, bankDetails !== null);
  const panelRef = useRef<HTMLHeadingElement>(null);
  const firstPhase = useRef(phase);
  useEffect(() => {
    // A decided outcome takes the focus (not on arrival: the page's heading has it then).
    if (phase !== firstPhase.current) panelRef.current?.focus();
  }, [phase]);

  const announcement =
    phase === 'success'
      ? t('payment.callback.successHeading')
      : phase === 'failed'
        ? t('payment.callback.failedHeading')
        : phase === 'bank'
          ? t('payment.callback.bankHeading')
          : phase === 'checking'
            ? t('payment.callback.checking')
            : '';

  let body;
  if (!data && transaction.isError) {
    body = (
      <QueryError
        message={t('payment.loadError')}
        retrying={transaction.isFetching}
        onRetry={() => void transaction.refetch()}
        testId="callback-error"
      />
    );
  } else {
    body = <Panel phase={phase} transaction={data} headingRef={panelRef} bankDetails={bankDetails} />;
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {t('titles.paymentCallback')}
      </h1>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="callback-announcement">
        {announcement}
      </p>
      {body}
    </div>
  );
}

function Panel({
  phase,
  transaction,
  headingRef,
  bankDetails,
}: {
  phase: Phase;
  transaction: Transaction | undefined;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  bankDetails: PaymentCallbackState['bankDetails'];
}) {
  const { t, i18n } = useTranslation();
  const heading = (text: string) => (
    <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
      {text}
    </h2>
  );
  if (phase === 'checking' || !transaction) {
    return (
      <Card className="space-y-3" data-testid="callback-checking">
        <div className="flex items-center gap-3">
          <Spinner label={t('payment.callback.checking')} />
          {heading(t('payment.callback.checking'))}
        </div>
        <p className="text-slate-700">{t('payment.callback.checkingText')}</p>
      </Card>
    );
  }
  const id = transaction.id;
  const viewLink = (variant: 'primary' | 'secondary' = 'primary') => (
    <ButtonLink variant={variant} to={paths.viewTransaction.getHref({ transactionId: id })}>
      {t('payment.callback.viewTransfer')}
    </ButtonLink>
  );
  const name = transaction.recipient.name;
  switch (phase) {
    case 'success':
      return (
        <Card className="space-y-4 border-green-300" data-testid="callback-success">
          <div className="rounded-xl border border-green-300 bg-green-50 px-4 py-3">
            {heading(t('payment.callback.successHeading'))}
            <p className="mt-1 text-green-900">
              {t('payment.callback.successText', {
                amount: formatAmount(transaction.total_to_pay, transaction.source_currency, i18n.language),
                name,
              })}
            </p>
          </div>
          <h3 className="font-semibold text-slate-900">{t('payment.callback.nextHeading')}</h3>
          <ol className="list-decimal space-y-1 pl-5 text-slate-700">
            <li>{t('payment.callback.next1', { name })}</li>
            <li>{t('payment.callback.next2', { estimate: transaction.delivery_estimate })}</li>
            <li>{t('payment.callback.next3')}</li>
          </ol>
          {viewLink()}
        </Card>
      );
    case 'failed': {
      const note = transaction.timeline.filter((e) => e.status === 'payment_failed' && e.note).at(-1)?.note;
      return (
        <Card className="space-y-4" data-testid="callback-failed">
          <div className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
            {heading(t('payment.callback.failedHeading'))}
            {note && (
              <p className="mt-1" data-testid="failure-reason">
                {note}
              </p>
            )}
            <p className="mt-1">{t('payment.callback.failedText')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={paths.makePayment.getHref({ transactionId: id })}>
              {t('payment.callback.tryAgain')}
            </ButtonLink>
            <ButtonLink variant="secondary" to={paths.makePayment.getHref({ transactionId: id }, { change: '1' })}>
              {t('payment.callback.anotherMethod')}
            </ButtonLink>
          </div>
        </Card>
      );
    }
    case 'bank':
      return (
        <Card className="space-y-4" data-testid="callback-bank">
          {heading(t('payment.callback.bankHeading'))}
          <p className="text-slate-700">{t('payment.callback.bankText')}</p>
          {bankDetails ? (
            <BankDetailsList details={bankDetails} />
          ) : (
            <ButtonLink variant="secondary" to={paths.makePayment.getHref({ transactionId: id })}>
              {t('payment.callback.bankDetailsAgain')}
            </ButtonLink>
          )}
          {viewLink('secondary')}
        </Card>
      );
    case 'waiting':
      return (
        <Card className="space-y-4" data-testid="callback-waiting">
          {heading(t('payment.callback.waitingHeading'))}
          <p className="text-slate-700">{t('payment.callback.waitingText')}</p>
          <ButtonLink to={paths.makePayment.getHref({ transactionId: id })}>{t('payment.callback.payNow')}</ButtonLink>
        </Card>
      );
    default:
      return (
        <Card className="space-y-4" data-testid="callback-closed">
          {heading(t('payment.callback.closedHeading'))}
          <p className="text-slate-700">{t('payment.closed.closedText')}</p>
          {viewLink()}
        </Card>
      );
  }
}
