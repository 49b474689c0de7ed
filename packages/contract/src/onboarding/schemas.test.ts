import { describe, expect, it } from 'vitest';
import { flattenDotKeys, nestDotKeys } from './schemas.ts';

describe('dot-key nesting (docs/product/onboarding.md#dot-keys)', () => {
  it('turns dotted keys into nested objects and leaves plain keys alone', () => {
    expect(nestDotKeys({ first_name: 'Ada', 'address.city': 'Leeds', 'address.geo.lat': '53.8' })).toEqual({
      first_name: 'Ada',
      address: { city: 'Leeds', geo: { lat: '53.8' } },
    });
  });

  it('flattening undoes nesting', () => {
    const flat = { a: '1', 'b.c': '2', 'b.d.e': '3' };
    expect(flattenDotKeys(nestDotKeys(flat))).toEqual(flat);
  });
});
