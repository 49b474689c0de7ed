import type { Country } from '@remit/contract';
import type { CountryJson } from '../../db/types.ts';

/** A countries row as the contract's Country (iso codes are fixed-width columns: trimmed). */
export function toCountry(c: CountryJson | null): Country | null {
  if (!c) return null;
  return {
    id: c.id,
    iso2_alpha: c.iso2_alpha.trim(),
    iso3_alpha: c.iso3_alpha.trim(),
    iso_numeric: c.iso_numeric,
    fips_code: c.fips_code,
    slug: c.slug,
    calling_code: c.calling_code,
    common_name: c.common_name,
    official_name: c.official_name,
    endonym: c.endonym,
    demonym: c.demonym,
  };
}
