import type { CorridorsResponse, SendCurrency } from '@remit/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { takeCorridorHandoff } from '@/lib/corridor-handoff';
import type { Destination } from '../lib/defaults';

/**
 * The corridor named in the address, `?source_currency=GBP&target_country=DE&target_currency=EUR` (a
 * rate alert's mail and its "Get a quote" link, docs/product/rate-alerts.md#mail), or kept across the
 * sign-in it needed (lib/corridor-handoff.ts): applied once per address, the calculator then quotes
 * it at once. A currency or country we do not serve is left as it is.
 */
export function useCorridorParams(
  corridors: CorridorsResponse,
  apply: (corridor: { sendCurrency: SendCurrency | null; destination: Partial<Destination> | null }) => void,
) {
  const [searchParams] = useSearchParams();
  const applied = useRef<string | null>(null);
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  const fromAddress = ['source_currency', 'target_country', 'target_currency'].some((name) => searchParams.has(name));
  const addressKey = fromAddress ? searchParams.toString() : null;
  useEffect(() => {
    // Taken once: an address that names a corridor wins over one kept across a sign-in.
    const kept = takeCorridorHandoff();
    const params = addressKey !== null ? new URLSearchParams(addressKey) : kept;
    const key = params?.toString() ?? null;
    if (!params || !key || applied.current === key) return;
    applied.current = key;
    const source = params.get('source_currency')?.toUpperCase() ?? null;
    const country = params.get('target_country')?.toUpperCase() ?? null;
    const currency = params.get('target_currency')?.toUpperCase() ?? null;
    const sendCurrency = corridors.send_currencies.find((c) => c === source) ?? null;
    const served = corridors.destinations.find((d) => d.country === country);
    const destination = served ? { country: served.country, ...(currency ? { currency } : {}) } : null;
    applyRef.current({ sendCurrency, destination });
  }, [addressKey, corridors]);
}
