import {
  compare,
  formatRate,
  isCurrencyCode,
  isWithinMaxAmount,
  maxAmount,
  money,
  QUOTE_AMOUNT_BOTH,
  QUOTE_AMOUNT_NEITHER,
  QUOTE_AMOUNT_ZERO,
  quoteAmountTooLarge,
  SEND_CURRENCIES,
  type CurrencyCode,
  type Money,
  type Quote,
  type QuoteChange,
  type QuoteFeeItem,
  type QuoteNotice,
  type QuotePayInOption,
  type QuoteRequest,
  type SendCurrency,
  toMajorWithCurrency as words,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { UUID, newId } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CorridorsService } from '../corridors/corridors.service.ts';
import type { RatesService } from '../corridors/rates.service.ts';
import { LIMITS_CURRENCY, SEND_LIMITS, type LimitsService } from './limits.service.ts';
import { cardMaxIn, CARD_MAX_GBP, corridorNotices, priceQuote } from './quote-pricing.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { scheduleQuoteExpiring } from './quote-expiry.ts';
import { quotesRepository, type QuoteRow } from './quotes.repository.ts';

/** A quote's rate is locked this long (docs/product/money-movement.md#quotes). */
export const QUOTE_LIFETIME_MS = 1_800_000;

const utc = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface QuotesServiceDeps {
  db: Kysely<Database>;
  now: Clock;
  corridors: Pick<CorridorsService, 'corridor' | 'payInFees' | 'list'>;
  rates: Pick<RatesService, 'midMarket'>;
  limits: Pick<LimitsService, 'eligibility' | 'used' | 'inLimitsCurrency'>;
  /** Durable jobs: QuoteExpiring is scheduled with the quote. */
  jobs: Pick<Jobs, 'enqueue'>;
}

function toQuote(row: QuoteRow, now: Date): Quote {
  return {
    id: row.id,
    status: row.used_at ? 'used' : now.getTime() >= row.expires_at.getTime() ? 'expired' : 'active',
    source_currency: row.source_currency,
    target_country: row.target_country,
    target_currency: row.target_currency,
    payout_method: row.payout_method,
    quoted_by: row.quoted_by,
    source_amount: row.source_amount,
    target_amount: row.target_amount,
    rate: row.rate,
    mid_market_rate: row.mid_market_rate,
    rate_as_of: row.rate_as_of.toISOString(),
    fee: { total: row.fee_total, items: row.fee_items as QuoteFeeItem[] },
    pay_in_method: row.pay_in_method,
    total_to_pay: row.total_to_pay,
    pay_in_options: row.pay_in_options as QuotePayInOption[],
    delivery_estimate: row.delivery_estimate,
    expires_at: row.expires_at.toISOString(),
    notices: row.notices as QuoteNotice[],
    refreshed_from: row.refreshed_from,
    changes: row.changes as QuoteChange[],
    created_at: row.created_at.toISOString(),
  };
}

/** What changed from one quote to the next (docs/product/money-movement.md#quotes). */
function changesBetween(old: Quote, next: Quote): QuoteChange[] {
  const pairs: [QuoteChange['field'], string, string][] = [
    ['rate', old.rate, next.rate],
    ['mid_market_rate', old.mid_market_rate, next.mid_market_rate],
    ['source_amount', old.source_amount, next.source_amount],
    ['target_amount', old.target_amount, next.target_amount],
    ['fee', old.fee.total, next.fee.total],
    ['total_to_pay', old.total_to_pay, next.total_to_pay],
    ['delivery_estimate', old.delivery_estimate, next.delivery_estimate],
  ];
  return pairs.filter(([, from, to]) => from !== to).map(([field, from, to]) => ({ field, from, to }));
}

/** Refreshing a quote a transfer was made from. */
export const QUOTE_ALREADY_USED = 'This quote was already used. Get a new quote.';

/** Another refresh of the same quote won the race: look again. */
class RefreshedMeanwhile extends Error {}

/** The web's limits screen (apps/web/src/config/paths.ts): what counts and what is left. */
const LIMITS_PATH = '/limits';

/**
 * Quotes (docs/product/money-movement.md#quotes): priced on the corridor's terms and the mid-market
 * rate less its margin, locked for 30 minutes, with notices (corridor bounds, limits, verification,
 * rate date). Only the owner reads a quote: another customer's, an unknown and a malformed id are
 * the same 404.
 */
export class QuotesService {
  constructor(private readonly deps: QuotesServiceDeps) {}

  async create(auth: AuthContext, input: QuoteRequest, refreshedFrom?: Quote): Promise<Quote> {
    const send = input.source_currency;
    if (!SEND_CURRENCIES.includes(send as SendCurrency)) {
      throw AppError.validation({ source_currency: [`We don't send from ${send}.`] });
    }
    const corridor = this.deps.corridors.corridor(
      send,
      input.target_country,
      input.target_currency,
      input.payout_method,
    );
    if (!corridor) throw AppError.validation(this.noCorridor(input));
    const sourceCurrency = send as CurrencyCode;
    const targetCurrency = corridor.currency;
    if ((input.source_amount === undefined) === (input.target_amount === undefined)) {
      const both = input.source_amount !== undefined;
      throw AppError.validation({ source_amount: [both ? QUOTE_AMOUNT_BOTH : QUOTE_AMOUNT_NEITHER] });
    }
    const by = input.source_amount !== undefined ? 'source' : 'target';
    const asked = by === 'source' ? input.source_amount : input.target_amount;
    const amount = this.amount(asked ?? '', by === 'source' ? sourceCurrency : targetCurrency, by);

    const mid = await this.deps.rates.midMarket(sourceCurrency, targetCurrency);
    const gbpToSend = await this.deps.rates.midMarket(LIMITS_CURRENCY, sourceCurrency);
    const price = priceQuote({
      corridor,
      payIn: this.deps.corridors.payInFees(send),
      mid: mid.value,
      by,
      amount,
      cardMax: cardMaxIn(gbpToSend.value, sourceCurrency),
      cardMaxGbp: money(CARD_MAX_GBP, LIMITS_CURRENCY),
    });

    const now = this.deps.now();
    const expiresAt = new Date(now.getTime() + QUOTE_LIFETIME_MS);
    const countryName =
      this.deps.corridors.list().destinations.find((d) => d.country === corridor.country)?.name ?? corridor.country;
    const notices: QuoteNotice[] = [
      ...corridorNotices(corridor, countryName, price.source, price.target),
      ...(await this.limitNotices(auth, price.source)),
      ...this.verificationNotices(auth),
      {
        type: 'info',
        code: 'rate_date',
        text:
          `Mid-market rate of ${utc(new Date(mid.as_of))}; our rate is locked until ${utc(expiresAt)}. ` +
          `The recipient gets ${words(price.target)}.`,
        link: null,
        params: {
          as_of: new Date(mid.as_of).toISOString(),
          locked_until: expiresAt.toISOString(),
          target_amount: price.target.amount.toString(),
          target_currency: price.target.currency,
        },
      },
    ];

    const id = newId();
    const payInOptions: QuotePayInOption[] = price.payInOptions.map((o) => ({
      method: o.method,
      fee: o.fee.amount.toString(),
      total_to_pay: o.totalToPay.amount.toString(),
      available: o.available,
      reason: o.reason,
    }));
    const feeItems: QuoteFeeItem[] = price.fee.items.map((i) => ({
      type: i.type,
      label: i.label,
      amount: i.amount.amount.toString(),
    }));
    const quote: Quote = {
      id,
      status: 'active',
      source_currency: sourceCurrency,
      target_country: corridor.country,
      target_currency: targetCurrency,
      payout_method: corridor.method,
      quoted_by: by === 'source' ? 'source_amount' : 'target_amount',
      source_amount: price.source.amount.toString(),
      target_amount: price.target.amount.toString(),
      rate: formatRate(price.rate),
      mid_market_rate: mid.rate,
      rate_as_of: new Date(mid.as_of).toISOString(),
      fee: { total: price.fee.total.amount.toString(), items: feeItems },
      pay_in_method: price.payInMethod,
      total_to_pay: price.totalToPay.amount.toString(),
      pay_in_options: payInOptions,
      delivery_estimate: corridor.deliveryEstimate,
      expires_at: expiresAt.toISOString(),
      notices,
      refreshed_from: refreshedFrom?.id ?? null,
      changes: [],
      created_at: now.toISOString(),
    };
    if (refreshedFrom) quote.changes = changesBetween(refreshedFrom, quote);

    await this.deps.db.transaction().execute(async (trx) => {
      if (refreshedFrom) {
        // A refreshed quote replaces the one it came from (docs/product/money-movement.md#quotes):
        // under the old quote's row lock, it is neither used nor refreshed already.
        const old = await quotesRepository.lockForRefresh(trx, auth.customerId, refreshedFrom.id);
        if (!old) throw AppError.notFound();
        if (old.used) throw AppError.conflict(QUOTE_ALREADY_USED);
        if (old.refreshedInto) throw new RefreshedMeanwhile();
      }
      await quotesRepository.insert(trx, {
        id,
        customer_id: auth.customerId,
        source_currency: quote.source_currency,
        target_country: quote.target_country,
        target_currency: quote.target_currency,
        payout_method: quote.payout_method,
        quoted_by: quote.quoted_by,
        requested_amount: amount.amount,
        source_amount: price.source.amount,
        target_amount: price.target.amount,
        fee_total: price.fee.total.amount,
        total_to_pay: price.totalToPay.amount,
        rate: quote.rate,
        mid_market_rate: quote.mid_market_rate,
        rate_as_of: quote.rate_as_of,
        pay_in_method: quote.pay_in_method,
        fee_items: JSON.stringify(feeItems),
        pay_in_options: JSON.stringify(payInOptions),
        notices: JSON.stringify(notices),
        changes: JSON.stringify(quote.changes),
        delivery_estimate: quote.delivery_estimate,
        expires_at: expiresAt,
        refreshed_from: quote.refreshed_from,
        created_at: now,
      });
      await scheduleQuoteExpiring(this.deps.jobs, trx, { customerId: auth.customerId, quoteId: id, expiresAt });
    });
    return quote;
  }

  /**
   * What confirming a transfer needs of the customer's quote (docs/product/money-movement.md#transactions),
   * and whether it was refreshed (`refreshed`: a newer quote replaces it).
   */
  forConfirm(db: Executor, customerId: string, id: string) {
    return UUID.test(id) ? quotesRepository.findForConfirm(db, customerId, id) : Promise.resolve(undefined);
  }

  /** The same, locked until the end of the caller's transaction (a quote makes at most one transfer). */
  lockForConfirm(trx: Executor, customerId: string, id: string) {
    return quotesRepository.lockForConfirm(trx, customerId, id);
  }

  /** The quote refreshed from this one (it replaces it), if any. */
  refreshedInto(db: Executor, id: string): Promise<string | null> {
    return quotesRepository.refreshedInto(db, id);
  }

  /** A transfer was made from this quote (in the caller's transaction). */
  markUsed(trx: Executor, id: string, at: Date): Promise<void> {
    return quotesRepository.markUsed(trx, id, at);
  }

  async get(auth: AuthContext, id: string): Promise<Quote> {
    const row = UUID.test(id) ? await quotesRepository.find(this.deps.db, auth.customerId, id) : undefined;
    if (!row) throw AppError.notFound();
    return toQuote(row, this.deps.now());
  }

  /**
   * A new quote for the same request (the same amount on the same side), with what changed. It
   * replaces the old one, which can no longer be confirmed. A quote refreshed already (another tab)
   * answers the quote that replaced it while that one is active, else refreshes that one; a used
   * quote is not refreshed (409).
   */
  async refresh(auth: AuthContext, id: string): Promise<Quote> {
    let current = id;
    for (let hop = 0; hop < 20; hop++) {
      const replacedBy = UUID.test(current) ? await quotesRepository.refreshedInto(this.deps.db, current) : null;
      if (replacedBy) {
        const next = await this.get(auth, replacedBy);
        if (next.status === 'active') return next;
        current = replacedBy;
        continue;
      }
      try {
        return await this.refreshOne(auth, current);
      } catch (e) {
        if (!(e instanceof RefreshedMeanwhile)) throw e;
      }
    }
    throw AppError.conflict('This quote is being refreshed. Please try again.');
  }

  private async refreshOne(auth: AuthContext, id: string): Promise<Quote> {
    const old = await this.get(auth, id);
    if (old.status === 'used') throw AppError.conflict(QUOTE_ALREADY_USED);
    const row = (await quotesRepository.find(this.deps.db, auth.customerId, id))!;
    const request: QuoteRequest = {
      source_currency: old.source_currency,
      target_country: old.target_country,
      target_currency: old.target_currency,
      payout_method: old.payout_method,
      ...(old.quoted_by === 'source_amount'
        ? { source_amount: row.requested_amount }
        : { target_amount: row.requested_amount }),
    };
    return this.create(auth, request, old);
  }

  private amount(text: string, currency: CurrencyCode, by: 'source' | 'target'): Money {
    const field = by === 'source' ? 'source_amount' : 'target_amount';
    let asked: Money;
    try {
      asked = money(text, currency);
    } catch {
      throw AppError.validation({ [field]: ['Not a whole number of minor units.'] });
    }
    if (asked.amount <= 0n) throw AppError.validation({ [field]: [QUOTE_AMOUNT_ZERO] });
    // Refused before any SQL: over the largest amount it would not fit a bigint column once
    // converted (docs/product/money-movement.md#money); the other side is checked with the rate.
    if (!isWithinMaxAmount(asked)) throw AppError.validation({ [field]: [quoteAmountTooLarge(maxAmount(currency))] });
    return asked;
  }

  /** Which of country, currency and method has no corridor, in words. */
  private noCorridor(input: QuoteRequest): Record<string, string[]> {
    const destination = this.deps.corridors.list().destinations.find((d) => d.country === input.target_country);
    if (!destination) return { target_country: [`We don't send to ${input.target_country}.`] };
    const currency = destination.currencies.find((c) => c.currency === input.target_currency);
    if (!isCurrencyCode(input.target_currency) || !currency) {
      return { target_currency: [`We don't pay out ${input.target_currency} in ${destination.name}.`] };
    }
    return {
      payout_method: [`We don't pay out ${input.target_currency} in ${destination.name} by ${input.payout_method}.`],
    };
  }

  /** Over the per-transfer or the 30-day limit (GBP at the mid-market rate): blocked. */
  private async limitNotices(auth: AuthContext, source: Money): Promise<QuoteNotice[]> {
    const inGbp = await this.deps.limits.inLimitsCurrency(source);
    const perTransfer = money(SEND_LIMITS.perTransfer, LIMITS_CURRENCY);
    const rolling = money(SEND_LIMITS.rolling30Days, LIMITS_CURRENCY);
    const used = money(await this.deps.limits.used(auth.customerId), LIMITS_CURRENCY);
    const notices: QuoteNotice[] = [];
    if (compare(inGbp, perTransfer) > 0) {
      notices.push({
        type: 'blocked',
        code: 'over_per_transfer_limit',
        text: `This is over your limit of ${words(perTransfer)} per transfer (${words(source)} is about ${words(inGbp)}).`,
        link: LIMITS_PATH,
        params: {
          limit: perTransfer.amount.toString(),
          limit_currency: perTransfer.currency,
          amount: source.amount.toString(),
          currency: source.currency,
          amount_in_limit_currency: inGbp.amount.toString(),
        },
      });
    } else if (compare(money(inGbp.amount + used.amount, LIMITS_CURRENCY), rolling) > 0) {
      notices.push({
        type: 'blocked',
        code: 'over_30_day_limit',
        text: `This is over your 30-day limit of ${words(rolling)}: ${words(used)} already counts against it (your transfers of the last 30 days, unpaid ones included).`,
        link: LIMITS_PATH,
        params: {
          limit: rolling.amount.toString(),
          limit_currency: rolling.currency,
          used: used.amount.toString(),
        },
      });
    }
    return notices;
  }

  /** Sending needs verification: a warning naming what to finish (the quote itself is fine). */
  private verificationNotices(auth: AuthContext): QuoteNotice[] {
    const { canSend, missing } = this.deps.limits.eligibility(auth);
    if (canSend) return [];
    const first = missing[0];
    return [
      {
        type: 'warning',
        code: 'verification_needed',
        text: `Before you can send, finish: ${missing.map((m) => m.text).join(' ')}`,
        link: first?.link ?? null,
        params: { missing: missing.map((m) => m.code).join(',') },
      },
    ];
  }
}
