import type { Country } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { toCountry } from './country.mapper.ts';
import { referenceRepository } from './reference.repository.ts';

interface CountryIndex {
  list: Country[];
  byId: Map<number, Country>;
  byIso2: Map<string, Country>;
}

/**
 * Countries are reference data seeded at start-up: loaded once per app instance and answered from
 * memory (the list is served with a one-hour public Cache-Control).
 */
export class ReferenceService {
  private index: Promise<CountryIndex> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  private load(): Promise<CountryIndex> {
    this.index ??= referenceRepository.listCountries(this.db).then((rows) => {
      // Sorted here, not by the database collation, so PGlite and PostgreSQL answer the same order.
      const list = rows
        .map((r) => toCountry(r)!)
        .sort((a, b) => a.common_name.localeCompare(b.common_name, 'en') || a.id - b.id);
      return {
        list,
        byId: new Map(list.map((c) => [c.id, c])),
        byIso2: new Map(list.map((c) => [c.iso2_alpha, c])),
      };
    });
    this.index.catch(() => {
      this.index = undefined;
    });
    return this.index;
  }

  /** Every country, sorted by common name. */
  async countries(): Promise<Country[]> {
    return (await this.load()).list;
  }

  async countryById(id: number): Promise<Country | undefined> {
    return (await this.load()).byId.get(id);
  }

  async countryByIso2(iso2: string): Promise<Country | undefined> {
    return (await this.load()).byIso2.get(iso2.toUpperCase());
  }
}
