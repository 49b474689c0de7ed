import type { Recipient, Transaction } from '@remit/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getRecipient } from '@/features/recipients';
import type { Destination } from '../lib/defaults';

/** `?send_again={recipientId}` (optionally `&amount=` minor units with `&currency=`): what to preselect. */
export const SEND_AGAIN_PARAM = 'send_again';

/** The recipient "Send again" fills the calculator for, and the amount to start from (if any). */
export interface SendAgainTarget {
  id: string;
  name: string;
  destination: Destination;
  amount: { amount: string; currency: string } | null;
}

/** A recent transfer's recipient, destination and amount, as its "Send again" button uses them. */
export const sendAgainTarget = (transfer: Transaction): SendAgainTarget => ({
  id: transfer.recipient_id,
  name: transfer.recipient.name,
  destination: {
    country: transfer.recipient.country,
    currency: transfer.recipient.currency,
    method: transfer.recipient.payout_method,
  },
  amount: { amount: transfer.source_amount, currency: transfer.source_currency },
});

/**
 * `?send_again={recipientId}[&amount=&currency=]`: the same as that recipient's "Send again" button,
 * from the recent transfers, else from the recipient itself (fetched once the recent transfers are
 * read and do not have it). `apply` is called once per recipient id.
 */
export function useSendAgainParam(
  recentTransfers: Transaction[],
  recentLoaded: boolean,
  apply: (target: SendAgainTarget) => void,
) {
  const [searchParams] = useSearchParams();
  const wantedId = searchParams.get(SEND_AGAIN_PARAM);
  const wantedAmount = searchParams.get('amount');
  const wantedCurrency = searchParams.get('currency');
  const recentMatch = wantedId ? recentTransfers.find((transfer) => transfer.recipient_id === wantedId) : undefined;
  const mustFetch = !!wantedId && !recentMatch && recentLoaded;
  const [fetched, setFetched] = useState<Recipient | null>(null);
  useEffect(() => {
    if (!mustFetch || !wantedId) return;
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
  }, [mustFetch, wantedId]);

  const appliedFor = useRef<string | null>(null);
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    if (!wantedId || appliedFor.current === wantedId) return;
    const amount =
      wantedAmount && wantedCurrency && /^[0-9]{1,18}$/.test(wantedAmount) && BigInt(wantedAmount) > 0n
        ? { amount: wantedAmount, currency: wantedCurrency }
        : null;
    let target: SendAgainTarget | null = null;
    if (recentMatch) {
      target = { ...sendAgainTarget(recentMatch), ...(amount ? { amount } : {}) };
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
}
