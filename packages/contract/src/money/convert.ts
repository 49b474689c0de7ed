/**
 * Conversion between currencies with a rate, in integers, across exponents (JPY 0 ↔ KWD 3):
 * `target_amount = source_amount × rate`, rounded DOWN to the target's minor unit
 * (docs/product/money-movement.md#quotes). The recipient never gets more than the rate gives; the
 * remainder, under one target minor unit, stays with us.
 */
import { money, type Money } from './amounts.ts';
import { currencyExponent, type CurrencyCode } from './currencies.ts';
import { MoneyError } from './errors.ts';
import { checkRate, type Rate } from './rates.ts';
import { divCeil, pow10 } from './rounding.ts';

function checkNotNegative(m: Money): Money {
  const checked = money(m.amount, m.currency);
  if (checked.amount < 0n) throw new MoneyError('negative_amount', 'Only amounts of zero or more are converted');
  return checked;
}

/**
 * The rate between minor units as a fraction num / den: one source minor unit is worth
 * num / den target minor units.
 */
function minorRatio(rate: Rate, source: CurrencyCode, target: CurrencyCode): { num: bigint; den: bigint } {
  const { value, scale } = checkRate(rate);
  return { num: value * pow10(currencyExponent(target)), den: pow10(scale + currencyExponent(source)) };
}

/** `source × rate` in `targetCurrency`, rounded down to its minor unit. */
export function convert(source: Money, rate: Rate, targetCurrency: CurrencyCode): Money {
  const { amount, currency } = checkNotNegative(source);
  const { num, den } = minorRatio(rate, currency, targetCurrency);
  return money((amount * num) / den, targetCurrency);
}

/**
 * The smallest source amount whose {@link convert} gives at least `target`: `target ÷ rate` rounded
 * UP to the source's minor unit. One minor unit less converts to less than `target`.
 */
export function sourceFor(target: Money, rate: Rate, sourceCurrency: CurrencyCode): Money {
  const { amount, currency } = checkNotNegative(target);
  const { num, den } = minorRatio(rate, sourceCurrency, currency);
  return money(divCeil(amount * den, num), sourceCurrency);
}
