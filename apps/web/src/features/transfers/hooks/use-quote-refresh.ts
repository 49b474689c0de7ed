import type { Quote } from '@remit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { isSignedOut } from '@/lib/api-errors';
import { useCustomerEvents } from '@/lib/use-customer-events';
import { quoteQueryOptions, refreshQuote } from '../api/quotes';
import { moveChoices } from '../lib/wizard-state';
import type { WizardStep } from '../lib/wizard-state';

interface QuoteRefreshOptions {
  /** The quote has expired (its time is up or the api says so). */
  expired: boolean;
  /** The step shown, kept in the new quote's address. */
  step: WizardStep;
  /** Confirmed: on the way to the payment page, nothing is refreshed any more. */
  leaving: RefObject<boolean>;
  /** Another quote took this one's place (errors about the old one no longer hold). */
  onReplaced: () => void;
}

/**
 * The wizard's quote over time (docs/product/money-movement.md#transfer-wizard): another quote
 * replaces it (a re-quote or a refresh: cached, the choices moved, the address replaced, focus kept
 * where it was), it is refreshed once by itself at expiry (a failure offers a button instead of a
 * loop), and QuoteExpiring says a minute before.
 */
export function useQuoteRefresh(quote: Quote, { expired, step, leaving, onReplaced }: QuoteRefreshOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [expiringSoon, setExpiringSoon] = useState<string | null>(null);
  const autoRefreshed = useRef(new Set<string>());
  const restoreFocus = useRef<HTMLElement | null>(null);
  const onReplacedRef = useRef(onReplaced);
  useEffect(() => {
    onReplacedRef.current = onReplaced;
  });

  /** Another quote replaces this one: cached, choices moved, the address replaced (focus stays where it was). */
  const goToQuote = useCallback(
    (next: Quote) => {
      const focused = document.activeElement;
      restoreFocus.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      queryClient.setQueryData(quoteQueryOptions(next.id).queryKey, next);
      moveChoices(quote.id, next.id);
      onReplacedRef.current();
      void navigate(paths.transferWizard.getHref({ quoteId: next.id }, { step }), { replace: true });
    },
    [queryClient, quote.id, navigate, step],
  );

  // The app moves focus to the page heading on a new path (after this effect): typing in the amount
  // keeps it, so focus goes back once the new quote is shown.
  useEffect(() => {
    const element = restoreFocus.current;
    restoreFocus.current = null;
    if (!element) return;
    const timer = setTimeout(() => {
      if (element.isConnected && document.activeElement !== element) element.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [quote.id]);

  const refresh = useCallback(() => {
    setRefreshing(true);
    setRefreshFailed(false);
    refreshQuote(quote.id).then(
      (next) => {
        setRefreshing(false);
        goToQuote(next);
      },
      (error: unknown) => {
        setRefreshing(false);
        if (!isSignedOut(error)) setRefreshFailed(true);
      },
    );
  }, [quote.id, goToQuote]);

  // At expiry, a fresh quote (once per quote: a failure offers a button instead of a loop).
  useEffect(() => {
    if (!expired || leaving.current || autoRefreshed.current.has(quote.id)) return;
    autoRefreshed.current.add(quote.id);
    refresh();
  }, [expired, quote.id, refresh, leaving]);

  useCustomerEvents({
    QuoteExpiring: (payload) => {
      if (payload.quote_id === quote.id) setExpiringSoon(quote.id);
    },
  });

  return { goToQuote, refresh, refreshing, refreshFailed, expiringSoon: expiringSoon === quote.id };
}
