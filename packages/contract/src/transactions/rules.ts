/**
 * Purpose and reference by destination (docs/product/money-movement.md#purpose-and-reference): the
 * same rules on the web form and on the server. Countries whose central bank asks the sending
 * institution for the purpose of an inward remittance require one; the reference is what the
 * recipient's bank or wallet shows, limited to what the local scheme carries.
 */

/** Destinations that require a purpose (ISO 3166-1 alpha-2). */
export const PURPOSE_REQUIRED_COUNTRIES: readonly string[] = ['BD', 'IN', 'NG', 'PH', 'PK', 'VN', 'CN', 'KE'];

/**
 * The longest reference a destination's payout scheme carries, by country (default
 * {@link REFERENCE_MAX_LENGTH_DEFAULT}).
 */
export const REFERENCE_MAX_LENGTH_BY_COUNTRY: Readonly<Record<string, number>> = {
  GB: 18, // Faster Payments
  US: 80,
  MX: 40, // SPEI concepto
  IN: 30,
};
export const REFERENCE_MAX_LENGTH_DEFAULT = 35; // SEPA and most bank schemes

/** Letters, digits, spaces and - . , / ( ) ' + ? : of the SWIFT/SEPA character set. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9 \-.,/()'+?:]*$/;

export interface ReferenceRules {
  purposeRequired: boolean;
  referenceMaxLength: number;
}

export function referenceRules(country: string): ReferenceRules {
  const c = country.toUpperCase();
  return {
    purposeRequired: PURPOSE_REQUIRED_COUNTRIES.includes(c),
    referenceMaxLength: REFERENCE_MAX_LENGTH_BY_COUNTRY[c] ?? REFERENCE_MAX_LENGTH_DEFAULT,
  };
}
