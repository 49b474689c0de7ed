/**
 * The arithmetic of a quote (docs/product/money-movement.md#quotes): the fee is on top;
 * `source_amount` is what is converted; by send amount `target_amount` = `source_amount` × `rate`
 * rounded down, by receive amount `target_amount` is the amount asked; `total_to_pay` =
 * `source_amount` + `fee.total`.
 */
import { add, assertSameCurrency, compare, money, type Money } from './amounts.ts';
import { maxAmount } from './bounds.ts';
import type { CurrencyCode } from './currencies.ts';
import { convert, sourceFor } from './convert.ts';
import { feeTotal, type FeeItem } from './fees.ts';
import type { Rate } from './rates.ts';

export interface QuoteAmountsInput<Type extends string = string> {
  /** Asked by send amount (in the source currency) or by receive amount (in the target currency). */
  readonly by: 'source' | 'target';
  readonly amount: Money;
  readonly sourceCurrency: CurrencyCode;
  readonly targetCurrency: CurrencyCode;
  /** The customer's rate (after the margin). */
  readonly rate: Rate;
  /** The fee items for a source amount, in the source currency. */
  readonly fees: (source: Money) => readonly FeeItem<Type>[];
}

export interface QuoteAmounts<Type extends string = string> {
  readonly source: Money;
  /**
   * By send amount exactly `convert(source, rate)`; by receive amount exactly the amount asked (the
   * source converts to at least that; the remainder, under one minor unit of the source, is ours).
   */
  readonly target: Money;
  readonly fee: { readonly total: Money; readonly items: readonly FeeItem<Type>[] };
  readonly totalToPay: Money;
}

/**
 * A quote's amounts. Asked by receive amount, the recipient gets exactly the amount asked and the
 * source is the smallest whose conversion gives at least that amount ({@link sourceFor}).
 */
export function quoteAmounts<Type extends string>(input: QuoteAmountsInput<Type>): QuoteAmounts<Type> {
  const { by, amount, sourceCurrency, targetCurrency, rate } = input;
  assertSameCurrency(amount, money(0n, by === 'source' ? sourceCurrency : targetCurrency));
  const source = by === 'source' ? amount : sourceFor(amount, rate, sourceCurrency);
  const target = by === 'source' ? convert(source, rate, targetCurrency) : amount;
  const items = input.fees(source);
  const total = feeTotal(items, sourceCurrency);
  return { source, target, fee: { total, items }, totalToPay: add(source, total) };
}

/**
 * The largest source amount a quote at `rate` can carry (docs/product/money-movement.md#money): at
 * most the source currency's {@link maxAmount}, and converting to at most the target currency's.
 */
export function largestQuoteSource(rate: Rate, sourceCurrency: CurrencyCode, targetCurrency: CurrencyCode): Money {
  const maxSource = maxAmount(sourceCurrency);
  const maxTarget = maxAmount(targetCurrency);
  if (compare(convert(maxSource, rate, targetCurrency), maxTarget) <= 0) return maxSource;
  // The smallest source that converts to more than the target's largest amount, less one minor unit.
  const over = sourceFor(money(maxTarget.amount + 1n, targetCurrency), rate, sourceCurrency);
  return money(over.amount - 1n, sourceCurrency);
}

/**
 * The largest amount a quote at `rate` can be asked for on its side (in the source currency by send
 * amount, in the target currency by receive amount): an amount is priced by {@link quoteAmounts}
 * with a source and a target within their currencies' {@link maxAmount} exactly when it is at most
 * this one.
 */
export function largestQuoteAmount(
  by: 'source' | 'target',
  rate: Rate,
  sourceCurrency: CurrencyCode,
  targetCurrency: CurrencyCode,
): Money {
  if (by === 'source') return largestQuoteSource(rate, sourceCurrency, targetCurrency);
  // The recipient gets exactly the amount asked, bought by the smallest source that converts to at
  // least it: within the source's largest amount exactly when that one converts to at least it.
  const maxTarget = maxAmount(targetCurrency);
  const fromLargestSource = convert(maxAmount(sourceCurrency), rate, targetCurrency);
  return compare(fromLargestSource, maxTarget) < 0 ? fromLargestSource : maxTarget;
}
