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

describe('keys named after Object.prototype members (docs/product/system.md#odd-input)', () => {
  it('are ordinary keys when nesting and flattening', () => {
    const flat = {
      constructor: 'a',
      toString: 'b',
      'hasOwnProperty.x': 'c',
      '__proto__.polluted': 'd',
      'address.__proto__': 'e',
    };
    const nested = nestDotKeys(flat);
    expect(Object.keys(nested)).toEqual(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'address']);
    expect(flattenDotKeys(nested)).toEqual(flat);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(nested))).toEqual({
      constructor: 'a',
      toString: 'b',
      hasOwnProperty: { x: 'c' },
      ['__proto__']: { polluted: 'd' },
      address: { ['__proto__']: 'e' },
    });
  });

  it('flattens a parsed body whose keys are prototype names', () => {
    const body = JSON.parse('{"constructor":"x","toString":{"valueOf":"y"},"__proto__":{"a":"z"}}');
    expect(flattenDotKeys(body)).toEqual({ constructor: 'x', 'toString.valueOf': 'y', '__proto__.a': 'z' });
    expect(flattenDotKeys(body).hasOwnProperty).toBeUndefined();
  });
});
