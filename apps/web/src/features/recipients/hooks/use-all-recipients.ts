import type { Recipient, RecipientPayoutMethod } from '@remit/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { recipientListQueryOptions } from '../api/recipients';

/** A destination a recipient must match: country, currency and payout method. */
export interface RecipientDestination {
  country: string;
  currency: string;
  payout_method: RecipientPayoutMethod;
}

/** The most pages read to gather the recipients of one destination (20 each). */
const MAX_PAGES = 10;

export const matchesDestination = (recipient: Recipient, destination: RecipientDestination) =>
  recipient.country === destination.country &&
  recipient.currency === destination.currency &&
  recipient.payout_method === destination.payout_method;

/**
 * The customer's recipients for one destination: every page of the unfiltered list (the recipients
 * screen's own query, so an added or edited recipient refreshes it here too), filtered here.
 */
export function useAllRecipients(destination: RecipientDestination) {
  const list = useInfiniteQuery(recipientListQueryOptions(''));
  const { hasNextPage, isFetchingNextPage, fetchNextPage, data } = list;
  const pages = data?.pages.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && pages < MAX_PAGES) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pages]);
  const { country, currency, payout_method } = destination;
  const recipients = useMemo(
    () =>
      (data?.pages.flatMap((page) => page.data) ?? []).filter((r) =>
        matchesDestination(r, { country, currency, payout_method }),
      ),
    [data, country, currency, payout_method],
  );
  return { list, recipients };
}
