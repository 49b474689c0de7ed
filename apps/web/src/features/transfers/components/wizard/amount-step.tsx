import {
  isCurrencyCode,
  MoneyError,
  parseMajor,
  parseMinorUnits,
  toMajorString,
  currencyExponent,
  type Quote,
  type QuoteRequest,
} from '@remit/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { readShownError } from '@/lib/api-errors';
import { createQuote } from '../../api/quotes';

/** How long typing settles before the quote is asked again. */
export const REQUOTE_DELAY_MS = 500;

/** The quoted side's amount as typed text ("1000.00"). */
function shownAmount(quote: Quote): string {
  const side = quote.quoted_by;
  const currency = side === 'source_amount' ? quote.source_currency : quote.target_currency;
  return isCurrencyCode(currency) ? toMajorString({ amount: parseMinorUnits(quote[side]), currency }) : quote[side];
}

/** "1 000,50" or "1,000.50" → "1000.50": spaces go, a comma is the decimal mark unless there is a point. */
function typedToDecimal(text: string): string {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  return compact.includes('.') ? compact.replace(/,/g, '') : compact.replace(',', '.');
}

interface AmountEditorProps {
  quote: Quote;
  /** A new quote for the typed amount (the wizard moves to it). */
  onRequoted: (quote: Quote) => void;
}

/**
 * The amount on the side the quote was asked by (send or receive): typing settles, then a new quote
 * for the same corridor is asked (POST /client/v1/quotes). A newer answer always wins.
 */
export function AmountEditor({ quote, onRequoted }: AmountEditorProps) {
  const { t } = useTranslation();
  const side = quote.quoted_by;
  const currency = side === 'source_amount' ? quote.source_currency : quote.target_currency;
  const [typed, setTyped] = useState(() => shownAmount(quote));
  const [error, setError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<'idle' | 'pending' | 'updated'>('idle');
  const asked = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const latestQuote = useRef(quote);
  useEffect(() => {
    latestQuote.current = quote;
  });

  // Another quote arrived from elsewhere (a refresh): show its amount unless the customer is typing.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setTyped(shownAmount(quote));
  }, [quote]);

  const check = (text: string): bigint | string => {
    if (!isCurrencyCode(currency)) return t('transfer.amount.invalid');
    const cleaned = typedToDecimal(text);
    try {
      const minor = parseMajor(cleaned, currency);
      if (minor <= 0n) return t('transfer.amount.zero');
      return minor;
    } catch (e) {
      if (e instanceof MoneyError && e.code === 'too_many_decimals') {
        return t('transfer.amount.tooManyDecimals', { currency, count: currencyExponent(currency) });
      }
      return t('transfer.amount.invalid');
    }
  };

  useEffect(() => {
    const current = latestQuote.current;
    if (typed === shownAmount(current)) return;
    const timer = setTimeout(() => {
      const result = check(typed);
      if (typeof result === 'string') {
        setError(result);
        return;
      }
      if (String(result) === current[side]) {
        setError(undefined);
        return;
      }
      setError(undefined);
      const ask = ++asked.current;
      setStatus('pending');
      const body: QuoteRequest = {
        source_currency: current.source_currency,
        target_country: current.target_country,
        target_currency: current.target_currency,
        payout_method: current.payout_method,
        [side]: String(result),
      };
      createQuote(body).then(
        (next) => {
          if (ask !== asked.current) return;
          setStatus('updated');
          onRequoted(next);
        },
        async (failure: unknown) => {
          if (ask !== asked.current) return;
          setStatus('idle');
          const apiError = await readShownError(failure);
          if (!apiError) return;
          setError(
            apiError.fieldErrors[side] ?? Object.values(apiError.fieldErrors)[0] ?? t('transfer.amount.requoteError'),
          );
        },
      );
    }, REQUOTE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only when the typed text changes
  }, [typed]);

  return (
    <div className="space-y-2">
      <TextField
        ref={inputRef}
        name={side}
        inputMode="decimal"
        autoComplete="off"
        label={
          side === 'source_amount'
            ? t('transfer.amount.sendLabel', { currency })
            : t('transfer.amount.receiveLabel', { currency })
        }
        value={typed}
        error={error}
        onChange={(e) => setTyped(e.target.value)}
        className="text-lg"
      />
      <p className="text-sm text-slate-600" aria-live="polite" aria-atomic="true" data-testid="requote-status">
        {status === 'pending'
          ? t('transfer.amount.requoting')
          : status === 'updated'
            ? t('transfer.amount.updated')
            : t('transfer.amount.hint')}
      </p>
    </div>
  );
}
