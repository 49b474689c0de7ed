import type { CorridorsResponse, SendCurrency } from '@remit/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Destination } from '../lib/defaults';

/** `?source_currency=GBP&target_country=DE&target_currency=EUR`: the corridor the calculator opens on. */
export const CORRIDOR_PARAMS = ['source_currency', 'target_country', 'target_currency'] as const;

/**
 * The corridor named in the address (a rate alert's mail and its "Get a quote" link,
 * docs/product/rate-alerts.md#mail): applied once per address, the calculator then quotes it at once.
 * A currency or country we do not serve is left as it is.
 */
export function useCorridorParams(
  corridors: CorridorsResponse,
  apply: (corridor: { sendCurrency: SendCurrency | null; destination: Partial<Destination> | null }) => void,
) {
  const [searchParams] = useSearchParams();
  const source = searchParams.get('source_currency')?.toUpperCase() ?? null;
  const country = searchParams.get('target_country')?.toUpperCase() ?? null;
  const currency = searchParams.get('target_currency')?.toUpperCase() ?? null;
  const key = source || country || currency ? `${source}|${country}|${currency}` : null;
  const applied = useRef<string | null>(null);
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    if (!key || applied.current === key) return;
    applied.current = key;
    const sendCurrency = corridors.send_currencies.find((c) => c === source) ?? null;
    const served = corridors.destinations.find((d) => d.country === country);
    const destination = served ? { country: served.country, ...(currency ? { currency } : {}) } : null;
    applyRef.current({ sendCurrency, destination });
  }, [key, source, country, currency, corridors]);
}
