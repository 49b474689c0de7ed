/** Wire schemas of money values (docs/product/money-movement.md#wire-names). */
import { z } from 'zod';
import { MINOR_UNITS_PATTERN } from './amounts.ts';
import { DECIMAL_RATE_PATTERN } from './rates.ts';

/** An amount: a string of minor units, `"12550"` (£125.50 with GBP); parse it with parseMinorUnits. */
export const MinorUnits = z.string().regex(MINOR_UNITS_PATTERN, 'A whole number of minor units, as a string');

/** An amount that cannot be negative (a send amount, a fee, a limit): `"0"`, `"12550"`. */
export const NonNegativeMinorUnits = MinorUnits.refine((text) => !text.startsWith('-'), 'Not a negative amount');

/** A rate: a positive decimal string, `"1.1734"`, at most 12 decimals; parse it with parseRate. */
export const DecimalRate = z
  .string()
  .regex(DECIMAL_RATE_PATTERN, 'A decimal rate, as a string')
  .refine((text) => /[1-9]/.test(text), 'A rate is positive');
