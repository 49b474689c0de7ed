// The provider flow of a type with an `api` (docs/product/account-verification.md#provider-flows):
// the selfie through the sandbox provider's session and liveness tokens, each usable once, by the
// customer they were issued to.
import { LivenessTokenResponse, VerificationTokenResponse } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import type { Client, TestContext } from '../helpers.ts';
import {
  created,
  customer,
  filesUnder,
  invalid,
  jpegWithGps,
  page,
  postMultipart,
  rowCounts,
  tokenPath,
  uploadPath,
} from './helpers.ts';

export function providerSuite(ctx: TestContext): void {
  const LIVENESS = '/client/v1/account-verification/liveliness-token';

  async function sessionToken(c: Client) {
    const res = await c.get(tokenPath('selfie', 'selfie'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = VerificationTokenResponse.parse(res.json());
    if (answer.kind !== 'provider') throw new Error('expected a provider token');
    return answer;
  }

  async function livenessToken(c: Client) {
    const res = await c.get(`${LIVENESS}?api=sandbox`);
    expect(res.statusCode, res.body).toBe(200);
    return LivenessTokenResponse.parse(res.json());
  }

  async function uploadSelfie(c: Client, tokens: { provider?: string; liveness?: string }, filename = 'selfie.jpg') {
    return postMultipart(c, uploadPath('selfie', 'selfie'), [
      page(await jpegWithGps(), filename),
      ...(tokens.provider !== undefined ? [{ name: 'provider_token', value: tokens.provider }] : []),
      ...(tokens.liveness !== undefined ? [{ name: 'liveness_token', value: tokens.liveness }] : []),
    ]);
  }

  const storedFiles = () => filesUnder(`${ctx.config.dataDir}/documents`);

  describe('provider flow (selfie, sandbox)', () => {
    it('hands out a session token and a liveness token with its steps', async () => {
      const { c } = await customer(ctx);
      const session = await sessionToken(c);
      expect(session).toMatchObject({ kind: 'provider', api: 'sandbox' });
      expect(session.token).toMatch(/^sbx1\./);
      expect(Date.parse(session.expires_at)).toBe(ctx.clock.now().getTime() + 15 * 60_000);
      const liveness = await livenessToken(c);
      expect(liveness.api).toBe('sandbox');
      expect(liveness.steps[0]).toBe('look_straight');
      expect(liveness.steps.length).toBeGreaterThan(1);
      expect(liveness.token).not.toBe(session.token);
    });

    it('refuses an unknown provider, or none', async () => {
      const { c } = await customer(ctx);
      expect(invalid(await c.get(`${LIVENESS}?api=nope`))).toEqual({ api: ['Unknown verification provider.'] });
      expect(invalid(await c.get(LIVENESS))).toHaveProperty('api');
    });

    it('answers 401 to the token calls without a session', async () => {
      const { c } = await customer(ctx);
      await c.post('/client/v1/logout');
      expect((await c.get(tokenPath('selfie', 'selfie'))).statusCode).toBe(401);
      expect((await c.get(`${LIVENESS}?api=sandbox`)).statusCode).toBe(401);
    });

    it('takes the selfie with both tokens, once', async () => {
      const { c } = await customer(ctx);
      const tokens = { provider: (await sessionToken(c)).token, liveness: (await livenessToken(c)).token };
      const doc = created(await uploadSelfie(c, tokens));
      expect(doc).toMatchObject({ status_code: 'pending', document_type: { code: 'selfie', api: 'sandbox' } });
      const row = await ctx.db
        .selectFrom('documents')
        .select('source')
        .where('id', '=', doc.id)
        .executeTakeFirstOrThrow();
      expect(row.source).toBe('provider');
      // Under DATA_DIR/documents.
      const stored = await ctx.db.selectFrom('document_pages').select('storage_key').executeTakeFirstOrThrow();
      expect(await storedFiles()).toEqual(expect.arrayContaining([stored.storage_key, `${stored.storage_key}.type`]));
      const used = await ctx.db.selectFrom('provider_tokens').select(['kind', 'used_at']).execute();
      expect(used.map((t) => [t.kind, t.used_at !== null]).sort()).toEqual([
        ['liveness', true],
        ['session', true],
      ]);

      // The same tokens again (once the first selfie was refused): already used, and nothing stays.
      await ctx.app.services.documents.applyReview(doc.id, { status: 'rejected', reason: 'unreadable' });
      const before = { rows: await rowCounts(ctx), files: await storedFiles() };
      expect(invalid(await uploadSelfie(c, tokens))).toHaveProperty('provider_token');
      expect(await rowCounts(ctx)).toEqual(before.rows);
      expect(await storedFiles()).toEqual(before.files);

      // Fresh tokens: fine.
      const fresh = { provider: (await sessionToken(c)).token, liveness: (await livenessToken(c)).token };
      created(await uploadSelfie(c, fresh));
    });

    it('refuses missing, swapped, forged, expired and other customers’ tokens', async () => {
      const a = await customer(ctx);
      const b = await customer(ctx);
      const mine = { provider: (await sessionToken(a.c)).token, liveness: (await livenessToken(a.c)).token };
      const theirs = { provider: (await sessionToken(b.c)).token, liveness: (await livenessToken(b.c)).token };
      const keys = async (tokens: { provider?: string; liveness?: string }) =>
        Object.keys(invalid(await uploadSelfie(a.c, tokens))).sort();

      expect(await keys({})).toEqual(['liveness_token', 'provider_token']);
      expect(await keys({ provider: mine.provider })).toEqual(['liveness_token']);
      expect(await keys(theirs)).toEqual(['liveness_token', 'provider_token']);
      expect(await keys({ provider: mine.liveness, liveness: mine.provider })).toEqual([
        'liveness_token',
        'provider_token',
      ]);
      const [prefix, body] = mine.provider.split('.');
      expect(await keys({ provider: `${prefix}.${body}.forged`, liveness: mine.liveness })).toEqual(['provider_token']);
      expect(await keys({ provider: 'x'.repeat(5000), liveness: mine.liveness })).toEqual(['provider_token']);

      ctx.clock.advance(16 * 60_000);
      expect(await keys(mine)).toEqual(['liveness_token', 'provider_token']);
      expect(await rowCounts(ctx)).toEqual({ documents: 0, pages: 0 });
    });

    it('refuses the provider flow’s type through storage, and a token for a type without provider', async () => {
      const { c } = await customer(ctx);
      expect(
        invalid(
          await c.post(uploadPath('selfie', 'selfie'), {
            pages: [{ upload_id: '00000000-0000-4000-8000-000000000000' }],
          }),
        ),
      ).toHaveProperty('pages');
      expect(Object.keys(invalid(await c.get(tokenPath('proof_of_address', 'bank_statement'))))).toEqual([
        'document_type_id',
      ]);
    });
  });
}
