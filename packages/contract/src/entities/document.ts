import { z } from 'zod';
import { Id, Timestamp } from '../common/primitives.ts';

/** docs/product/account-verification.md#statuses. */
export const DocumentStatusCode = z.enum(['pending', 'in_review', 'approved', 'rejected', 'expired']);
export type DocumentStatusCode = z.infer<typeof DocumentStatusCode>;

export const DocumentType = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  public_upload: z.boolean().default(false),
  info: z.string().nullable(),
  document_number_label: z.string().nullable(),
  api: z.string().nullable(),
});
export type DocumentType = z.infer<typeof DocumentType>;

export const DocumentCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  document_types: z.array(DocumentType),
});
export type DocumentCategory = z.infer<typeof DocumentCategory>;

/** An uploaded document; category and type are embedded without their children. */
export const Document = z.object({
  id: Id,
  document_category: DocumentCategory.omit({ document_types: true }),
  document_type: DocumentType,
  status_code: DocumentStatusCode,
  status_title: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Document = z.infer<typeof Document>;

/** A document the customer still has to provide. */
export const PendingDocument = z.object({
  document_category: DocumentCategory.omit({ document_types: true }),
  reason: z.string().nullable(),
});
export type PendingDocument = z.infer<typeof PendingDocument>;
