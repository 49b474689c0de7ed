// Reference data (seeded by db/seeds, read into the catalogs of modules/reference): countries,
// attribute definitions (migration 20260101000200_onboarding), document categories and types
// (migration 20261123000100_account_verification). Kept between tests.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Jsonb } from './column-types.ts';

export interface CountriesTable {
  id: number;
  iso2_alpha: string;
  iso3_alpha: string;
  iso_numeric: string;
  fips_code: string | null;
  slug: string;
  calling_code: string | null;
  common_name: string;
  official_name: string;
  endonym: string | null;
  demonym: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type NewCountry = Insertable<CountriesTable>;

/** A countries row as reference data (the in-memory country catalog), without bookkeeping columns. */
export type CountryJson = Omit<Selectable<CountriesTable>, 'created_at' | 'updated_at'>;

export type AttributeCategoryColumn = 'identity' | 'address' | 'employment';

export interface AttributeDefinitionsTable {
  /** A country's iso2 code, or 'default'. */
  scope: string;
  attribute: string;
  category: AttributeCategoryColumn;
  position: number;
  label: string;
  info_text: string | null;
  mask: string | null;
  regular_expression: string | null;
  expression_error_message: string | null;
  is_required: boolean;
  /** jsonb `[{ value, label }]` of a choice attribute, null for free text (migration 20261123000050). */
  options: ColumnType<{ value: string; label: string }[] | null, string | null, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DocumentCategoriesTable {
  id: Generated<number>;
  code: string;
  title: string;
  description: string | null;
  required_in: ColumnType<string[] | null, string | null, string | null>;
  position: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DocumentTypesTable {
  id: Generated<number>;
  category_id: number;
  code: string;
  title: string;
  description: string | null;
  info: string | null;
  document_number_label: string | null;
  public_upload: boolean;
  api: string | null;
  min_pages: number;
  max_pages: number;
  sides: ColumnType<('front' | 'back')[] | null, string | null, string | null>;
  accepted_types: Jsonb<string[]>;
  max_page_bytes: number;
  position: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ReferenceTables {
  countries: CountriesTable;
  attribute_definitions: AttributeDefinitionsTable;
  document_categories: DocumentCategoriesTable;
  document_types: DocumentTypesTable;
}
