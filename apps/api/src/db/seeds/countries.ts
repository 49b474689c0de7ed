import type { Kysely } from 'kysely';
import type { Database, NewCountry } from '../types.ts';

type Row = [id: number, iso2: string, iso3: string, fips: string | null, calling: string, common: string, official: string, endonym: string | null, demonym: string | null];

/**
 * A small, sound starter set of countries (ISO 3166-1). The id is the ISO numeric code, so ids stay
 * stable when a later issue replaces this list with the full ISO data set.
 */
const COUNTRIES: Row[] = [
  [36, 'AU', 'AUS', 'AS', '+61', 'Australia', 'Commonwealth of Australia', 'Australia', 'Australian'],
  [76, 'BR', 'BRA', 'BR', '+55', 'Brazil', 'Federative Republic of Brazil', 'Brasil', 'Brazilian'],
  [124, 'CA', 'CAN', 'CA', '+1', 'Canada', 'Canada', 'Canada', 'Canadian'],
  [250, 'FR', 'FRA', 'FR', '+33', 'France', 'French Republic', 'France', 'French'],
  [276, 'DE', 'DEU', 'GM', '+49', 'Germany', 'Federal Republic of Germany', 'Deutschland', 'German'],
  [288, 'GH', 'GHA', 'GH', '+233', 'Ghana', 'Republic of Ghana', 'Ghana', 'Ghanaian'],
  [356, 'IN', 'IND', 'IN', '+91', 'India', 'Republic of India', 'भारत', 'Indian'],
  [372, 'IE', 'IRL', 'EI', '+353', 'Ireland', 'Ireland', 'Éire', 'Irish'],
  [380, 'IT', 'ITA', 'IT', '+39', 'Italy', 'Italian Republic', 'Italia', 'Italian'],
  [404, 'KE', 'KEN', 'KE', '+254', 'Kenya', 'Republic of Kenya', 'Kenya', 'Kenyan'],
  [484, 'MX', 'MEX', 'MX', '+52', 'Mexico', 'United Mexican States', 'México', 'Mexican'],
  [528, 'NL', 'NLD', 'NL', '+31', 'Netherlands', 'Kingdom of the Netherlands', 'Nederland', 'Dutch'],
  [566, 'NG', 'NGA', 'NI', '+234', 'Nigeria', 'Federal Republic of Nigeria', 'Nigeria', 'Nigerian'],
  [586, 'PK', 'PAK', 'PK', '+92', 'Pakistan', 'Islamic Republic of Pakistan', 'پاکستان', 'Pakistani'],
  [608, 'PH', 'PHL', 'RP', '+63', 'Philippines', 'Republic of the Philippines', 'Pilipinas', 'Filipino'],
  [616, 'PL', 'POL', 'PL', '+48', 'Poland', 'Republic of Poland', 'Polska', 'Polish'],
  [710, 'ZA', 'ZAF', 'SF', '+27', 'South Africa', 'Republic of South Africa', 'South Africa', 'South African'],
  [724, 'ES', 'ESP', 'SP', '+34', 'Spain', 'Kingdom of Spain', 'España', 'Spanish'],
  [826, 'GB', 'GBR', 'UK', '+44', 'United Kingdom', 'United Kingdom of Great Britain and Northern Ireland', 'United Kingdom', 'British'],
  [840, 'US', 'USA', 'US', '+1', 'United States', 'United States of America', 'United States', 'American'],
];

export function countrySlug(commonName: string): string {
  return commonName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const countrySeed: NewCountry[] = COUNTRIES.map(([id, iso2, iso3, fips, calling, common, official, endonym, demonym]) => ({
  id,
  iso2_alpha: iso2,
  iso3_alpha: iso3,
  iso_numeric: String(id).padStart(3, '0'),
  fips_code: fips,
  slug: countrySlug(common),
  calling_code: calling,
  common_name: common,
  official_name: official,
  endonym,
  demonym,
}));

/** Idempotent: inserts missing countries and refreshes the names of existing ones. */
export async function seedCountries(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('countries')
    .values(countrySeed)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        iso2_alpha: eb.ref('excluded.iso2_alpha'),
        iso3_alpha: eb.ref('excluded.iso3_alpha'),
        iso_numeric: eb.ref('excluded.iso_numeric'),
        fips_code: eb.ref('excluded.fips_code'),
        slug: eb.ref('excluded.slug'),
        calling_code: eb.ref('excluded.calling_code'),
        common_name: eb.ref('excluded.common_name'),
        official_name: eb.ref('excluded.official_name'),
        endonym: eb.ref('excluded.endonym'),
        demonym: eb.ref('excluded.demonym'),
      })),
    )
    .execute();
}
