import type { Executor } from '../../db/types.ts';

const COUNTRY_COLUMNS = [
  'id',
  'iso2_alpha',
  'iso3_alpha',
  'iso_numeric',
  'fips_code',
  'slug',
  'calling_code',
  'common_name',
  'official_name',
  'endonym',
  'demonym',
] as const;

export const referenceRepository = {
  listCountries(db: Executor) {
    return db.selectFrom('countries').select(COUNTRY_COLUMNS).orderBy('common_name').orderBy('id').execute();
  },
};
