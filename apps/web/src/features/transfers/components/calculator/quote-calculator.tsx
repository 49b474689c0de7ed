import {
  currencyExponent,
  isCurrencyCode,
  maxAmount,
  type CorridorsResponse,
  type CurrencyCode,
  type PayoutMethod,
  type Quote,
  type QuoteNotice,
  type QuoteRequest,
  type Recipient,
  type SendCurrency,
  type Transaction,
} from '@remit/contract';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { focusRing } from '@/components/ui/focus';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { readApiError, type ApiError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatRate } from '@/lib/format-rate';
import { quoteNoticeLinkText, quoteNoticeText } from '@/lib/quote-notice-text';
import { useCustomer } from '@/lib/customer-store';
import { formatMoney } from '@/lib/format-money';
import { useCorridors } from '../api/corridors';
import { checkTyped, parseTyped, toInputText, type TypedProblem } from '../lib/amount-input';
import {
  defaultSendCurrency,
  initialDestination,
  rememberDestination,
  resolveDestination,
  type Destination,
} from '../lib/defaults';
import { CountryPicker } from './country-picker';
import { SendAgain } from './send-again';

/** How long typing pauses before a quote is asked (docs/product/money-movement.md#quotes). */
export const QUOTE_DEBOUNCE_MS = 400;

type Side = 'source_amount' | 'target_amount';

export interface QuoteCalculatorProps {
  /** POST /client/v1/quotes (the transfer feature's fetcher, given by the app). */
  createQuote: (body: QuoteRequest) => Promise<Quote>;
  /** The latest transfers, newest first: their recipients are offered under "Send again". */
  recentTransfers?: Transaction[];
  /** The latest transfers have been read (or failed): `?send_again=` may then fetch its recipient. */
  recentLoaded?: boolean;
  /** GET /client/v1/recipients/{id} (the recipients feature's fetcher, given by the app), for `?send_again=`. */
  getRecipient?: (id: string) => Promise<Recipient>;
}

/** `?send_again={recipientId}` (optionally `&amount=` minor units with `&currency=`): what to preselect. */
export const SEND_AGAIN_PARAM = 'send_again';

/**
 * The dashboard's calculator: how much to send or how much they get, where and how; each change asks
 * a quote for the side typed (debounced) and shows the fee, our rate against the mid-market rate, the
 * delivery estimate and the notices. Continue opens the wizard with the quote (a new one when the
 * shown one expired or no longer matches), and with the recipient chosen through "Send again".
 */
export function QuoteCalculator({
  createQuote,
  recentTransfers = [],
  recentLoaded = true,
  getRecipient,
}: QuoteCalculatorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const corridors = useCorridors();
  const customer = useCustomer();

  let body;
  if (corridors.data && !customer.isPending) {
    body = (
      <Calculator
        corridors={corridors.data}
        customerCountry={customer.data?.country?.iso2_alpha ?? null}
        createQuote={createQuote}
        recentTransfers={recentTransfers}
        recentLoaded={recentLoaded}
        getRecipient={getRecipient}
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
    <Card className="p-5 sm:p-8">
      <section aria-labelledby={headingId} data-testid="quote-calculator">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
          {t('dashboard.calculator.heading')}
        </h2>
        <div className="mt-4">{body}</div>
      </section>
    </Card>
  );
}

interface CalculatorProps extends Required<Omit<QuoteCalculatorProps, 'getRecipient'>> {
  getRecipient: QuoteCalculatorProps['getRecipient'];
  corridors: CorridorsResponse;
  customerCountry: string | null;
}

interface ChosenRecipient {
  id: string;
  name: string;
  destination: Destination;
}

const sameDestination = (a: Destination, b: Destination) =>
  a.country === b.country && a.currency === b.currency && a.method === b.method;

/** The recipient "Send again" fills the calculator for, and the amount to start from (if any). */
interface SendAgainTarget {
  id: string;
  name: string;
  destination: Destination;
  amount: { amount: string; currency: string } | null;
}

function Calculator({
  corridors,
  customerCountry,
  createQuote,
  recentTransfers,
  recentLoaded,
  getRecipient,
}: CalculatorProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const ids = useId();
  const sendId = `${ids}-send`;
  const receiveId = `${ids}-receive`;
  const blockedId = `${ids}-blocked`;

  const [sendCurrency, setSendCurrency] = useState<SendCurrency>(() =>
    defaultSendCurrency(customerCountry, corridors.send_currencies),
  );
  const [destination, setDestination] = useState<Destination | null>(() => initialDestination(corridors));
  const [side, setSide] = useState<Side>('source_amount');
  const [sendText, setSendText] = useState(() => toInputText(100000n, 'GBP', locale));
  const [receiveText, setReceiveText] = useState('');
  const [typing, setTyping] = useState<{ side: Side; problem: TypedProblem } | null>(null);
  const [recipient, setRecipient] = useState<ChosenRecipient | null>(null);
  const [quote, setQuote] = useState<{ key: string; quote: Quote } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [continuing, setContinuing] = useState(false);

  const country = corridors.destinations.find((d) => d.country === destination?.country);
  const currencies = country?.currencies ?? [];
  const methods = currencies.find((c) => c.currency === destination?.currency)?.payout_methods ?? [];
  const targetCurrency: CurrencyCode | null =
    destination && isCurrencyCode(destination.currency) ? destination.currency : null;

  useEffect(() => {
    if (destination) rememberDestination(destination);
  }, [destination]);

  // The request for the side typed last; null while its amount is empty, zero or not an amount.
  const request = useMemo((): QuoteRequest | null => {
    if (!destination || !targetCurrency) return null;
    const text = side === 'source_amount' ? sendText : receiveText;
    const amount = parseTyped(text, side === 'source_amount' ? sendCurrency : targetCurrency, locale);
    if (amount === null || amount === 0n) return null;
    return {
      source_currency: sendCurrency,
      target_country: destination.country,
      target_currency: destination.currency,
      payout_method: destination.method,
      [side]: amount.toString(),
    };
  }, [destination, targetCurrency, side, sendText, receiveText, sendCurrency, locale]);
  const requestKey = request ? JSON.stringify(request) : null;

  // Ask (debounced) whenever the request changes; an answer for an older request is dropped. Nothing
  // is asked while the app navigates away (a quote nobody will see).
  const leaving = useNavigation().state !== 'idle';
  const createRef = useRef(createQuote);
  const answered = useRef<{ key: string; attempt: number } | null>(null);
  useEffect(() => {
    createRef.current = createQuote;
  }, [createQuote]);
  useEffect(() => {
    if (!requestKey) {
      setPending(false);
      return;
    }
    if (leaving) return;
    if (answered.current?.key === requestKey && answered.current.attempt === attempt) return;
    let live = true;
    const body = JSON.parse(requestKey) as QuoteRequest;
    setPending(true);
    const timer = setTimeout(() => {
      createRef.current(body).then(
        (answer) => {
          if (!live) return;
          answered.current = { key: requestKey, attempt };
          setQuote({ key: requestKey, quote: answer });
          setError(null);
          setPending(false);
          const other = body.source_amount !== undefined ? 'target' : 'source';
          const currency = other === 'target' ? answer.target_currency : answer.source_currency;
          if (isCurrencyCode(currency)) {
            const text = toInputText(
              other === 'target' ? answer.target_amount : answer.source_amount,
              currency,
              locale,
            );
            if (other === 'target') setReceiveText(text);
            else setSendText(text);
          }
        },
        async (failure: unknown) => {
          const apiError = await readApiError(failure);
          if (!live) return;
          setPending(false);
          setQuote(null);
          setError(apiError.status === 401 ? null : apiError);
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `locale` only formats the other side's answer; a language switch asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, attempt, leaving]);

  const typedError = (which: Side): string | undefined => {
    if (typing?.side !== which) return undefined;
    const currency = which === 'source_amount' ? sendCurrency : targetCurrency;
    if (!currency) return undefined;
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
    const currency = which === 'source_amount' ? sendCurrency : targetCurrency;
    if (!currency) return;
    const problem = checkTyped(text, currency, locale);
    if (problem) {
      // Refused: the field keeps what it had, and says why.
      setTyping({ side: which, problem });
      return;
    }
    setTyping(null);
    setSide(which);
    if (which === 'source_amount') setSendText(text);
    else setReceiveText(text);
    const amount = parseTyped(text, currency, locale);
    if (amount === null || amount === 0n) {
      // Nothing to quote: the other side and the figures go blank.
      if (which === 'source_amount') setReceiveText('');
      else setSendText('');
      setQuote(null);
      setError(null);
    }
  };

  const changeDestination = (wanted: Partial<Destination>, keepRecipient = false) => {
    const next = resolveDestination(corridors.destinations, { ...destination, ...wanted });
    setDestination(next);
    if (!keepRecipient && recipient && (!next || !sameDestination(next, recipient.destination))) setRecipient(null);
    // An amount typed on the receive side no longer fits another currency: quote by the send side.
    if (next && destination && next.currency !== destination.currency && side === 'target_amount') {
      setSide('source_amount');
    }
    setTyping(null);
  };

  const changeSendCurrency = (next: SendCurrency) => {
    setSendCurrency(next);
    setTyping(null);
    if (side === 'source_amount' && parseTyped(sendText, next, locale) === null && sendText !== '') {
      // "10.55" means nothing in JPY: keep the whole part.
      setSendText(sendText.replace(/[^0-9].*$/, ''));
    }
  };

  const applySendAgain = (target: SendAgainTarget) => {
    const wanted = target.destination;
    const next = resolveDestination(corridors.destinations, wanted);
    if (!next) return;
    setDestination(next);
    setRecipient(sameDestination(next, wanted) ? { id: target.id, name: target.name, destination: next } : null);
    const source = corridors.send_currencies.find((c) => c === target.amount?.currency) ?? sendCurrency;
    setSendCurrency(source);
    setSide('source_amount');
    setTyping(null);
    setSendText(
      target.amount && source === target.amount.currency ? toInputText(target.amount.amount, source, locale) : sendText,
    );
  };

  const sendAgain = (transfer: Transaction) =>
    applySendAgain({
      id: transfer.recipient_id,
      name: transfer.recipient.name,
      destination: {
        country: transfer.recipient.country,
        currency: transfer.recipient.currency,
        method: transfer.recipient.payout_method,
      },
      amount: { amount: transfer.source_amount, currency: transfer.source_currency },
    });

  // `?send_again={recipientId}[&amount=&currency=]`: the same as that recipient's "Send again" button,
  // from the recent transfers, else from the recipient itself (fetched). Applied once.
  const [searchParams] = useSearchParams();
  const wantedId = searchParams.get(SEND_AGAIN_PARAM);
  const wantedAmount = searchParams.get('amount');
  const wantedCurrency = searchParams.get('currency');
  const recentMatch = wantedId ? recentTransfers.find((transfer) => transfer.recipient_id === wantedId) : undefined;
  const mustFetch = !!wantedId && !recentMatch && recentLoaded && !!getRecipient;
  const [fetched, setFetched] = useState<Recipient | null>(null);
  useEffect(() => {
    if (!mustFetch || !wantedId || !getRecipient) return;
    let live = true;
    getRecipient(wantedId).then(
      (found) => {
        if (live) setFetched(found);
      },
      () => {
        // Unknown or deleted: the calculator stays as it is.
      },
    );
    return () => {
      live = false;
    };
  }, [mustFetch, wantedId, getRecipient]);

  const appliedFor = useRef<string | null>(null);
  const applyRef = useRef(applySendAgain);
  useEffect(() => {
    applyRef.current = applySendAgain;
  });
  useEffect(() => {
    if (!wantedId || appliedFor.current === wantedId) return;
    const amount =
      wantedAmount && wantedCurrency && /^[0-9]{1,18}$/.test(wantedAmount) && BigInt(wantedAmount) > 0n
        ? { amount: wantedAmount, currency: wantedCurrency }
        : null;
    let target: SendAgainTarget | null = null;
    if (recentMatch) {
      target = {
        id: recentMatch.recipient_id,
        name: recentMatch.recipient.name,
        destination: {
          country: recentMatch.recipient.country,
          currency: recentMatch.recipient.currency,
          method: recentMatch.recipient.payout_method,
        },
        amount: amount ?? { amount: recentMatch.source_amount, currency: recentMatch.source_currency },
      };
    } else if (fetched?.id === wantedId) {
      target = {
        id: fetched.id,
        name: fetched.name,
        destination: { country: fetched.country, currency: fetched.currency, method: fetched.payout_method },
        amount,
      };
    }
    if (!target) return;
    appliedFor.current = wantedId;
    applyRef.current(target);
  }, [wantedId, wantedAmount, wantedCurrency, recentMatch, fetched]);

  const shown = quote && quote.key === requestKey ? quote.quote : null;
  const blocked = shown?.notices.some((n) => n.type === 'blocked') ?? false;

  const onContinue = async () => {
    if (!request || !requestKey) return;
    let current = shown;
    const expired = !current || current.status !== 'active' || Date.parse(current.expires_at) <= Date.now();
    if (expired) {
      setContinuing(true);
      try {
        current = await createQuote(request);
        setQuote({ key: requestKey, quote: current });
        setError(null);
      } catch (failure) {
        const apiError = await readApiError(failure);
        setContinuing(false);
        if (apiError.status !== 401) setError(apiError);
        return;
      }
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
        id={sendId}
        label={t('dashboard.calculator.youSend')}
        value={sendText}
        error={fieldError('source_amount')}
        onChange={(text) => onAmount('source_amount', text)}
        currency={
          <>
            <label htmlFor={sendSelectId} className="sr-only">
              {t('dashboard.calculator.sendCurrency')}
            </label>
            <select
              id={sendSelectId}
              value={sendCurrency}
              onChange={(event) => changeSendCurrency(event.target.value as SendCurrency)}
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
        onChange={(code) => changeDestination({ country: code })}
      />

      {methods.length > 0 && destination && (
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('dashboard.calculator.method')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {methods.map((m) => (
              <MethodOption
                key={m.method}
                name={`${ids}-method`}
                method={m.method}
                checked={m.method === destination.method}
                onChange={() => changeDestination({ method: m.method })}
              />
            ))}
          </div>
        </fieldset>
      )}

      <AmountRow
        id={receiveId}
        label={t('dashboard.calculator.recipientGets')}
        value={receiveText}
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
                onChange={(event) => changeDestination({ currency: event.target.value })}
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
            onClick={() => setRecipient(null)}
          >
            {t('dashboard.calculator.clearRecipient')}
          </button>
        </p>
      )}

      <Breakdown quote={shown} pending={pending} />

      {shown && shown.notices.length > 0 && <Notices notices={shown.notices} />}

      {generalError && (
        <Alert tone="error" testId="quote-error">
          {generalError}
        </Alert>
      )}
      {error && error.status !== 422 && (
        <QueryError
          message={t('dashboard.calculator.quoteError')}
          retrying={pending}
          onRetry={() => setAttempt((n) => n + 1)}
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

      <SendAgain transfers={recentTransfers} selectedId={recipient?.id ?? null} onPick={sendAgain} />
    </div>
  );
}

const currencyBoxClass =
  'min-h-12 w-28 shrink-0 rounded-xl border border-slate-400 bg-slate-50 px-3 text-base font-semibold text-slate-900';

interface AmountRowProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
  currency: ReactNode;
  large?: boolean;
}

function AmountRow({ id, label, value, error, onChange, currency, large = false }: AmountRowProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            'block min-h-12 w-full min-w-0 rounded-xl border bg-white px-4 font-semibold text-slate-900 tabular-nums focus:outline-2 focus:outline-offset-0 focus:outline-blue-700',
            large ? 'text-2xl' : 'text-xl',
            error ? 'border-red-600' : 'border-slate-400',
          )}
        />
        {currency}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function MethodOption({
  name,
  method,
  checked,
  onChange,
}: {
  name: string;
  method: PayoutMethod;
  checked: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <label
      className={cn(
        'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700',
        checked ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-900',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="h-4 w-4 accent-blue-700" />
      {t(`dashboard.calculator.methods.${method}`)}
    </label>
  );
}

function Breakdown({ quote, pending }: { quote: Quote | null; pending: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const source = quote && isCurrencyCode(quote.source_currency) ? quote.source_currency : null;
  const target = quote && isCurrencyCode(quote.target_currency) ? quote.target_currency : null;
  const money = (amount: string, currency: CurrencyCode) => formatMoney({ amount, currency }, locale);
  const summary =
    quote && source && target && !pending
      ? t('dashboard.calculator.summary', {
          amount: money(quote.target_amount, target),
          fee: money(quote.fee.total, source),
          total: money(quote.total_to_pay, source),
        })
      : '';

  return (
    <div>
      {/* Said once each quote lands, politely. */}
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="quote-announcement">
        {pending ? t('dashboard.calculator.quoting') : summary}
      </p>
      {pending && (
        <p aria-hidden="true" className="mb-2 text-sm text-slate-700" data-testid="quote-pending">
          {t('dashboard.calculator.quoting')}
        </p>
      )}
      {quote && source && target && (
        <dl
          data-testid="quote-breakdown"
          aria-busy={pending || undefined}
          className={cn('divide-y divide-slate-200 rounded-xl bg-slate-50 px-4 text-sm', pending && 'opacity-60')}
        >
          {quote.fee.items.map((item) => (
            <Row key={item.type} label={t(`dashboard.calculator.feeTypes.${item.type}`)}>
              {money(item.amount, source)}
            </Row>
          ))}
          {quote.fee.items.length > 1 && (
            <Row label={t('dashboard.calculator.feeTotal')}>{money(quote.fee.total, source)}</Row>
          )}
          <Row label={t('dashboard.calculator.totalToPay')} strong>
            {money(quote.total_to_pay, source)}
          </Row>
          <Row label={t('dashboard.calculator.ourRate')}>
            {t('dashboard.calculator.rateValue', { source, target, rate: formatRate(quote.rate, locale) })}
          </Row>
          <Row label={t('dashboard.calculator.midMarketRate')}>
            {t('dashboard.calculator.rateValue', { source, target, rate: formatRate(quote.mid_market_rate, locale) })}
          </Row>
          <Row label={t('dashboard.calculator.delivery')}>{quote.delivery_estimate}</Row>
          <Row label={t('dashboard.calculator.recipientGets')} strong>
            <span className="text-2xl font-bold text-slate-900" data-testid="recipient-gets">
              {money(quote.target_amount, target)}
            </span>
          </Row>
        </dl>
      )}
    </div>
  );
}

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2.5">
      <dt className={cn('text-slate-700', strong && 'font-semibold text-slate-900')}>{label}</dt>
      <dd className={cn('text-right break-words text-slate-900', strong && 'font-semibold')}>{children}</dd>
    </div>
  );
}

const noticeTones: Record<QuoteNotice['type'], string> = {
  info: 'border-slate-200 bg-white text-slate-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  blocked: 'border-red-300 bg-red-50 text-red-900',
};

function Notices({ notices }: { notices: QuoteNotice[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="space-y-2" data-testid="quote-notices">
      {notices.map((notice) => (
        <li
          key={notice.code}
          data-type={notice.type}
          className={cn('rounded-xl border px-4 py-3 text-sm', noticeTones[notice.type])}
        >
          <p>{quoteNoticeText(notice, t, i18n.language)}</p>
          {notice.link && (
            <p className="mt-1">
              <TextLink to={notice.link}>{quoteNoticeLinkText(notice, t) ?? t('dashboard.calculator.fixIt')}</TextLink>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
