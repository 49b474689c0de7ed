import { describe, expect, it } from 'vitest';
import { Attribute } from './attribute.ts';

const freeText = {
  attribute: 'address.city',
  category: 'address',
  regular_expression: '^.{1,120}$',
  mask: null,
  expression_error_message: 'Enter a valid city.',
  label: 'City',
  info_text: null,
  is_required: true,
  value: null,
  options: null,
};

const region = {
  ...freeText,
  attribute: 'address.region',
  regular_expression: '^(Bayern|Berlin)$',
  expression_error_message: 'Choose a state from the list.',
  label: 'State (Bundesland)',
  value: 'Bayern',
  options: [
    { value: 'Bayern', label: 'Bavaria' },
    { value: 'Berlin', label: 'Berlin' },
  ],
};

describe('Attribute options (docs/product/entities.md#attribute)', () => {
  it('carries a choice attribute’s values and English labels, in order', () => {
    expect(Attribute.parse(region).options).toEqual([
      { value: 'Bayern', label: 'Bavaria' },
      { value: 'Berlin', label: 'Berlin' },
    ]);
  });

  it('is null for a free-text attribute', () => {
    expect(Attribute.parse(freeText).options).toBeNull();
  });

  it('is always on the wire, and every option has a value and a label', () => {
    const { options: _options, ...withoutOptions } = freeText;
    expect(Attribute.safeParse(withoutOptions).success).toBe(false);
    expect(Attribute.safeParse({ ...region, options: [{ value: 'Bayern' }] }).success).toBe(false);
    expect(Attribute.safeParse({ ...region, options: ['Bayern', 'Berlin'] }).success).toBe(false);
  });
});
