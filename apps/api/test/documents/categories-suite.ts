// GET /client/v1/document-categories (docs/product/account-verification.md#categories-and-types):
// the seeded categories and types with their page rules, required ones first for the customer's
// country of residence.
import { verificationEndpoints as v } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_CATEGORIES, MAX_PAGE_BYTES } from '../../src/db/seeds/documents.ts';
import { Client, type TestContext } from '../helpers.ts';
import { customer, GB, US } from './helpers.ts';

export function categoriesSuite(ctx: TestContext): void {
  async function categories(c: Client) {
    const res = await c.get(v.listDocumentCategories.path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return v.listDocumentCategories.response.parse(res.json()).document_categories;
  }

  const required = (list: Awaited<ReturnType<typeof categories>>) => list.map((c) => [c.code, c.is_required] as const);

  describe('GET /client/v1/document-categories', () => {
    it('answers 401 without a session', async () => {
      const c = new Client(ctx.app);
      expect((await c.get(v.listDocumentCategories.path)).statusCode).toBe(401);
    });

    it('requires nothing of a customer who has not chosen a country', async () => {
      const { c } = await customer(ctx, null);
      expect(required(await categories(c))).toEqual([
        ['proof_of_identity', false],
        ['proof_of_address', false],
        ['selfie', false],
      ]);
    });

    it('requires identity, address and a selfie of a UK resident', async () => {
      const { c } = await customer(ctx, GB);
      expect(required(await categories(c))).toEqual([
        ['proof_of_identity', true],
        ['proof_of_address', true],
        ['selfie', true],
      ]);
    });

    it('does not require a proof of address of a US resident, and lists it after the required ones', async () => {
      const { c } = await customer(ctx, US);
      expect(required(await categories(c))).toEqual([
        ['proof_of_identity', true],
        ['selfie', true],
        ['proof_of_address', false],
      ]);
    });

    it('gives every type its seed fields and page rules', async () => {
      const { c } = await customer(ctx, GB);
      const list = await categories(c);
      const ids = new Set<number>();
      for (const seed of DOCUMENT_CATEGORIES) {
        const category = list.find((x) => x.code === seed.code)!;
        expect(category).toMatchObject({ title: seed.title, description: seed.description });
        ids.add(category.id);
        expect(category.document_types.map((t) => t.code)).toEqual(seed.types.map((t) => t.code));
        for (const [i, t] of seed.types.entries()) {
          const type = category.document_types[i]!;
          ids.add(type.id);
          expect(type).toEqual({
            id: type.id,
            code: t.code,
            title: t.title,
            description: t.description,
            public_upload: t.public_upload,
            info: t.info,
            document_number_label: t.document_number_label,
            api: t.api,
            min_pages: t.min_pages,
            max_pages: t.max_pages,
            sides: t.sides,
            accepted_types: t.accepted_types,
            max_page_bytes: MAX_PAGE_BYTES,
          });
          if (t.sides) expect(t.min_pages).toBe(t.sides.length);
        }
      }
      expect(
        list.find((x) => x.code === 'proof_of_identity')!.document_types.find((t) => t.code === 'national_id'),
      ).toMatchObject({ sides: ['front', 'back'], public_upload: true, document_number_label: 'ID card number' });
      expect(list.find((x) => x.code === 'selfie')!.document_types[0]).toMatchObject({
        api: 'sandbox',
        accepted_types: ['image/jpeg', 'image/png'],
      });
    });
  });
}
