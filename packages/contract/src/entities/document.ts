import { z } from 'zod';
import { Id, NullableTimestamp, Timestamp } from '../common/primitives.ts';

/** docs/product/account-verification.md#statuses. */
export const DocumentStatusCode = z.enum(['pending', 'in_review', 'approved', 'rejected', 'expired']);
export type DocumentStatusCode = z.infer<typeof DocumentStatusCode>;

/** What a page may be, by content (docs/product/account-verification.md#upload). */
export const PageContentType = z.enum(['image/jpeg', 'image/png', 'image/heic', 'application/pdf']);
export type PageContentType = z.infer<typeof PageContentType>;

/** A named page of a document type: a national ID card has a front and a back. */
export const PageSide = z.enum(['front', 'back']);
export type PageSide = z.infer<typeof PageSide>;

/**
 * Seed fields (code, title, description, public_upload, info, document_number_label, api) plus our
 * page rules: how many pages, which sides (in order: one page each), which file types and how large.
 */
export const DocumentType = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  public_upload: z.boolean().default(false),
  info: z.string().nullable(),
  document_number_label: z.string().nullable(),
  api: z.string().nullable(),
  min_pages: z.number().int().min(1),
  max_pages: z.number().int().min(1),
  /** Null: pages are numbered; otherwise exactly these sides, in this order. */
  sides: z.array(PageSide).nullable(),
  accepted_types: z.array(PageContentType),
  max_page_bytes: z.number().int(),
});
export type DocumentType = z.infer<typeof DocumentType>;

/** Seed fields plus whether this customer must provide it (it follows their country of residence). */
export const DocumentCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  is_required: z.boolean(),
  document_types: z.array(DocumentType),
});
export type DocumentCategory = z.infer<typeof DocumentCategory>;

/** Why a document was refused: the web app words it by code; `status_reason` is the English text. */
export const DocumentRejectionCode = z.enum(['unreadable', 'document_expired', 'name_mismatch', 'incomplete']);
export type DocumentRejectionCode = z.infer<typeof DocumentRejectionCode>;

/** One stored page; its preview is `documentPagePreviewPath`, for its owner only. */
export const DocumentPage = z.object({
  id: Id,
  position: z.number().int().min(1),
  side: PageSide.nullable(),
  content_type: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  size: z.number().int(),
});
export type DocumentPage = z.infer<typeof DocumentPage>;

/** An uploaded document; category and type are embedded without their children. */
export const Document = z.object({
  id: Id,
  document_category: DocumentCategory.omit({ document_types: true, is_required: true }),
  document_type: DocumentType,
  status_code: DocumentStatusCode,
  status_title: z.string(),
  status_reason_code: DocumentRejectionCode.nullable(),
  status_reason: z.string().nullable(),
  pages: z.array(DocumentPage),
  reviewed_at: NullableTimestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Document = z.infer<typeof Document>;

/** Why a required category is still to provide. */
export const PendingDocumentReason = z.enum(['missing', 'rejected', 'expired']);
export type PendingDocumentReason = z.infer<typeof PendingDocumentReason>;

/** A document the customer still has to provide: a required category with nothing approved or in review. */
export const PendingDocument = z.object({
  document_category: DocumentCategory.omit({ document_types: true, is_required: true }),
  reason_code: PendingDocumentReason,
  reason: z.string().nullable(),
});
export type PendingDocument = z.infer<typeof PendingDocument>;
