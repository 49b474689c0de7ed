import { z } from 'zod';
import { Id, Timestamp } from '../common/primitives.ts';
import { DocumentCategory, DocumentStatusCode } from '../entities/document.ts';

/** docs/product/account-verification.md: the categories this customer sees, with their types. */
export const DocumentCategoriesResponse = z.object({ document_categories: z.array(DocumentCategory) });
export type DocumentCategoriesResponse = z.infer<typeof DocumentCategoriesResponse>;

/** Query of POST /client/v1/document/upload (the seed's names). */
export const UploadDocumentQuery = z.object({
  document_category_id: z.coerce.number().int().positive(),
  document_type_id: z.coerce.number().int().positive(),
});
export type UploadDocumentQuery = z.infer<typeof UploadDocumentQuery>;

/**
 * The multipart form of an upload: `pages` files in page order (front then back where the type has
 * sides), `document_number` where the type has a `document_number_label`, and, for a type with an
 * `api`, `provider_token` and `liveness_token` from the token calls.
 */
export const UPLOAD_FIELDS = {
  pages: 'pages',
  documentNumber: 'document_number',
  providerToken: 'provider_token',
  livenessToken: 'liveness_token',
} as const;

/**
 * The JSON form of an upload for a type with `public_upload`: the pages were put straight into
 * storage through upload targets (verification token call), and are named by their upload ids.
 */
export const DirectUploadSubmission = z.object({
  pages: z
    .array(z.object({ upload_id: Id }))
    .min(1)
    .max(10),
  document_number: z.string().max(64).optional(),
});
export type DirectUploadSubmission = z.infer<typeof DirectUploadSubmission>;

export const VerificationTokenParams = z.object({
  categoryId: z.coerce.number().int().positive(),
  documentTypeId: z.coerce.number().int().positive(),
});
export type VerificationTokenParams = z.infer<typeof VerificationTokenParams>;

export const VerificationTokenQuery = z.object({
  file_name: z.string().max(255).optional(),
  file_type: z.string().max(100).optional(),
});
export type VerificationTokenQuery = z.infer<typeof VerificationTokenQuery>;

/** Where the browser puts one file, once, before `expires_at`. */
export const UploadTarget = z.object({
  upload_id: Id,
  method: z.literal('PUT'),
  url: z.string(),
  /** Headers the PUT must carry (Content-Type at least). */
  headers: z.record(z.string(), z.string()),
  max_bytes: z.number().int(),
  expires_at: Timestamp,
});
export type UploadTarget = z.infer<typeof UploadTarget>;

/**
 * Answer of GET /client/v1/account-verification/token/{categoryId}/{documentTypeId}: for a type
 * with `public_upload`, a signed upload target for `file_name`/`file_type`; for a type with an `api`,
 * that provider's short-lived session token (docs/product/account-verification.md#provider-flows).
 */
export const VerificationTokenResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload'), upload: UploadTarget }),
  z.object({ kind: z.literal('provider'), api: z.string(), token: z.string(), expires_at: Timestamp }),
]);
export type VerificationTokenResponse = z.infer<typeof VerificationTokenResponse>;

export const LivenessTokenQuery = z.object({ api: z.string().min(1).max(64) });
export type LivenessTokenQuery = z.infer<typeof LivenessTokenQuery>;

/** What the liveness capture asks the customer to do, in order (the web app words each step). */
export const LivenessStep = z.enum(['look_straight', 'turn_left', 'turn_right', 'smile']);
export type LivenessStep = z.infer<typeof LivenessStep>;

/** Answer of GET /client/v1/account-verification/liveliness-token?api={api}. */
export const LivenessTokenResponse = z.object({
  api: z.string(),
  token: z.string(),
  expires_at: Timestamp,
  steps: z.array(LivenessStep),
});
export type LivenessTokenResponse = z.infer<typeof LivenessTokenResponse>;

export const DirectUploadParams = z.object({ uploadId: Id });
export const DirectUploadQuery = z.object({ expires: z.string(), signature: z.string() });

/** Answer of the api's own upload target (embedded default; S3 answers its own way). */
export const DirectUploadReceipt = z.object({ upload_id: Id, size: z.number().int() });
export type DirectUploadReceipt = z.infer<typeof DirectUploadReceipt>;

export const DocumentPageParams = z.object({ documentId: Id, pageId: Id });

/** Payload of DocumentStatusChanged on the customer's private channel (docs/product/realtime.md). */
export const DocumentStatusChangedPayload = z
  .object({
    document_id: Id,
    document_category_code: z.string(),
    document_type_code: z.string(),
    status_code: DocumentStatusCode,
    status_title: z.string(),
  })
  .loose();
export type DocumentStatusChangedPayload = z.infer<typeof DocumentStatusChangedPayload>;
