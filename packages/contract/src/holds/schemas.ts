import { z } from 'zod';
import { Timestamp } from '../common/primitives.ts';

/**
 * Holds solved in the app (docs/product/holds.md): a paid transfer held for information we need
 * before its payout starts. The transaction carries `hold`: null, or what is needed and by when.
 */

/** Why a transfer is held (docs/product/holds.md#triggers). */
export const HoldCode = z.enum(['source_of_funds', 'purpose_unclear', 'name_mismatch']);
export type HoldCode = z.infer<typeof HoldCode>;

/** Where the money of a large transfer comes from: the options of the `source_of_funds` answer. */
export const SourceOfFunds = z.enum([
  'salary',
  'savings',
  'sale_of_property',
  'inheritance',
  'gift',
  'business_income',
  'investments',
  'other',
]);
export type SourceOfFunds = z.infer<typeof SourceOfFunds>;

/** The answer fields a hold may ask for (docs/product/holds.md#wire-shape). */
export const HoldAnswerField = z.enum(['source_of_funds', 'purpose_details', 'account_holder_name']);
export type HoldAnswerField = z.infer<typeof HoldAnswerField>;

/**
 * One thing the customer provides (docs/product/holds.md#wire-shape): an answer to a question
 * (`options`: one of them, else free text), or a document uploaded through the documents pipeline
 * (`document_category_id` and `document_type_id` name where to upload it:
 * `POST /client/v1/account-verification/document/upload`).
 */
export const HoldNeed = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('answer'),
    field: HoldAnswerField,
    options: z.array(z.string()).optional(),
  }),
  z.object({
    kind: z.literal('document'),
    document_type: z.literal('source_of_funds'),
    document_category_id: z.number().int(),
    document_type_id: z.number().int(),
  }),
]);
export type HoldNeed = z.infer<typeof HoldNeed>;

/** The `hold` of a transaction: `code`, the reason in English (`text`), `needs`, and the `deadline`. */
export const TransactionHold = z.object({
  code: HoldCode,
  text: z.string(),
  needs: z.array(HoldNeed),
  deadline: Timestamp,
});
export type TransactionHold = z.infer<typeof TransactionHold>;

/**
 * `POST /client/v1/transactions/{id}/hold` (docs/product/holds.md#answering): `answers` by field
 * and `document_ids` of documents the customer uploaded for it. Everything the hold needs, at once.
 */
export const HoldAnswerRequest = z.object({
  answers: z.record(z.string().max(40), z.string().max(500)).optional(),
  document_ids: z.array(z.string().max(100)).max(5).optional(),
});
export type HoldAnswerRequest = z.infer<typeof HoldAnswerRequest>;

/** 409 `code` of an answer to a transfer that is not on hold. */
export const NOT_ON_HOLD = 'not_on_hold';
