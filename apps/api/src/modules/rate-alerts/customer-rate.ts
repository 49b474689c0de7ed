import { applyMargin, compareRates, PayoutMethod, type CurrencyCode, type Rate } from '@remit/contract';
import type { CorridorTerms } from '../corridors/corridor-catalog.ts';
import type { CorridorsService } from '../corridors/corridors.service.ts';
import type { RatesService } from '../corridors/rates.service.ts';

export interface CorridorKey {
  source_currency: string;
  target_country: string;
  target_currency: string;
}

/** The corridor's terms, one per payout method it offers (empty: we do not serve it). */
export function corridorTerms(corridors: Pick<CorridorsService, 'corridor'>, c: CorridorKey): CorridorTerms[] {
  return PayoutMethod.options
    .map((method) => corridors.corridor(c.source_currency, c.target_country, c.target_currency, method))
    .filter((t): t is CorridorTerms => t !== undefined);
}

/**
 * The rate an alert is compared with (docs/product/rate-alerts.md#which-rate): our customer rate, the
 * mid-market rate less our margin, as the calculator and a quote show it ("1 GBP gets 1.16 EUR"); the
 * best of the corridor's payout methods when their margins differ. Throws (a 422 AppError) when the
 * rates are missing or too old to quote on; null when we do not serve the corridor.
 */
export async function customerRate(
  deps: { corridors: Pick<CorridorsService, 'corridor'>; rates: Pick<RatesService, 'midMarket'> },
  c: CorridorKey,
): Promise<Rate | null> {
  const terms = corridorTerms(deps.corridors, c);
  if (terms.length === 0) return null;
  const mid = await deps.rates.midMarket(c.source_currency as CurrencyCode, c.target_currency as CurrencyCode);
  let best: Rate | null = null;
  for (const t of terms) {
    const rate = applyMargin(mid.value, t.marginBps);
    if (!best || compareRates(rate, best) > 0) best = rate;
  }
  return best;
}
