/**
 * The arithmetic of a quote (docs/product/money-movement.md#quotes): the fee is on top;
 * `source_amount` is what is converted; `target_amount` = `source_amount` × `rate` rounded down;
 * `total_to_pay` = `source_amount` + `fee.total`.
 */
import { add, assertSameCurrency, money, type Money } from './amounts.ts';
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
  /** Exactly `convert(source, rate)`; when asked by receive amount, at least the amount asked. */
  readonly target: Money;
  readonly fee: { readonly total: Money; readonly items: readonly FeeItem<Type>[] };
  readonly totalToPay: Money;
}

/**
 * A quote's amounts. Asked by receive amount, the source is the smallest whose conversion gives at
 * least that amount ({@link sourceFor}), and the target is what that source converts to.
 */
export function quoteAmounts<Type extends string>(input: QuoteAmountsInput<Type>): QuoteAmounts<Type> {
  const { by, amount, sourceCurrency, targetCurrency, rate } = input;
  assertSameCurrency(amount, money(0n, by === 'source' ? sourceCurrency : targetCurrency));
  const source = by === 'source' ? amount : sourceFor(amount, rate, sourceCurrency);
  const target = convert(source, rate, targetCurrency);
  const items = input.fees(source);
  const total = feeTotal(items, sourceCurrency);
  return { source, target, fee: { total, items }, totalToPay: add(source, total) };
}
