import { describe, expect, it } from 'vitest';
import type { Attribute } from './attribute.ts';
import type { Country } from './country.ts';
import { isCategoryInformationRequired } from './customer.ts';

const gb: Country = {
  id: 826,
  iso2_alpha: 'GB',
  iso3_alpha: 'GBR',
  iso_numeric: '826',
  fips_code: 'UK',
  slug: 'united-kingdom',
  calling_code: '44',
  common_name: 'United Kingdom',
  official_name: 'United Kingdom of Great Britain and Northern Ireland',
  endonym: 'United Kingdom',
  demonym: 'British',
};

function attr(partial: Partial<Attribute>): Attribute {
  return {
    attribute: 'first_name',
    category: 'identity',
    regular_expression: null,
    mask: null,
    expression_error_message: null,
    label: 'First name',
    info_text: null,
    is_required: true,
    value: null,
    options: null,
    ...partial,
  };
}

describe('derived rule (docs/product/entities.md#information-required)', () => {
  it('every category is required while no country is set', () => {
    expect(isCategoryInformationRequired({ country: null, attributes: [] }, 'identity')).toBe(true);
    expect(isCategoryInformationRequired({ country: null, attributes: [] }, 'employment')).toBe(true);
  });

  it('is required when a required attribute of that category has no value', () => {
    const attributes = [attr({ value: null }), attr({ attribute: 'city', category: 'address', value: 'Leeds' })];
    expect(isCategoryInformationRequired({ country: gb, attributes }, 'identity')).toBe(true);
    expect(isCategoryInformationRequired({ country: gb, attributes }, 'address')).toBe(false);
  });

  it('blank values count as missing; optional attributes never make it required', () => {
    expect(isCategoryInformationRequired({ country: gb, attributes: [attr({ value: '  ' })] }, 'identity')).toBe(true);
    expect(
      isCategoryInformationRequired(
        { country: gb, attributes: [attr({ is_required: false, value: null })] },
        'identity',
      ),
    ).toBe(false);
  });
});
