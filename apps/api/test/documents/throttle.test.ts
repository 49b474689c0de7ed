// Uploads and upload targets per customer per hour (UPLOAD_MAX_PER_HOUR): refused ones count too.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.ts';
import { created, customer, exe, page, postMultipart, tokenPath, uploadPassport, uploadPath } from './helpers.ts';

const ctx = useTestApp({ env: { SANDBOX_REVIEW_DELAY_MS: 'off', UPLOAD_MAX_PER_HOUR: '3' } });

describe('upload throttle', () => {
  it('answers the 4th upload of the hour with 429 and Retry-After, per customer', async () => {
    const { c } = await customer(ctx);
    const bad = () => postMultipart(c, uploadPath('proof_of_identity', 'passport'), [page(exe(), 'passport.jpg')]);
    expect((await bad()).statusCode).toBe(422);
    expect((await bad()).statusCode).toBe(422);
    created(await uploadPassport(c));
    const refused = await uploadPassport(c, 'again.jpg');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many document uploads\. Try again in /) });
    // Another customer is not held back.
    const other = await customer(ctx);
    created(await uploadPassport(other.c));
    // An hour later the customer may upload again (the passport waits for review: 409, not 429);
    // the session is kept alive meanwhile.
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(15 * 60_000);
      expect((await c.profile()).statusCode).toBe(200);
    }
    expect((await uploadPassport(c)).statusCode).toBe(409);
  });

  it('counts the token calls with the uploads', async () => {
    const { c } = await customer(ctx);
    const target = () =>
      c.get(tokenPath('proof_of_identity', 'national_id', { file_name: 'a.jpg', file_type: 'image/jpeg' }));
    expect((await target()).statusCode).toBe(200);
    expect((await c.get(tokenPath('selfie', 'selfie'))).statusCode).toBe(200);
    expect((await c.get('/client/v1/account-verification/liveliness-token?api=sandbox')).statusCode).toBe(200);
    const refused = await target();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await uploadPassport(c)).statusCode).toBe(429);
    expect((await c.get(tokenPath('selfie', 'selfie'))).statusCode).toBe(429);
    expect(await ctx.db.selectFrom('upload_targets').select('id').execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('provider_tokens').select('id').execute()).toHaveLength(2);
  });
});
