/**
 * Exchange rates: decimal strings on the wire ("1.1734", at most 12 decimals), a scaled bigint in
 * code: `{ value: 11734n, scale: 4 }` is 11734 / 10^4 (docs/product/money-movement.md#money). A rate
 * is the target currency's major units per one major unit of the source currency, and positive.
 * A rate computed from others (margin, inverse, cross rate) rounds DOWN to its scale.
 */
import { MoneyError } from './errors.ts';
import { BPS_PER_UNIT, checkBasisPoints, pow10 } from './rounding.ts';

export interface Rate {
  readonly value: bigint;
  /** Decimals: the rate is value / 10^scale. Kept normalised (no trailing zeros in value). */
  readonly scale: number;
}

/** Decimals a rate may carry. */
export const MAX_RATE_SCALE = 12;
/** Digits a rate may carry before its decimal point. */
export const MAX_RATE_INTEGER_DIGITS = 12;

/** A rate as the wire carries it: "1.1734", "0.0052", "155"; no sign, exponent or leading zeros. */
export const DECIMAL_RATE_PATTERN = /^(?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?$/;

const RATE_INTEGER_LIMIT = pow10(MAX_RATE_INTEGER_DIGITS);

function checkScale(scale: number): number {
  if (!Number.isSafeInteger(scale) || scale < 0 || scale > MAX_RATE_SCALE) {
    throw new MoneyError('invalid_scale', `A rate scale is 0 to ${MAX_RATE_SCALE} decimals: ${String(scale)}`);
  }
  return scale;
}

/** The rate value / 10^scale, normalised; refuses zero, negatives and rates beyond 12 + 12 digits. */
export function rateOf(value: bigint, scale: number): Rate {
  checkScale(scale);
  if (typeof value !== 'bigint' || value <= 0n) {
    throw new MoneyError('invalid_rate', 'A rate is positive (it rounded to zero, or was zero or negative)');
  }
  let v = value;
  let s = scale;
  while (s > 0 && v % 10n === 0n) {
    v /= 10n;
    s -= 1;
  }
  if (v / pow10(s) >= RATE_INTEGER_LIMIT) {
    throw new MoneyError('invalid_rate', `A rate has at most ${MAX_RATE_INTEGER_DIGITS} digits before the point`);
  }
  return { value: v, scale: s };
}

/** value / 10^scale rounded down to `target` decimals. */
function roundDown(value: bigint, scale: number, target: number): Rate {
  checkScale(target);
  return scale <= target ? rateOf(value, scale) : rateOf(value / pow10(scale - target), target);
}

/** Checks a rate built by hand (`{ value, scale }`) and normalises it. */
export function checkRate(rate: Rate): Rate {
  if (typeof rate !== 'object' || rate === null) throw new MoneyError('invalid_rate', 'Not a rate');
  return rateOf(rate.value, rate.scale);
}

/** "1.1734" → { value: 11734n, scale: 4 }; "1.1730" → { value: 1173n, scale: 3 }. Refuses zero. */
export function parseRate(text: string): Rate {
  if (typeof text !== 'string' || !DECIMAL_RATE_PATTERN.test(text)) {
    throw new MoneyError('invalid_rate', `Not a decimal rate: ${JSON.stringify(text)}`);
  }
  const [whole = '0', fraction = ''] = text.split('.');
  return rateOf(BigInt(whole + fraction), fraction.length);
}

/** The wire form: "1.1734", trailing zeros dropped unless `minDecimals` asks for them ("1.1700"). */
export function formatRate(rate: Rate, minDecimals = 0): string {
  const { value, scale } = checkRate(rate);
  const decimals = Math.max(scale, checkScale(minDecimals));
  const digits = (value * pow10(decimals - scale)).toString().padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  return decimals === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/** -1, 0 or 1 as a is lower than, equal to or higher than b. */
export function compareRates(a: Rate, b: Rate): -1 | 0 | 1 {
  const x = checkRate(a);
  const y = checkRate(b);
  const left = x.value * pow10(y.scale);
  const right = y.value * pow10(x.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** a × b (a cross rate: GBP→USD × USD→KES = GBP→KES), exact up to `scale` decimals, then rounded down. */
export function multiplyRate(a: Rate, b: Rate, scale: number = MAX_RATE_SCALE): Rate {
  const x = checkRate(a);
  const y = checkRate(b);
  return roundDown(x.value * y.value, x.scale + y.scale, scale);
}

/** 1 / rate (the other direction of a pair), rounded down to `scale` decimals. */
export function invertRate(rate: Rate, scale: number = MAX_RATE_SCALE): Rate {
  const { value, scale: s } = checkRate(rate);
  return rateOf(pow10(checkScale(scale) + s) / value, scale);
}

/**
 * The customer's rate: the mid-market rate less a margin in basis points (50 bps = 0.5 %),
 * mid × (10000 − bps) / 10000 rounded down to `scale` decimals; lower than mid for any margin > 0
 * (docs/product/money-movement.md#corridors). A margin is below 100 %.
 */
export function applyMargin(mid: Rate, marginBps: number | bigint, scale: number = MAX_RATE_SCALE): Rate {
  const { value, scale: s } = checkRate(mid);
  const keep = BPS_PER_UNIT - checkBasisPoints(marginBps, BPS_PER_UNIT - 1n);
  return roundDown(value * keep, s + 4, scale);
}
