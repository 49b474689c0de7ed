/** Why the money module refused an input (docs/product/money-movement.md#money). */
export type MoneyErrorCode =
  | 'invalid_amount'
  | 'out_of_range'
  | 'too_many_decimals'
  | 'negative_amount'
  | 'invalid_currency'
  | 'currency_mismatch'
  | 'invalid_rate'
  | 'invalid_basis_points'
  | 'invalid_scale';

/** Thrown by the money module on an input it will not compute with; never a silent rounding. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  readonly code: MoneyErrorCode;

  constructor(code: MoneyErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
