/**
 * The money module (docs/product/money-movement.md#money): every amount, rate, conversion, fee and
 * rounding of both apps goes through it. Amounts are bigint minor units, rates scaled bigints;
 * nothing is a float (ESLint refuses Number(), parseFloat, Math.round... here).
 */
export * from './currencies.ts';
export * from './errors.ts';
export * from './amounts.ts';
export * from './bounds.ts';
export * from './rates.ts';
export * from './convert.ts';
export * from './fees.ts';
export * from './quote.ts';
export * from './schemas.ts';
export { BPS_PER_UNIT, divCeil, divFloor, pow10 } from './rounding.ts';
