// The embedded sandbox reviewer (docs/product/account-verification.md#review): a short delay, then
// in review, then approved, or rejected when a file name contains "reject"; the customer is told in
// realtime, and documents left waiting when the api stopped are taken up again. Each step is a
// durable job: the test clock moves on by the delay and the jobs run when the test asks.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Customer } from '@remit/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../helpers.ts';
import { useTestApp } from '../helpers.ts';
import { created, customer, eventually, filesUnder, profile, uploadPassport } from './helpers.ts';

const ctx = useTestApp({ env: { SANDBOX_REVIEW_DELAY_MS: '20' } });

afterEach(() => vi.restoreAllMocks());

/**
 * Runs the review's jobs, the clock moving on by the delay each time, until the profile (through the
 * session cache) shows the document decided.
 */
function decided(c: Client, documentId: string): Promise<Customer> {
  return eventually(async () => {
    ctx.clock.advance(20);
    await ctx.app.services.jobs.runDue();
    const me = await profile(c);
    const doc = me.documents.find((d) => d.id === documentId);
    return doc && ['approved', 'rejected'].includes(doc.status_code) ? me : undefined;
  });
}

describe('sandbox review', () => {
  it('moves a passport from pending to in review to approved, telling the customer at each step', async () => {
    const { c, me } = await customer(ctx);
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    const doc = created(await uploadPassport(c));
    const after = await decided(c, doc.id);
    const approved = after.documents.find((d) => d.id === doc.id)!;
    expect(approved).toMatchObject({ status_code: 'approved', status_title: 'Approved', status_reason_code: null });
    expect(approved.reviewed_at).toBe(ctx.clock.now().toISOString());
    // Two steps, each a job under the document's one unique key, both done.
    const jobs = await ctx.db.selectFrom('jobs').select(['name', 'status']).execute();
    expect(jobs).toEqual([
      { name: 'sandbox.document-review', status: 'done' },
      { name: 'sandbox.document-review', status: 'done' },
    ]);
    expect(after.pending_documents.map((p) => p.document_category.code)).toEqual(['proof_of_address', 'selfie']);

    ctx.clock.advance(60_000);
    expect(await ctx.app.services.jobs.runDue()).toBe(0); // nothing more comes
    const events = notify.mock.calls
      .filter(([id]) => id === me.id)
      .map(([, name, payload]) => [name, payload?.status_code]);
    expect(events).toEqual([
      ['DocumentStatusChanged', 'pending'],
      ['DocumentStatusChanged', 'in_review'],
      ['DocumentStatusChanged', 'approved'],
      ['TasksChanged', undefined],
    ]);
    expect(
      notify.mock.calls.find(([, name, p]) => name === 'DocumentStatusChanged' && p?.status_code === 'approved')?.[2],
    ).toEqual({
      document_id: doc.id,
      document_category_code: 'proof_of_identity',
      document_type_code: 'passport',
      status_code: 'approved',
      status_title: 'Approved',
    });
    // The app's own storage (nothing overridden here): DATA_DIR/documents.
    const stored = await ctx.db.selectFrom('document_pages').select('storage_key').executeTakeFirstOrThrow();
    expect(await filesUnder(join(ctx.config.dataDir, 'documents'))).toEqual(
      expect.arrayContaining([stored.storage_key, `${stored.storage_key}.type`]),
    );
    // The sandbox "reads" the number the customer typed.
    const row = await ctx.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.extracted_data).toEqual({ document_number: 'P 1234567' });
  });

  it('rejects a file named reject-me.jpg as unreadable; the category is to provide again', async () => {
    const { c } = await customer(ctx);
    const doc = created(await uploadPassport(c, 'reject-me.jpg'));
    const after = await decided(c, doc.id);
    const rejected = after.documents.find((d) => d.id === doc.id)!;
    expect(rejected).toMatchObject({
      status_code: 'rejected',
      status_title: 'Rejected',
      status_reason_code: 'unreadable',
    });
    expect(rejected.status_reason).toMatch(/could not read/);
    expect(after.pending_documents.find((p) => p.document_category.code === 'proof_of_identity')).toMatchObject({
      reason_code: 'rejected',
      reason: expect.any(String),
    });
    const row = await ctx.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.extracted_data).toBeNull();
  });

  it('takes up documents left pending or in review (resumeReviews)', async () => {
    const { c, me } = await customer(ctx);
    const at = ctx.clock.now();
    const insert = (status: 'pending' | 'in_review', category: string, type: string, fileNames: string[]) => {
      const id = randomUUID();
      return ctx.db
        .insertInto('documents')
        .values({
          id,
          customer_id: me.id,
          document_category_code: category,
          document_type_code: type,
          status_code: status,
          status_title: status,
          extracted_data: null,
          file_names: JSON.stringify(fileNames),
          created_at: at,
          updated_at: at,
        })
        .execute()
        .then(() => id);
    };
    const waiting = await insert('pending', 'proof_of_identity', 'passport', ['passport.jpg']);
    const reviewing = await insert('in_review', 'proof_of_address', 'utility_bill', ['reject-bill.pdf']);
    expect(await ctx.app.services.documents.resumeReviews()).toBe(2);
    // Handed over again while queued: nothing more is queued.
    expect(await ctx.app.services.documents.resumeReviews()).toBe(2);
    expect(await ctx.db.selectFrom('jobs').select('id').execute()).toHaveLength(2);
    await decided(c, waiting);
    const after = await decided(c, reviewing);
    expect(after.documents.map((d) => [d.id, d.status_code]).sort()).toEqual(
      [
        [waiting, 'approved'],
        [reviewing, 'rejected'],
      ].sort(),
    );
  });
});
