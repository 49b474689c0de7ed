/**
 * The one rounding rule (docs/product/money-movement.md#money), in integers only:
 *
 * - a conversion rounds DOWN the amount the recipient gets, to the target currency's minor unit
 *   (`target_amount = source_amount × rate`, rounded down; the remainder stays with us);
 * - the source needed for a wanted target rounds UP (the smallest source whose conversion gives at
 *   least that target);
 * - a fee rounds UP to the minor unit (in our favour);
 * - a rate derived from another (margin, inverse, cross rate) rounds DOWN to its scale;
 * - nothing ever goes through a float: amounts are bigint minor units, rates scaled bigints.
 */
import { MoneyError } from './errors.ts';

const POWERS: bigint[] = [1n];

/** 10^n as a bigint, for a small non-negative integer n (an exponent or a rate scale). */
export function pow10(n: number): bigint {
  if (!Number.isSafeInteger(n) || n < 0 || n > 200) {
    throw new MoneyError('invalid_scale', `Not a decimal scale: ${String(n)}`);
  }
  for (let i = POWERS.length; i <= n; i++) POWERS.push((POWERS[i - 1] ?? 1n) * 10n);
  return POWERS[n] ?? 1n;
}

/** ⌊a / b⌋ for b > 0: rounds toward minus infinity (bigint `/` truncates toward zero). */
export function divFloor(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('divFloor needs a positive divisor');
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** ⌈a / b⌉ for b > 0: rounds toward plus infinity. */
export function divCeil(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('divCeil needs a positive divisor');
  const q = a / b;
  return a % b !== 0n && a > 0n ? q + 1n : q;
}

/** Basis points in one: 100 bps = 1 %. */
export const BPS_PER_UNIT = 10_000n;

/** A whole number of basis points from 0 to `max`, as a bigint; anything else throws. */
export function checkBasisPoints(bps: number | bigint, max: bigint): bigint {
  const valid = typeof bps === 'bigint' || Number.isSafeInteger(bps);
  const value = valid ? BigInt(bps) : -1n;
  if (value < 0n || value > max) {
    throw new MoneyError('invalid_basis_points', `Basis points are a whole number from 0 to ${max}: ${String(bps)}`);
  }
  return value;
}
