import type { CorridorsResponse } from '@remit/contract';
import { corridorCatalog, type CorridorCatalog, type CorridorTerms, type PayInFeeTerms } from './corridor-catalog.ts';

/**
 * Corridors (docs/product/money-movement.md#corridors): what GET /client/v1/corridors answers, and
 * each corridor's limits, fees, margin and delivery estimate for the quotes.
 */
export class CorridorsService {
  private readonly catalog: CorridorCatalog;

  constructor(deps: { catalog?: CorridorCatalog } = {}) {
    this.catalog = deps.catalog ?? corridorCatalog;
  }

  list(): CorridorsResponse {
    return this.catalog.response();
  }

  /** The corridor from `sendCurrency` to a country, currency and payout method, if there is one. */
  corridor(sendCurrency: string, country: string, currency: string, method: string): CorridorTerms | undefined {
    return this.catalog.corridor(sendCurrency, country, currency, method);
  }

  /** The pay-in methods of a send currency, with their fees. */
  payInFees(sendCurrency: string): readonly PayInFeeTerms[] {
    return this.catalog.payInFees(sendCurrency);
  }
}
