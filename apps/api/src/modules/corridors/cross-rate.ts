import { MAX_RATE_SCALE, pow10, rateOf, type Rate } from '@remit/contract';

/** Significant digits of a mid-market cross rate (the ECB publishes five or six). */
export const CROSS_RATE_DIGITS = 10;

/**
 * The rate from `source` to `target` through the euro (docs/product/money-movement.md#money):
 * (EUR→target) ÷ (EUR→source), one exact integer division rounded down to 10 significant digits
 * (at most 12 decimals). `eurToSource` of the euro itself is 1.
 */
export function crossRate(eurToSource: Rate, eurToTarget: Rate): Rate {
  // (t / 10^ts) ÷ (s / 10^ss) = (t × 10^ss) ÷ (s × 10^ts)
  const numerator = eurToTarget.value * pow10(eurToSource.scale);
  const denominator = eurToSource.value * pow10(eurToTarget.scale);
  const whole = numerator / denominator;
  let scale: number;
  if (whole > 0n) {
    scale = Math.max(0, CROSS_RATE_DIGITS - whole.toString().length);
  } else {
    let zeros = 0; // zeros after the decimal point before the first significant digit
    while (zeros < MAX_RATE_SCALE && (numerator * pow10(zeros + 1)) / denominator === 0n) zeros += 1;
    scale = zeros + CROSS_RATE_DIGITS;
  }
  scale = Math.min(scale, MAX_RATE_SCALE);
  return rateOf((numerator * pow10(scale)) / denominator, scale);
}
