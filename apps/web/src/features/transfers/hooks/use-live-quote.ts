import type { Quote, QuoteRequest } from '@remit/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { readShownError, type ApiError } from '@/lib/api-errors';
import { createQuote } from '../api/quotes';

/** How long typing pauses before a quote is asked (docs/product/money-movement.md#quotes). */
export const QUOTE_DEBOUNCE_MS = 400;

interface LiveQuoteOptions {
  /** Told each answer to the request it was asked for (the calculator fills in the other side). */
  onAnswer?: (request: QuoteRequest, answer: Quote) => void;
}

/**
 * The live quote of a calculator: asks POST /client/v1/quotes (debounced) whenever `request` changes,
 * drops an answer to an older request, asks nothing while the app navigates away (a quote nobody will
 * see), and says what is shown: the quote for this very request, whether one is on its way, and the
 * last failure. `retry` asks again; `usable` and `renew` give a quote to continue with.
 */
export function useLiveQuote(request: QuoteRequest | null, { onAnswer }: LiveQuoteOptions = {}) {
  const requestKey = request ? JSON.stringify(request) : null;
  const [quote, setQuote] = useState<{ key: string; quote: Quote } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);

  const leaving = useNavigation().state !== 'idle';
  const answered = useRef<{ key: string; attempt: number } | null>(null);
  const onAnswerRef = useRef(onAnswer);
  useEffect(() => {
    onAnswerRef.current = onAnswer;
  });
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
      createQuote(body).then(
        (answer) => {
          if (!live) return;
          answered.current = { key: requestKey, attempt };
          setQuote({ key: requestKey, quote: answer });
          setError(null);
          setPending(false);
          onAnswerRef.current?.(body, answer);
        },
        async (failure: unknown) => {
          const apiError = await readShownError(failure);
          if (!live) return;
          setPending(false);
          setQuote(null);
          setError(apiError);
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [requestKey, attempt, leaving]);

  const shown = quote && quote.key === requestKey ? quote.quote : null;

  /** Nothing to quote: the figures and the failure go. */
  const clear = useCallback(() => {
    setQuote(null);
    setError(null);
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** The shown quote while it can still be confirmed (active, not past its time), else null. */
  const usable = (): Quote | null =>
    shown && shown.status === 'active' && Date.parse(shown.expires_at) > Date.now() ? shown : null;

  /** A new quote for the same request, shown at once (null when it failed: `error` says why). */
  const renew = async (): Promise<Quote | null> => {
    if (!request || !requestKey) return null;
    try {
      const renewed = await createQuote(request);
      setQuote({ key: requestKey, quote: renewed });
      setError(null);
      return renewed;
    } catch (failure) {
      const apiError = await readShownError(failure);
      if (apiError) setError(apiError);
      return null;
    }
  };

  return { quote: shown, pending, error, clear, retry, usable, renew };
}
