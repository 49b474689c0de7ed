import { describe, expect, it } from 'vitest';
import { buildDocument, documentCategories } from '@/testing/verification-fixtures';
import { categoryStatus, findCategory, newestDocument, sortCategories, summarize } from './documents';

describe('verification statuses', () => {
  const categories = documentCategories();
  const identity = categories[0]!;

  it('takes the newest document of a category', () => {
    const older = buildDocument('proof_of_identity', 'passport', {
      status: 'approved',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    const newer = buildDocument('proof_of_identity', 'national_id', {
      status: 'rejected',
      createdAt: '2025-02-01T00:00:00.000Z',
    });
    expect(newestDocument([older, newer], identity)).toBe(newer);
    expect(categoryStatus(newestDocument([], identity))).toBe('not_started');
  });

  it('puts required categories first and finds one by id or code', () => {
    expect(sortCategories(categories).map((c) => c.code)).toEqual(['proof_of_identity', 'selfie', 'proof_of_address']);
    expect(findCategory(categories, '2')?.code).toBe('proof_of_address');
    expect(findCategory(categories, 'selfie')?.id).toBe(3);
    expect(findCategory(categories, 'nope')).toBeUndefined();
    expect(findCategory(categories, undefined)).toBeUndefined();
  });

  it('is verified when every required category is approved', () => {
    const approved = (category: string, type: string) => buildDocument(category, type, { status: 'approved' });
    expect(summarize(categories, [])).toEqual({ state: 'todo', done: 0, total: 2 });
    expect(
      summarize(categories, [approved('proof_of_identity', 'passport'), buildDocument('selfie', 'selfie')]),
    ).toEqual({ state: 'reviewing', done: 1, total: 2 });
    expect(summarize(categories, [approved('proof_of_identity', 'passport'), approved('selfie', 'selfie')])).toEqual({
      state: 'verified',
      done: 2,
      total: 2,
    });
    // Proof of address only counts where it is required.
    expect(
      summarize(documentCategories({ addressRequired: true }), [
        approved('proof_of_identity', 'passport'),
        approved('selfie', 'selfie'),
      ]),
    ).toEqual({ state: 'todo', done: 2, total: 3 });
  });
});
