import {
  SEND_CURRENCIES,
  type CorridorDestination,
  type CorridorPayInMethod,
  type CorridorsResponse,
  type CurrencyCode,
  type PayInMethod,
  type PayoutMethod,
  type PayoutProvider,
  type SendCurrency,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { corridorsRepository } from './corridors.repository.ts';

/**
 * One corridor: a send currency to a destination country, currency and payout method, with
 * everything a quote needs (docs/product/money-movement.md#corridors). Amounts in minor units:
 * `min`/`max`/fees of the send currency, `payoutMin`/`payoutMax` of the destination currency.
 */
export interface CorridorTerms {
  sendCurrency: SendCurrency;
  country: string;
  currency: CurrencyCode;
  method: PayoutMethod;
  min: bigint;
  max: bigint;
  feeFixed: bigint;
  feeBps: number;
  partnerFee: bigint;
  marginBps: number;
  payoutMin: bigint;
  payoutMax: bigint;
  deliveryEstimate: string;
  deliveryHours: { min: number; max: number };
  providers: readonly PayoutProvider[];
}

export interface PayInFeeTerms {
  method: PayInMethod;
  feeFixed: bigint;
  feeBps: number;
}

const key = (send: string, country: string, currency: string, method: string) =>
  `${send}|${country.toUpperCase()}|${currency}|${method}`;

/**
 * In-memory cache of the corridors (reference data seeded by db/seeds/corridors.ts): the
 * GET /client/v1/corridors answer and each corridor's terms, without a query. Loaded after each
 * seed; empty until then.
 */
export class CorridorCatalog {
  private answer: CorridorsResponse = { send_currencies: [], destinations: [], pay_in_methods: [] };
  private terms = new Map<string, CorridorTerms>();
  private payIn = new Map<string, PayInFeeTerms[]>();

  /** The wire answer (docs/product/money-movement.md#wire-names). */
  response(): CorridorsResponse {
    return this.answer;
  }

  corridor(send: string, country: string, currency: string, method: string): CorridorTerms | undefined {
    return this.terms.get(key(send, country, currency, method));
  }

  /** Every corridor (tests, checks). */
  all(): CorridorTerms[] {
    return [...this.terms.values()];
  }

  /** The pay-in methods of a send currency and their fees. */
  payInFees(send: string): readonly PayInFeeTerms[] {
    return this.payIn.get(send) ?? [];
  }

  async load(db: Kysely<Database>): Promise<void> {
    const [methods, corridors, fees] = await Promise.all([
      corridorsRepository.listPayoutMethods(db),
      corridorsRepository.listCorridors(db),
      corridorsRepository.listPayInFees(db),
    ]);
    const sendOrder = (c: string) => SEND_CURRENCIES.indexOf(c as SendCurrency);
    const pricingOf = new Map<number, typeof corridors>();
    for (const c of corridors) pricingOf.set(c.payout_method_id, [...(pricingOf.get(c.payout_method_id) ?? []), c]);

    const destinations: CorridorDestination[] = [];
    const terms = new Map<string, CorridorTerms>();
    for (const m of methods) {
      let destination = destinations.find((d) => d.country === m.country);
      if (!destination) {
        destination = { country: m.country, name: m.country_name, currencies: [] };
        destinations.push(destination);
      }
      let currency = destination.currencies.find((c) => c.currency === m.currency);
      if (!currency) {
        currency = { currency: m.currency as CurrencyCode, payout_methods: [] };
        destination.currencies.push(currency);
      }
      const pricing = (pricingOf.get(m.id) ?? []).sort(
        (a, b) => sendOrder(a.send_currency) - sendOrder(b.send_currency),
      );
      const providers = m.providers.map((p) => ({ code: p.code, name: p.name }));
      const deliveryHours = { min: m.delivery_min_hours, max: m.delivery_max_hours };
      currency.payout_methods.push({
        method: m.method,
        min_amount: m.min_amount,
        max_amount: m.max_amount,
        delivery_estimate: m.delivery_estimate,
        delivery_hours: deliveryHours,
        providers,
        pricing: pricing.map((p) => ({
          send_currency: p.send_currency as SendCurrency,
          min_amount: p.min_amount,
          max_amount: p.max_amount,
          fee_fixed: p.fee_fixed,
          fee_bps: p.fee_bps,
          partner_fee: p.partner_fee,
          margin_bps: p.margin_bps,
        })),
      });
      for (const p of pricing) {
        terms.set(
          key(p.send_currency, m.country, m.currency, m.method),
          Object.freeze({
            sendCurrency: p.send_currency as SendCurrency,
            country: m.country,
            currency: m.currency as CurrencyCode,
            method: m.method,
            min: BigInt(p.min_amount),
            max: BigInt(p.max_amount),
            feeFixed: BigInt(p.fee_fixed),
            feeBps: p.fee_bps,
            partnerFee: BigInt(p.partner_fee),
            marginBps: p.margin_bps,
            payoutMin: BigInt(m.min_amount),
            payoutMax: BigInt(m.max_amount),
            deliveryEstimate: m.delivery_estimate,
            deliveryHours,
            providers,
          }),
        );
      }
    }
    destinations.sort((a, b) => a.name.localeCompare(b.name, 'en'));

    const payIn = new Map<string, PayInFeeTerms[]>();
    const payInMethods: CorridorPayInMethod[] = [];
    for (const f of fees) {
      payIn.set(f.send_currency, [
        ...(payIn.get(f.send_currency) ?? []),
        { method: f.method, feeFixed: BigInt(f.fee_fixed), feeBps: f.fee_bps },
      ]);
      let method = payInMethods.find((p) => p.method === f.method);
      if (!method) {
        method = { method: f.method, fees: [] };
        payInMethods.push(method);
      }
      method.fees.push({ send_currency: f.send_currency as SendCurrency, fee_fixed: f.fee_fixed, fee_bps: f.fee_bps });
    }
    for (const method of payInMethods)
      method.fees.sort((a, b) => sendOrder(a.send_currency) - sendOrder(b.send_currency));

    const sendCurrencies = SEND_CURRENCIES.filter((c) => corridors.some((r) => r.send_currency === c));
    this.answer = deepFreeze({ send_currencies: sendCurrencies, destinations, pay_in_methods: payInMethods });
    this.terms = terms;
    this.payIn = payIn;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Process-wide: the same reference data for every app instance. */
export const corridorCatalog = new CorridorCatalog();
