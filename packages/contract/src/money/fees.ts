/**
 * Fees: they are on top of the amount converted, and round UP to the minor unit, in our favour
 * (docs/product/money-movement.md#money).
 */
import { money, sum, type Money } from './amounts.ts';
import type { CurrencyCode } from './currencies.ts';
import { MoneyError } from './errors.ts';
import { BPS_PER_UNIT, checkBasisPoints, divCeil } from './rounding.ts';

/** One line of a fee breakdown (our fee, pay-in method fee, partner fee). */
export interface FeeItem<Type extends string = string> {
  readonly type: Type;
  readonly label: string;
  readonly amount: Money;
}

/** `bps` basis points of an amount (35 bps = 0.35 %), rounded UP to the minor unit; 0 to 100 %. */
export function percentOf(m: Money, bps: number | bigint): Money {
  const { amount, currency } = money(m.amount, m.currency);
  if (amount < 0n) throw new MoneyError('negative_amount', 'A percentage fee is taken of zero or more');
  return money(divCeil(amount * checkBasisPoints(bps, BPS_PER_UNIT), BPS_PER_UNIT), currency);
}

/** The fee's total: the sum of its items, all in `currency` (an empty breakdown is zero). */
export function feeTotal(items: readonly FeeItem[], currency: CurrencyCode): Money {
  return sum(
    items.map((item) => item.amount),
    currency,
  );
}
