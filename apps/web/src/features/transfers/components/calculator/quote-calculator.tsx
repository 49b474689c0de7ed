import {
  currencyExponent,
  maxAmount,
  type CorridorsResponse,
  type Quote,
  type SendCurrency,
  type Transaction,
} from '@remit/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldLabelClass } from '@/components/ui/field-label';
import { focusRing } from '@/components/ui/focus';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCorridors } from '@/lib/corridors';
import { useCustomer } from '@/lib/customer-store';
import { formatMoney } from '@/lib/format-money';
import { useCalculatorState, type Side } from '../../hooks/use-calculator-state';
import { useCorridorParams } from '../../hooks/use-corridor-params';
import { useLiveQuote } from '../../hooks/use-live-quote';
import { sendAgainTarget, useSendAgainParam } from '../../hooks/use-send-again-param';
import { toInputText } from '../../lib/amount-input';
import { AmountRow, currencyBoxClass, MethodOption } from './amount-row';
import { CountryPicker } from './country-picker';
import { QuoteFigures, QuoteNoticeList } from './quote-figures';
import { SendAgain } from './send-again';

export { QUOTE_DEBOUNCE_MS } from '../../hooks/use-live-quote';
export { SEND_AGAIN_PARAM } from '../../hooks/use-send-again-param';

export interface QuoteCalculatorProps {
  /** The latest transfers, newest first: their recipients are offered under "Send again". */
  recentTransfers?: Transaction[];
  /** The latest transfers have been read (or failed): `?send_again=` may then fetch its recipient. */
  recentLoaded?: boolean;
  /** Shown under Continue for the quote on screen (the dashboard's rate alert action). */
  quoteExtra?: ((quote: Quote) => ReactNode) | undefined;
}

/**
 * The dashboard's calculator: how much to send or how much they get, where and how; each change asks
 * a quote for the side typed (debounced) and shows the fee, our rate against the mid-market rate, the
 * delivery estimate and the notices. Continue opens the wizard with the quote (a new one when the
 * shown one expired or no longer matches), and with the recipient chosen through "Send again".
 */
export function QuoteCalculator({ recentTransfers = [], recentLoaded = true, quoteExtra }: QuoteCalculatorProps) {
  const { t } = useTranslation();
  const corridors = useCorridors();
  const customer = useCustomer();

  let body;
  if (corridors.data && !customer.isPending) {
    body = (
      <Calculator
        corridors={corridors.data}
        customerCountry={customer.data?.country?.iso2_alpha ?? null}
        recentTransfers={recentTransfers}
        recentLoaded={recentLoaded}
        quoteExtra={quoteExtra}
      />
    );
  } else if (corridors.isError) {
    body = (
      <QueryError
        message={t('dashboard.calculator.countriesError')}
        retrying={corridors.isFetching}
        onRetry={() => void corridors.refetch()}
        testId="calculator-error"
      />
    );
  } else {
    body = <QueryLoading label={t('dashboard.calculator.countriesLoading')} />;
  }

  return (
    <SectionCard heading={t('dashboard.calculator.heading')} testId="quote-calculator" className="p-5 sm:p-8">
      <div className="mt-4">{body}</div>
    </SectionCard>
  );
}

interface CalculatorProps extends Required<Omit<QuoteCalculatorProps, 'quoteExtra'>> {
  quoteExtra: QuoteCalculatorProps['quoteExtra'];
  corridors: CorridorsResponse;
  customerCountry: string | null;
}

function Calculator({ corridors, customerCountry, recentTransfers, recentLoaded, quoteExtra }: CalculatorProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const ids = useId();
  const blockedId = `${ids}-blocked`;
  const state = useCalculatorState(corridors, customerCountry, locale);
  const { destination, recipient, request, typing } = state;
  const live = useLiveQuote(request, { onAnswer: state.fillOther });
  const { quote: shown, pending, error } = live;
  const [continuing, setContinuing] = useState(false);
  useSendAgainParam(recentTransfers, recentLoaded, state.applySendAgain);
  // `?source_currency=&target_country=&target_currency=` (a rate alert's link) opens on that corridor.
  useCorridorParams(corridors, ({ sendCurrency, destination: wanted }) => {
    if (sendCurrency) state.changeSendCurrency(sendCurrency);
    if (wanted) state.changeDestination(wanted);
  });

  const currencies = corridors.destinations.find((d) => d.country === destination?.country)?.currencies ?? [];
  const methods = currencies.find((c) => c.currency === destination?.currency)?.payout_methods ?? [];
  const blocked = shown?.notices.some((n) => n.type === 'blocked') ?? false;

  const typedError = (which: Side): string | undefined => {
    const currency = state.currencyOf(which);
    if (typing?.side !== which || !currency) return undefined;
    if (typing.problem === 'too_large') {
      return t('dashboard.calculator.tooLarge', { max: formatMoney(maxAmount(currency), locale) });
    }
    const exponent = currencyExponent(currency);
    if (typing.problem === 'decimals') {
      return exponent === 0
        ? t('dashboard.calculator.noDecimals', { currency })
        : t('dashboard.calculator.tooManyDecimals', { currency, count: exponent });
    }
    const example = exponent === 0 ? 125n : 12550n * 10n ** BigInt(exponent - 2);
    return t('dashboard.calculator.invalidAmount', { example: toInputText(example, currency, locale) });
  };

  const onAmount = (which: Side, text: string) => {
    if (!state.typeAmount(which, text)) live.clear();
  };

  const onContinue = async () => {
    if (!request) return;
    let current = live.usable();
    if (!current) {
      setContinuing(true);
      current = await live.renew();
      setContinuing(false);
    }
    if (!current) return;
    const search = recipient ? { recipient: recipient.id } : undefined;
    void navigate(paths.transferWizard.getHref({ quoteId: current.id }, search));
  };

  const fieldError = (which: Side) => typedError(which) ?? error?.fieldErrors[which];
  const generalError =
    error &&
    !error.fieldErrors.source_amount &&
    !error.fieldErrors.target_amount &&
    (error.status === 422
      ? (Object.values(error.fieldErrors)[0] ?? error.message ?? t('dashboard.calculator.quoteError'))
      : null);

  const sendSelectId = `${ids}-send-currency`;
  const receiveSelectId = `${ids}-receive-currency`;
  return (
    <div className="space-y-5">
      <AmountRow
        id={`${ids}-send`}
        label={t('dashboard.calculator.youSend')}
        value={state.sendText}
        error={fieldError('source_amount')}
        onChange={(text) => onAmount('source_amount', text)}
        currency={
          <>
            <label htmlFor={sendSelectId} className="sr-only">
              {t('dashboard.calculator.sendCurrency')}
            </label>
            <select
              id={sendSelectId}
              value={state.sendCurrency}
              onChange={(event) => state.changeSendCurrency(event.target.value as SendCurrency)}
              className={cn(currencyBoxClass, 'cursor-pointer pr-8', focusRing)}
            >
              {corridors.send_currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </>
        }
      />

      <CountryPicker
        label={t('dashboard.calculator.country')}
        options={corridors.destinations.map((d) => ({ code: d.country, name: d.name }))}
        value={destination?.country ?? ''}
        onChange={(code) => state.changeDestination({ country: code })}
      />

      {methods.length > 0 && destination && (
        <fieldset>
          <legend className={fieldLabelClass}>{t('dashboard.calculator.method')}</legend>
          <div className="flex flex-wrap gap-2">
            {methods.map((m) => (
              <MethodOption
                key={m.method}
                name={`${ids}-method`}
                method={m.method}
                checked={m.method === destination.method}
                onChange={() => state.changeDestination({ method: m.method })}
              />
            ))}
          </div>
        </fieldset>
      )}

      <AmountRow
        id={`${ids}-receive`}
        label={t('dashboard.calculator.recipientGets')}
        value={state.receiveText}
        large
        error={fieldError('target_amount')}
        onChange={(text) => onAmount('target_amount', text)}
        currency={
          currencies.length > 1 ? (
            <>
              <label htmlFor={receiveSelectId} className="sr-only">
                {t('dashboard.calculator.receiveCurrency')}
              </label>
              <select
                id={receiveSelectId}
                value={destination?.currency ?? ''}
                onChange={(event) => state.changeDestination({ currency: event.target.value })}
                className={cn(currencyBoxClass, 'cursor-pointer pr-8', focusRing)}
              >
                {currencies.map((c) => (
                  <option key={c.currency} value={c.currency}>
                    {c.currency}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <span className={cn(currencyBoxClass, 'flex items-center')} data-testid="receive-currency">
              {destination?.currency}
            </span>
          )
        }
      />

      {recipient && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-800" data-testid="sending-to">
          <span className="font-semibold">{t('dashboard.calculator.sendingTo', { name: recipient.name })}</span>
          <button
            type="button"
            className={cn('font-semibold text-blue-800 underline underline-offset-4', focusRing)}
            onClick={state.clearRecipient}
          >
            {t('dashboard.calculator.clearRecipient')}
          </button>
        </p>
      )}

      <QuoteFigures quote={shown} pending={pending} />

      {shown && shown.notices.length > 0 && <QuoteNoticeList notices={shown.notices} />}

      {generalError && (
        <Alert tone="error" testId="quote-error">
          {generalError}
        </Alert>
      )}
      {error && error.status !== 422 && (
        <QueryError
          message={t('dashboard.calculator.quoteError')}
          retrying={pending}
          onRetry={live.retry}
          testId="quote-failed"
        />
      )}

      <div>
        <Button
          fullWidth
          loading={continuing}
          disabled={!request || blocked}
          aria-describedby={blocked ? blockedId : undefined}
          onClick={() => void onContinue()}
        >
          {t('dashboard.calculator.continue')}
        </Button>
        {blocked && (
          <p id={blockedId} className="mt-2 text-sm text-slate-700">
            {t('dashboard.calculator.continueBlocked')}
          </p>
        )}
      </div>

      {shown && quoteExtra?.(shown)}

      <SendAgain
        transfers={recentTransfers}
        selectedId={recipient?.id ?? null}
        onPick={(transfer: Transaction) => state.applySendAgain(sendAgainTarget(transfer))}
      />
    </div>
  );
}
