import { defineEndpoint } from '../common/endpoint.ts';
import { Document } from '../entities/document.ts';
import {
  DirectUploadParams,
  DirectUploadQuery,
  DirectUploadReceipt,
  DocumentCategoriesResponse,
  LivenessTokenQuery,
  LivenessTokenResponse,
  UploadDocumentQuery,
  VerificationTokenParams,
  VerificationTokenQuery,
  VerificationTokenResponse,
} from './schemas.ts';

/** docs/product/account-verification.md#categories-and-types */
export const listDocumentCategories = defineEndpoint({
  method: 'GET',
  path: '/client/v1/document-categories',
  summary: 'The document categories and types, with what this customer must provide',
  response: DocumentCategoriesResponse,
  auth: 'session',
});

/**
 * docs/product/account-verification.md#upload. The body is multipart (`UPLOAD_FIELDS`) or, for a
 * type with `public_upload`, JSON (`DirectUploadSubmission`); the route reads and checks it itself.
 */
export const uploadDocument = defineEndpoint({
  method: 'POST',
  path: '/client/v1/document/upload',
  summary: 'Upload a document (its pages)',
  query: UploadDocumentQuery,
  response: Document,
  status: 201,
  auth: 'session',
});

/** docs/product/account-verification.md#provider-flows */
export const verificationToken = defineEndpoint({
  method: 'GET',
  path: '/client/v1/account-verification/token/:categoryId/:documentTypeId',
  summary: 'An upload target (public_upload types) or a provider token (types with an api)',
  params: VerificationTokenParams,
  query: VerificationTokenQuery,
  response: VerificationTokenResponse,
  auth: 'session',
});

export const livenessToken = defineEndpoint({
  method: 'GET',
  path: '/client/v1/account-verification/liveliness-token',
  summary: "A liveness check token from the type's provider",
  query: LivenessTokenQuery,
  response: LivenessTokenResponse,
  auth: 'session',
});

/**
 * The api's own signed, one-time upload target (embedded default, when no S3 bucket is set). The raw
 * body is the file; the URL comes from `verificationToken`.
 */
export const putDirectUpload = defineEndpoint({
  method: 'PUT',
  path: '/client/v1/uploads/:uploadId',
  summary: 'Put one file into its upload target',
  params: DirectUploadParams,
  query: DirectUploadQuery,
  response: DirectUploadReceipt,
  auth: 'session',
});

/** A page of the customer's own document, as stored (image or PDF); 404 for anything else. */
export const DOCUMENT_PAGE_PATH = '/client/v1/documents/:documentId/pages/:pageId';
