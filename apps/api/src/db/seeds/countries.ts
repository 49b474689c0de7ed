import { createRequire } from 'node:module';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import type { Kysely } from 'kysely';
import type { Country as WorldCountry } from 'world-countries';
import type { Database, NewCountry } from '../types.ts';
import { FIPS_BY_ISO2 } from './fips-codes.ts';

/**
 * Every ISO 3166-1 country, read at seed time from the maintained `world-countries` package
 * (mledoze/countries, ODbL): alpha-2/alpha-3/numeric codes, common/official/native names, demonyms.
 * Sources per field:
 * - id: the ISO numeric code (stable across environments and data refreshes);
 * - calling_code: libphonenumber-js metadata ("+44"), else world-countries `idd` when it names one code;
 * - endonym: the first native name in a language other than English (world-countries orders them),
 *   else the English one;
 * - demonym: the English masculine demonym;
 * - fips_code: the checked-in FIPS 10-4 table (./fips-codes.ts).
 * Entries without an ISO numeric code (Kosovo, user-assigned XK) are not ISO 3166-1 and are skipped.
 */
const require = createRequire(import.meta.url);
const worldCountries = require('world-countries') as WorldCountry[];

export function countrySlug(commonName: string): string {
  return commonName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function callingCode(c: WorldCountry): string | null {
  if (isSupportedCountry(c.cca2)) return `+${getCountryCallingCode(c.cca2)}`;
  const { root, suffixes } = c.idd;
  if (!root) return null;
  return suffixes.length === 1 ? `${root}${suffixes[0]}` : root;
}

function endonym(c: WorldCountry): string | null {
  const natives = Object.entries(c.name.native ?? {});
  const local = natives.find(([lang]) => lang !== 'eng') ?? natives[0];
  return local?.[1].common ?? null;
}

export const countrySeed: NewCountry[] = worldCountries
  .filter((c) => /^\d{1,3}$/.test(c.ccn3 ?? ''))
  .map((c) => ({
    id: Number(c.ccn3),
    iso2_alpha: c.cca2,
    iso3_alpha: c.cca3,
    iso_numeric: c.ccn3.padStart(3, '0'),
    fips_code: FIPS_BY_ISO2.get(c.cca2) ?? null,
    slug: countrySlug(c.name.common),
    calling_code: callingCode(c),
    common_name: c.name.common,
    official_name: c.name.official,
    endonym: endonym(c),
    demonym: c.demonyms?.eng?.m || null,
  }))
  .sort((a, b) => a.id - b.id);

/** Idempotent: inserts missing countries and refreshes every field of existing ones (ids never change). */
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
