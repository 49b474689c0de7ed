// Review decisions applied through the documents service (the reviewer is off): forward only, and
// account verification done once every category the country requires is approved
// (docs/product/account-verification.md#statuses, docs/product/onboarding.md#tasks).
import { randomUUID } from 'node:crypto';
import { onboardingEndpoints, VerificationTokenResponse } from '@remit/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Client, TestContext } from '../helpers.ts';
import { testConfig } from '../helpers.ts';
import {
  created,
  customer,
  eventually,
  GB,
  jpegWithGps,
  page,
  pdf,
  postMultipart,
  profile,
  tokenPath,
  uploadPassport,
  uploadPath,
  US,
} from './helpers.ts';

export function reviewSuite(ctx: TestContext): void {
  afterEach(() => vi.restoreAllMocks());

  const review = (id: string, decision: Parameters<typeof ctx.app.services.documents.applyReview>[1]) =>
    ctx.app.services.documents.applyReview(id, decision);

  async function accountVerification(c: Client) {
    const res = await c.get(onboardingEndpoints.listTasks.path);
    expect(res.statusCode, res.body).toBe(200);
    return onboardingEndpoints.listTasks.response
      .parse(res.json())
      .tasks.find((t) => t.code === 'account_verification')!.status;
  }

  async function uploadBill(c: Client) {
    return created(
      await postMultipart(c, uploadPath('proof_of_address', 'utility_bill'), [
        page(pdf(), 'bill.pdf', 'application/pdf'),
      ]),
    );
  }

  async function uploadSelfie(c: Client) {
    const session = VerificationTokenResponse.parse((await c.get(tokenPath('selfie', 'selfie'))).json());
    const liveness = (await c.get('/client/v1/account-verification/liveliness-token?api=sandbox')).json() as {
      token: string;
    };
    if (session.kind !== 'provider') throw new Error('expected a provider token');
    return created(
      await postMultipart(c, uploadPath('selfie', 'selfie'), [
        page(await jpegWithGps(), 'selfie.jpg'),
        { name: 'provider_token', value: session.token },
        { name: 'liveness_token', value: liveness.token },
      ]),
    );
  }

  describe('applyReview', () => {
    it('applies each step once and only forward', async () => {
      const { c } = await customer(ctx);
      const doc = created(await uploadPassport(c));
      expect(await review(doc.id, { status: 'in_review' })).toBe(true);
      expect(await review(doc.id, { status: 'in_review' })).toBe(false);
      expect(await review(doc.id, { status: 'approved', extracted: { first_name: 'Ada' } })).toBe(true);
      expect(await review(doc.id, { status: 'approved' })).toBe(false);
      expect(await review(doc.id, { status: 'in_review' })).toBe(false);
      expect(await review(doc.id, { status: 'rejected', reason: 'unreadable' })).toBe(false);
      const row = await ctx.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status_code: 'approved', extracted_data: { first_name: 'Ada' } });
      expect(await review(doc.id, { status: 'expired' })).toBe(true);
      expect(await review(doc.id, { status: 'approved' })).toBe(false);
      expect(await review(doc.id, { status: 'expired' })).toBe(false);

      const second = created(await uploadPassport(c)); // an expired document can be replaced
      expect(await review(second.id, { status: 'rejected', reason: 'name_mismatch' })).toBe(true);
      expect(await review(second.id, { status: 'approved' })).toBe(false);
      expect(await review(randomUUID(), { status: 'approved' })).toBe(false);
      expect(await review('not-an-id', { status: 'approved' })).toBe(false);
    });

    it('tells the customer, and says the tasks changed once decided', async () => {
      const { c, me } = await customer(ctx);
      const doc = created(await uploadPassport(c));
      const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
      await review(doc.id, { status: 'in_review' });
      await review(doc.id, { status: 'in_review' });
      await review(doc.id, { status: 'approved' });
      await review(doc.id, { status: 'approved' });
      expect(notify.mock.calls.map(([id, name, p]) => [id, name, p?.status_code])).toEqual([
        [me.id, 'DocumentStatusChanged', 'in_review'],
        [me.id, 'DocumentStatusChanged', 'approved'],
        [me.id, 'TasksChanged', undefined],
      ]);
    });

    it('completes account verification only once every category a UK resident needs is approved', async () => {
      const { c } = await customer(ctx, GB);
      expect(await accountVerification(c)).toBe('pending');
      const identity = created(await uploadPassport(c));
      await review(identity.id, { status: 'approved' });
      expect(await accountVerification(c)).toBe('pending');
      const address = await uploadBill(c);
      await review(address.id, { status: 'approved' });
      expect(await accountVerification(c)).toBe('pending');
      const selfie = await uploadSelfie(c);
      expect(await accountVerification(c)).toBe('pending');
      await review(selfie.id, { status: 'approved' });
      expect(await accountVerification(c)).toBe('completed');
      // An approved document that expires undoes it.
      await review(address.id, { status: 'expired' });
      expect(await accountVerification(c)).toBe('pending');
      expect((await profile(c)).pending_documents).toEqual([
        {
          document_category: expect.objectContaining({ code: 'proof_of_address' }),
          reason_code: 'expired',
          reason: 'Your document has expired: upload a new one.',
        },
      ]);
    });

    it('needs no proof of address of a US resident', async () => {
      const { c } = await customer(ctx, US);
      await review(created(await uploadPassport(c)).id, { status: 'approved' });
      expect(await accountVerification(c)).toBe('pending');
      await review((await uploadSelfie(c)).id, { status: 'approved' });
      expect(await accountVerification(c)).toBe('completed');
    });
  });

  describe('resumeReviews at start-up', () => {
    it('an api started with the sandbox reviewer on takes up the documents left pending', async () => {
      const { c } = await customer(ctx);
      const doc = created(await uploadPassport(c));
      await new Promise((r) => setTimeout(r, 50));
      const status = async () =>
        (await ctx.db.selectFrom('documents').select('status_code').where('id', '=', doc.id).executeTakeFirstOrThrow())
          .status_code;
      expect(await status()).toBe('pending');

      // Its periodic resume runs as soon as its job runner starts; the review's steps are jobs due
      // after the delay on the test clock.
      const second = await buildApp(testConfig({ SANDBOX_REVIEW_DELAY_MS: '10' }), {
        db: ctx.db,
        now: ctx.clock.now,
        rateLimitStore: ctx.store,
        jobsPollMs: 20,
      });
      try {
        await second.ready();
        await eventually(async () => {
          ctx.clock.advance(10);
          return (await status()) === 'approved' ? true : undefined;
        }, 5_000);
      } finally {
        await second.close();
      }
    });
  });
}
