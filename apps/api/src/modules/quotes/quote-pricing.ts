import {
  add,
  applyMargin,
  compare,
  convert,
  largestQuoteAmount,
  money,
  percentOf,
  quoteAmountTooLarge,
  quoteAmounts,
  type CurrencyCode,
  type FeeItem,
  type Money,
  type PayInMethod,
  type QuoteFeeType,
  type QuoteNotice,
  type Rate,
  toMajorWithCurrency as words,
} from '@remit/contract';
import { AppError } from '../../lib/app-error.ts';
import type { CorridorTerms, PayInFeeTerms } from '../corridors/corridor-catalog.ts';

/** Cards pay at most this much per transfer, in GBP minor units at the mid-market rate (2,000 GBP). */
export const CARD_MAX_GBP = 200_000n;

const PAY_IN_LABELS: Record<PayInMethod, string> = { bank_transfer: 'Bank transfer fee', card: 'Card fee' };
const METHOD_WORDS: Record<string, string> = {
  bank_account: 'to a bank account',
  mobile_wallet: 'to a mobile wallet',
  cash_pickup: 'for cash pickup',
};

export interface PricedPayInOption {
  method: PayInMethod;
  fee: Money;
  totalToPay: Money;
  available: boolean;
  reason: string | null;
}

export interface QuotePrice {
  rate: Rate;
  source: Money;
  target: Money;
  fee: { total: Money; items: readonly FeeItem<QuoteFeeType>[] };
  payInMethod: PayInMethod;
  totalToPay: Money;
  payInOptions: PricedPayInOption[];
}

const cardLimitWords = (inSend: Money, inGbp: Money): string =>
  inSend.currency === inGbp.currency ? words(inGbp) : `${words(inSend)} (${words(inGbp)})`;

/** A pay-in method's own fee on the amount converted: fixed plus basis points, rounded up. */
function payInFee(terms: PayInFeeTerms, source: Money): Money {
  return add(money(terms.feeFixed, source.currency), percentOf(source, terms.feeBps));
}

/**
 * The figures of a quote (docs/product/money-movement.md#quotes): our rate from the mid-market rate
 * and the corridor's margin; source and target by the money core's quote arithmetic; the fee items
 * (our fee, partner fee, pay-in fee of the default method: bank transfer when offered) and every
 * pay-in option with its own total. Cards are unavailable above `cardMax` (in the send currency).
 * An amount whose source or target would be over its currency's largest amount is a 422 on the
 * amount asked ("The amount can be at most ...").
 */
export function priceQuote(input: {
  corridor: CorridorTerms;
  payIn: readonly PayInFeeTerms[];
  mid: Rate;
  by: 'source' | 'target';
  amount: Money;
  /** The card ceiling in the send currency, and in GBP for the words. */
  cardMax: Money;
  cardMaxGbp: Money;
}): QuotePrice {
  const { corridor, payIn, mid, by, amount } = input;
  const sourceCurrency = corridor.sendCurrency as CurrencyCode;
  const rate = applyMargin(mid, corridor.marginBps);
  // The amount asked may fit its currency's largest amount and still convert to more than the
  // other's (docs/product/money-movement.md#money): refused in words, before anything is stored.
  const largest = largestQuoteAmount(by, rate, sourceCurrency, corridor.currency);
  if (compare(amount, largest) > 0) {
    throw AppError.validation({
      [by === 'source' ? 'source_amount' : 'target_amount']: [quoteAmountTooLarge(largest)],
    });
  }
  const ourFee = (source: Money): FeeItem<QuoteFeeType>[] => {
    const items: FeeItem<QuoteFeeType>[] = [
      {
        type: 'our_fee',
        label: 'Our fee',
        amount: add(money(corridor.feeFixed, sourceCurrency), percentOf(source, corridor.feeBps)),
      },
    ];
    if (corridor.partnerFee > 0n) {
      items.push({
        type: 'partner_fee',
        label: 'Cash pickup partner fee',
        amount: money(corridor.partnerFee, sourceCurrency),
      });
    }
    return items;
  };
  const defaultMethod = payIn.find((p) => p.method === 'bank_transfer') ?? payIn[0];
  const amounts = quoteAmounts<QuoteFeeType>({
    by,
    amount,
    sourceCurrency,
    targetCurrency: corridor.currency,
    rate,
    fees: (source) => [
      ...ourFee(source),
      ...(defaultMethod
        ? [
            {
              type: 'pay_in_fee' as const,
              label: PAY_IN_LABELS[defaultMethod.method],
              amount: payInFee(defaultMethod, source),
            },
          ]
        : []),
    ],
  });
  const withoutPayIn = ourFee(amounts.source).reduce((total, item) => add(total, item.amount), amounts.source);
  const payInOptions = payIn.map((terms): PricedPayInOption => {
    const fee = payInFee(terms, amounts.source);
    const totalToPay = add(withoutPayIn, fee);
    const overCard = terms.method === 'card' && compare(totalToPay, input.cardMax) > 0;
    return {
      method: terms.method,
      fee,
      totalToPay,
      available: !overCard,
      reason: overCard
        ? `Cards can pay up to ${cardLimitWords(input.cardMax, input.cardMaxGbp)} per transfer: ` +
          'pay this amount by bank transfer.'
        : null,
    };
  });
  return {
    rate,
    source: amounts.source,
    target: amounts.target,
    fee: amounts.fee,
    payInMethod: defaultMethod?.method ?? 'bank_transfer',
    totalToPay: amounts.totalToPay,
    payInOptions,
  };
}

/** The words and code of each side of a corridor's bounds. */
const BOUND_NOTICE = {
  min: { code: 'below_corridor_minimum', beyond: 'below the smallest', limit: 'at least' },
  max: { code: 'above_corridor_maximum', beyond: 'above the largest', limit: 'at most' },
} as const;

/** The blocked notice of one bound: send at least/most `send` and have the recipient get `receive`. */
function boundNotice(bound: 'min' | 'max', how: string, send: Money, receive: Money): QuoteNotice {
  const { code, beyond, limit } = BOUND_NOTICE[bound];
  return {
    type: 'blocked',
    code,
    text:
      `This is ${beyond} transfer ${how}: send ${limit} ${words(send)} ` +
      `and have the recipient get ${limit} ${words(receive)}.`,
    link: null,
    params: {
      [`${bound}_send`]: send.amount.toString(),
      send_currency: send.currency,
      [`${bound}_receive`]: receive.amount.toString(),
      target_currency: receive.currency,
    },
  };
}

/** Blocked notices when the amounts fall outside the corridor's bounds (send and payout). */
export function corridorNotices(
  corridor: CorridorTerms,
  countryName: string,
  source: Money,
  target: Money,
): QuoteNotice[] {
  const notices: QuoteNotice[] = [];
  const how = `to ${countryName} ${METHOD_WORDS[corridor.method] ?? ''}`.trim();
  const send = { min: money(corridor.min, source.currency), max: money(corridor.max, source.currency) };
  const payout = { min: money(corridor.payoutMin, target.currency), max: money(corridor.payoutMax, target.currency) };
  if (compare(source, send.min) < 0 || compare(target, payout.min) < 0) {
    notices.push(boundNotice('min', how, send.min, payout.min));
  }
  if (compare(source, send.max) > 0 || compare(target, payout.max) > 0) {
    notices.push(boundNotice('max', how, send.max, payout.max));
  }
  return notices;
}

/** The card ceiling converted from GBP to the send currency at the mid-market rate, rounded down. */
export function cardMaxIn(gbpToSend: Rate, sendCurrency: CurrencyCode): Money {
  return convert(money(CARD_MAX_GBP, 'GBP'), gbpToSend, sendCurrency);
}
