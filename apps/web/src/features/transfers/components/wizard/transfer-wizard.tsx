import {
  VERIFICATION_REQUIRED,
  type Quote,
  type Recipient,
  type TransactionRequest,
  type TransferPurpose,
} from '@remit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { readShownError, toApiError } from '@/lib/api-errors';
import { quoteQueryOptions } from '../../api/quotes';
import { createTransaction, transactionQueryOptions, transactionsQueryKey } from '../../api/transactions';
import { detailsValid } from '../../lib/details-schema';
import { useQuoteRefresh } from '../../hooks/use-quote-refresh';
import { useWizardStep } from '../../hooks/use-wizard-step';
import { useAllRecipients } from '@/features/recipients';
import { countryName } from '../../lib/quote-words';
import {
  clearChoices,
  confirmationKey,
  forgetConfirmation,
  readChoices,
  WIZARD_STEPS,
  writeChoices,
  type WizardChoices,
  type WizardStep,
} from '../../lib/wizard-state';
import { AmountEditor } from './amount-step';
import { Countdown, useTimeLeft } from './countdown';
import { DetailsStep } from './details-step';
import { QuoteBreakdown } from './quote-breakdown';
import { isBlocked, QuoteNotices } from './quote-notices';
import { quoteDestination, RecipientStep } from './recipient-step';
import { ReviewStep, type ConfirmFailure } from './review-step';
import { RefreshNotes, Stepper } from './wizard-parts';

/** A quote read again within this time is taken from the cache (a re-quote puts the new one there). */
const QUOTE_STALE_MS = 15_000;

/**
 * Send Money, `/transfer/{quoteId}` (docs/product/money-movement.md#transfer-wizard): amount,
 * recipient, purpose and reference, review and confirm. The step is in the address (`?step=`), the
 * choices in sessionStorage by quote, so leaving and coming back resumes; `?recipient=` preselects one.
 */
export function TransferWizard() {
  const { t } = useTranslation();
  const { quoteId = '' } = useParams();
  const quote = useQuery({ ...quoteQueryOptions(quoteId), staleTime: QUOTE_STALE_MS });

  let body;
  if (quote.data) {
    body = <Wizard quote={quote.data} />;
  } else if (quote.isError && toApiError(quote.error).status === 404) {
    body = (
      <Card className="space-y-3" data-testid="quote-not-found">
        <h2 className="text-xl font-semibold text-slate-900">{t('transfer.notFound')}</h2>
        <p className="text-slate-700">{t('transfer.notFoundHint')}</p>
        <Link to={paths.dashboard.getHref()} className="inline-block font-semibold text-blue-800 underline">
          {t('transfer.toDashboard')}
        </Link>
      </Card>
    );
  } else if (quote.isError) {
    body = (
      <QueryError message={t('transfer.loadError')} retrying={quote.isFetching} onRetry={() => void quote.refetch()} />
    );
  } else {
    body = <QueryLoading label={t('transfer.loading')} />;
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {t('screens.transferWizard')}
      </h1>
      {body}
    </div>
  );
}

type ServerErrors = Partial<Record<'quote_id' | 'recipient_id' | 'purpose' | 'reference', string>>;

function Wizard({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // "Send again" on the dashboard names the recipient (`?recipient=`): chosen unless one already is.
  const [choices, setChoices] = useState<WizardChoices>(() => {
    const stored = readChoices(quote.id);
    const suggested = params.get('recipient');
    return stored.recipientId === null && suggested ? { ...stored, recipientId: suggested } : stored;
  });
  const [added, setAdded] = useState<Recipient[]>([]);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [failure, setFailure] = useState<ConfirmFailure | null>(null);
  const inFlight = useRef(false);
  /** Confirmed: on the way to the payment page, nothing here navigates any more. */
  const leaving = useRef(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const country = countryName(quote.target_country, i18n.language);

  const msLeft = useTimeLeft(quote.expires_at);
  const used = quote.status === 'used';
  const expired = !used && (quote.status === 'expired' || msLeft <= 0);
  const blocked = isBlocked(quote);

  // The choices follow the quote (a re-quote moves them) and survive a reload; the stored
  // confirmation (its Idempotency-Key) is kept as it is.
  useEffect(() => {
    const stored = readChoices(quote.id);
    writeChoices(quote.id, {
      ...stored,
      recipientId: choices.recipientId,
      purpose: choices.purpose,
      reference: choices.reference,
    });
  }, [quote.id, choices.recipientId, choices.purpose, choices.reference]);

  const { list, recipients: listed } = useAllRecipients(quoteDestination(quote));
  const recipients = useMemo(
    () => [...listed, ...added.filter((a) => !listed.some((r) => r.id === a.id))],
    [listed, added],
  );
  const chosen = recipients.find((r) => r.id === choices.recipientId) ?? null;
  const listComplete = list.data !== undefined && !list.hasNextPage && !list.isFetching;

  // A kept recipient that is no longer there (deleted meanwhile) is forgotten, with a word why.
  useEffect(() => {
    if (listComplete && choices.recipientId && !chosen) {
      setChoices((c) => ({ ...c, recipientId: null }));
      setServerErrors((e) => ({ ...e, recipient_id: t('transfer.recipient.gone') }));
    }
  }, [listComplete, choices.recipientId, chosen, t]);

  const { step, reachable, goTo } = useWizardStep({
    open: !blocked && !used,
    recipientChosen: choices.recipientId !== null,
    detailsValid: detailsValid(quote.target_country, choices.purpose, choices.reference),
    leaving,
    stepHeading,
  });

  const { goToQuote, refresh, refreshing, refreshFailed, expiringSoon } = useQuoteRefresh(quote, {
    expired,
    step,
    leaving,
    onReplaced: () => {
      setServerErrors((e) => ({ ...e, quote_id: undefined }));
      setFailure(null);
    },
  });

  const onDetailsChange = useCallback(
    ({ purpose, reference }: { purpose: TransferPurpose | null; reference: string }) =>
      setChoices((c) => (c.purpose === purpose && c.reference === reference ? c : { ...c, purpose, reference })),
    [],
  );

  const confirm = useMutation({
    mutationFn: ({ body, key }: { body: TransactionRequest; key: string }) => createTransaction(body, key),
  });

  /**
   * One confirmation: the body names the request and its Idempotency-Key
   * (docs/product/money-movement.md#idempotency). A transfer that needs a step-up (above the
   * threshold, or to a new recipient) gets it through the app's dialog, and the http client sends the
   * same request again with the same key (docs/product/auth-and-sessions.md#step-up); cancelled, the
   * review stays as it was, without a message. Rejects with the api's error.
   */
  async function send() {
    if (!chosen) return;
    const body: TransactionRequest = {
      quote_id: quote.id,
      recipient_id: chosen.id,
      purpose: choices.purpose,
      reference: choices.reference.trim(),
    };
    const key = confirmationKey(quote.id, JSON.stringify(body));
    const transaction = await confirm.mutateAsync({ body, key });
    clearChoices(quote.id);
    queryClient.setQueryData(transactionQueryOptions(transaction.id).queryKey, transaction);
    // The quote is used now: read again next time, not now (the payment page is loading).
    leaving.current = true;
    void queryClient.invalidateQueries({ queryKey: quoteQueryOptions(quote.id).queryKey, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: [...transactionsQueryKey, 'list'] });
    void navigate(paths.makePayment.getHref({ transactionId: transaction.id }));
  }

  async function onConfirm() {
    if (inFlight.current || !chosen) return;
    inFlight.current = true;
    setFailure(null);
    try {
      await send();
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return;
      const fields = apiError.fieldErrors;
      const onFields: ServerErrors = {};
      for (const field of ['quote_id', 'recipient_id', 'purpose', 'reference'] as const) {
        if (fields[field]) onFields[field] = fields[field];
      }
      if (apiError.status === 422 && Object.keys(onFields).length > 0) {
        setServerErrors(onFields);
        goTo(onFields.quote_id ? 'amount' : onFields.recipient_id ? 'recipient' : 'details');
      } else if (apiError.status === 422 && fields.idempotency_key) {
        // The server holds this key for another body: the next attempt is a new one.
        forgetConfirmation(quote.id);
        setFailure({ kind: 'other', message: fields.idempotency_key });
      } else if (apiError.status === 403 && apiError.code === VERIFICATION_REQUIRED) {
        setFailure({ kind: 'verification', message: apiError.message });
      } else if (apiError.status === 409) {
        setFailure({ kind: 'processing' });
      } else if (apiError.status === null) {
        setFailure({ kind: 'network' });
      } else {
        setFailure({ kind: 'other', message: apiError.message });
      }
    } finally {
      inFlight.current = false;
    }
  }

  if (used) {
    return (
      <Card className="space-y-4" data-testid="quote-used">
        <h2 ref={stepHeading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {t('transfer.used.title')}
        </h2>
        <p className="text-slate-700">{t('transfer.used.text')}</p>
        {refreshFailed && <Alert tone="error">{t('transfer.changes.refreshError')}</Alert>}
        <Button loading={refreshing} onClick={refresh}>
          {t('transfer.changes.refresh')}
        </Button>
      </Card>
    );
  }

  const index = WIZARD_STEPS.indexOf(step);
  const stepName = (s: WizardStep) => t(`transfer.steps.${s}`);
  const countdown = refreshing ? (
    <p role="status" className="text-sm font-medium text-slate-800">
      {t('transfer.countdown.refreshing')}
    </p>
  ) : (
    <Countdown msLeft={msLeft} />
  );

  return (
    <div className="space-y-6">
      <Stepper current={step} reachable={reachable} onGo={(s) => goTo(s)} />

      <RefreshNotes quote={quote} />
      {refreshFailed && (
        <QueryError message={t('transfer.changes.refreshError')} retrying={refreshing} onRetry={refresh} />
      )}
      {expiringSoon && !expired && <Alert tone="info">{t('transfer.countdown.expiringSoon')}</Alert>}

      <Card className="space-y-6">
        <div>
          <p className="text-sm font-medium text-slate-600">
            {t('transfer.steps.progress', { current: index + 1, total: WIZARD_STEPS.length, name: stepName(step) })}
          </p>
          <h2
            ref={stepHeading}
            tabIndex={-1}
            className="mt-1 text-xl font-semibold text-slate-900 focus:outline-none"
            data-testid="step-heading"
          >
            {step === 'amount'
              ? t('transfer.amount.title')
              : step === 'recipient'
                ? t('transfer.recipient.title')
                : step === 'details'
                  ? t('transfer.details.title')
                  : t('transfer.review.title')}
          </h2>
        </div>

        {step === 'amount' && (
          <div className="space-y-6">
            {serverErrors.quote_id && (
              <div className="space-y-3" data-testid="quote-problem">
                <Alert tone="error" title={t('transfer.review.quoteProblem')}>
                  {serverErrors.quote_id}
                </Alert>
                <Button variant="secondary" loading={refreshing} onClick={refresh}>
                  {t('transfer.changes.refresh')}
                </Button>
              </div>
            )}
            <AmountEditor quote={quote} onRequoted={goToQuote} />
            {countdown}
            <QuoteNotices quote={quote} />
            <QuoteBreakdown quote={quote} />
            {blocked && <p className="text-sm text-slate-700">{t('transfer.notices.blockedHint')}</p>}
            <FormActions layout="spread">
              <Button disabled={blocked || expired || refreshing} onClick={() => goTo('recipient')}>
                {t('transfer.continue')}
              </Button>
            </FormActions>
          </div>
        )}

        {step === 'recipient' && (
          <div className="space-y-6">
            <RecipientStep
              quote={quote}
              recipients={recipients}
              list={list}
              selectedId={choices.recipientId}
              countryName={country}
              problem={serverErrors.recipient_id}
              onSelect={(recipient) => {
                setAdded((a) => (a.some((r) => r.id === recipient.id) ? a : [...a, recipient]));
                setChoices((c) => ({ ...c, recipientId: recipient.id }));
                setServerErrors((e) => ({ ...e, recipient_id: undefined }));
              }}
            />
            <FormActions layout="spread" secondary={{ label: t('transfer.back'), onClick: () => goTo('amount') }}>
              <Button disabled={!chosen} onClick={() => goTo('details')}>
                {t('transfer.continue')}
              </Button>
            </FormActions>
          </div>
        )}

        {step === 'details' && (
          <DetailsStep
            quote={quote}
            countryName={country}
            purpose={choices.purpose}
            reference={choices.reference}
            serverErrors={{
              ...(serverErrors.purpose ? { purpose: serverErrors.purpose } : {}),
              ...(serverErrors.reference ? { reference: serverErrors.reference } : {}),
            }}
            onChange={onDetailsChange}
            onBack={() => goTo('recipient')}
            onContinue={() => {
              setServerErrors((e) => ({ ...e, purpose: undefined, reference: undefined }));
              goTo('review');
            }}
          />
        )}

        {step === 'review' &&
          (chosen ? (
            <div className="space-y-6">
              {countdown}
              <QuoteNotices quote={quote} />
              <ReviewStep
                quote={quote}
                recipient={chosen}
                purpose={choices.purpose}
                reference={choices.reference}
                pending={confirm.isPending}
                failure={failure}
                disabled={expired || refreshing}
                onEdit={(s) => goTo(s)}
                onConfirm={() => void onConfirm()}
              />
              <FormActions layout="spread" secondary={{ label: t('transfer.back'), onClick: () => goTo('details') }} />
            </div>
          ) : list.isError ? (
            <QueryError
              message={t('transfer.recipient.loadError')}
              retrying={list.isFetching}
              onRetry={() => void list.refetch()}
            />
          ) : (
            <QueryLoading label={t('transfer.recipient.loading')} />
          ))}
      </Card>
    </div>
  );
}
