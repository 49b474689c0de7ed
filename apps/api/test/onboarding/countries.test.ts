import { onboardingEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { attributeSets } from '../../src/db/seeds/attributes/index.ts';
import { seedReferenceData } from '../../src/db/seeds/index.ts';
import { AttributeCatalog } from '../../src/modules/reference/attribute-catalog.ts';
import { useTestApp } from '../helpers.ts';

const ctx = useTestApp();

async function countries() {
  const res = await ctx.app.inject({ method: 'GET', url: onboardingEndpoints.listCountries.path });
  expect(res.statusCode, res.body).toBe(200);
  return { res, body: onboardingEndpoints.listCountries.response.parse(res.json()) };
}

describe('GET /client/v1/countries', () => {
  it('lists every ISO 3166-1 country with every field, sorted by common name, publicly cacheable', async () => {
    const { res, body } = await countries();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(body.countries.length).toBeGreaterThanOrEqual(249);
    const names = body.countries.map((c) => c.common_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(body.countries.map((c) => c.iso2_alpha)).size).toBe(body.countries.length);
    for (const c of body.countries) {
      expect(c.id).toBe(Number(c.iso_numeric));
      expect(c.iso_numeric).toMatch(/^\d{3}$/);
      expect(c.slug).toMatch(/^[a-z0-9-]+$/);
    }
    const gb = body.countries.find((c) => c.iso2_alpha === 'GB');
    expect(gb).toEqual({
      id: 826,
      iso2_alpha: 'GB',
      iso3_alpha: 'GBR',
      iso_numeric: '826',
      fips_code: 'UK',
      slug: 'united-kingdom',
      calling_code: '+44',
      common_name: 'United Kingdom',
      official_name: 'United Kingdom of Great Britain and Northern Ireland',
      endonym: 'United Kingdom',
      demonym: 'British',
    });
    expect(body.countries.find((c) => c.iso2_alpha === 'AF')).toMatchObject({
      id: 4,
      iso_numeric: '004',
      fips_code: 'AF',
      calling_code: '+93',
    });
    expect(body.countries.find((c) => c.iso2_alpha === 'DE')).toMatchObject({
      id: 276,
      fips_code: 'GM',
      endonym: 'Deutschland',
      demonym: 'German',
    });
    expect(body.countries.find((c) => c.iso2_alpha === 'VA')).toMatchObject({ calling_code: '+39' });
    // the foundation's countries keep their ids
    for (const [iso2, id] of [
      ['US', 840],
      ['NG', 566],
      ['IN', 356],
      ['MX', 484],
      ['ES', 724],
    ] as const) {
      expect(body.countries.find((c) => c.iso2_alpha === iso2)?.id).toBe(id);
    }
  });

  it('seeds reference data idempotently (countries and attribute definitions)', async () => {
    const before = await ctx.db
      .selectFrom('attribute_definitions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await seedReferenceData(ctx.db);
    await seedReferenceData(ctx.db);
    const after = await ctx.db
      .selectFrom('attribute_definitions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const expected = Object.values(attributeSets).reduce((n, set) => n + set.length, 0);
    expect(Number(after.n)).toBe(expected);
    const scopes = await ctx.db.selectFrom('attribute_definitions').select('scope').distinct().execute();
    expect(scopes.length).toBeGreaterThanOrEqual(11);
    const { body } = await countries();
    expect(body.countries.length).toBeGreaterThanOrEqual(249);
  });

  it('stores the options of choice attributes as jsonb, and the catalog loads them back', async () => {
    const rows = await ctx.db
      .selectFrom('attribute_definitions')
      .select(['scope', 'attribute', 'options'])
      .where('scope', '=', 'DE')
      .execute();
    const region = rows.find((r) => r.attribute === 'address.region');
    expect(region?.options).toContainEqual({ value: 'Bayern', label: 'Bavaria' });
    expect(rows.find((r) => r.attribute === 'address.city')?.options).toBeNull();

    // A catalog that starts empty knows only what the table holds.
    const catalog = new AttributeCatalog({});
    await catalog.load(ctx.db);
    for (const [scope, set] of Object.entries(attributeSets)) expect(catalog.forCountry(scope), scope).toEqual(set);
  });
});
