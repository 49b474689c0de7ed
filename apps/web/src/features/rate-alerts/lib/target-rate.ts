import { DECIMAL_RATE_PATTERN } from '@remit/contract';

/** Significant digits of the suggested target ("1.175", "172.4", "0.005252"). */
const DIGITS = 4;

/**
 * The target the form starts with (docs/product/rate-alerts.md#setting-one): a little above our rate
 * now, 1 % up, then rounded UP to four significant digits, computed on the decimal string as integers
 * (never a float).
 */
export function suggestTarget(rate: string): string {
  if (!DECIMAL_RATE_PATTERN.test(rate)) return '';
  const [whole = '0', fraction = ''] = rate.split('.');
  // Six more decimals than the rate has, so that 1 % of a small rate is not lost.
  const scale = fraction.length + 6;
  const raised = (BigInt(whole + fraction) * 10n ** 6n * 101n + 99n) / 100n;
  const digits = raised.toString();
  const cut = Math.max(0, digits.length - DIGITS);
  const unit = 10n ** BigInt(cut);
  const rounded = ((raised + unit - 1n) / unit) * unit;
  const text = rounded.toString().padStart(scale + 1, '0');
  const point = text.length - scale;
  const result = scale === 0 ? text : `${text.slice(0, point)}.${text.slice(point)}`;
  return result.includes('.') ? result.replace(/0+$/, '').replace(/\.$/, '') : result;
}

/** What the customer typed, as the wire's decimal string ("1,16" in French → "1.16"), or null. */
export function parseTarget(text: string): string | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!DECIMAL_RATE_PATTERN.test(cleaned) || !/[1-9]/.test(cleaned)) return null;
  return cleaned;
}

/** The wire's "1.16" as the customer writes it ("1,16" in French), for the input. */
export function toInputRate(rate: string, locale: string): string {
  return locale.startsWith('fr') ? rate.replace('.', ',') : rate;
}
