import type {
  DirectUploadReceipt,
  Document,
  DocumentCategory,
  LivenessTokenResponse,
  UploadDocumentQuery,
  VerificationTokenParams,
  VerificationTokenQuery,
  VerificationTokenResponse,
} from '@remit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DocumentReviewer, IdentityProvider, ReviewDecision } from '../../adapters/identity/identity-provider.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Locale } from '../../lib/locale.ts';
import type { RateLimitStore, ThrottleRule } from '../../lib/throttle/index.ts';
import { documentCatalog } from '../reference/document-catalog.ts';
import { DocumentAdmission, type DocumentOwner, type UploadAdmission } from './document-admission.ts';
import { DocumentReview } from './document-review.ts';
import { sweepDocuments } from './document-sweep.ts';
import { documentsRepository, PROOF_OF_IDENTITY, type DocumentRow } from './documents.repository.ts';
import { ProviderTokens } from './provider-tokens.ts';
import { UUID } from './upload-checks.ts';
import { UploadPipeline, type UploadInput } from './upload-pipeline.ts';
import { UploadTargets } from './upload-targets.ts';

export const NO_APPROVED_POI = 'No approved proof of identity document.';

export interface DocumentsServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  storage: FileStorage;
  /** Verification providers by `api` (the sandbox in the embedded default). */
  providers: ReadonlyMap<string, IdentityProvider>;
  /** Set once the reviewer exists (it calls back into `applyReview`). */
  reviewer: () => DocumentReviewer;
  appKey: string;
  rateLimitStore: RateLimitStore;
  uploadRule: ThrottleRule;
  log: FastifyBaseLogger;
}

/**
 * A customer's verification documents (docs/product/account-verification.md): categories, upload
 * (through the api or straight to storage), the provider flow, review and the pages' previews. The
 * face the routes, app.ts and other modules use; each job is its own class beside it: admission
 * (document-admission.ts), the upload pipeline (upload-pipeline.ts), the provider's tokens
 * (provider-tokens.ts), direct-upload targets (upload-targets.ts), review (document-review.ts) and
 * the sweep (document-sweep.ts).
 */
export class DocumentsService {
  private readonly admission: DocumentAdmission;
  private readonly tokens: ProviderTokens;
  private readonly targets: UploadTargets;
  private readonly pipeline: UploadPipeline;
  private readonly review: DocumentReview;

  constructor(private readonly deps: DocumentsServiceDeps) {
    this.admission = new DocumentAdmission(deps);
    this.tokens = new ProviderTokens(deps, this.admission);
    this.targets = new UploadTargets(deps, this.admission);
    this.pipeline = new UploadPipeline(deps, {
      admission: this.admission,
      tokens: this.tokens,
      targets: this.targets,
    });
    this.review = new DocumentReview(deps);
  }

  // ---- what other modules ask ----

  /**
   * The customer's approved proof of identity: the one named by `documentId`, or the newest. An
   * unknown, malformed or other customer's id is the same 404; a document that is not an approved
   * proof of identity is a 422 on `document_id`.
   */
  async approvedProofOfIdentity(customerId: string, documentId: string | undefined): Promise<DocumentRow> {
    if (documentId !== undefined) {
      if (!UUID.test(documentId)) throw AppError.notFound();
      const doc = await documentsRepository.findDocument(this.deps.db, customerId, documentId);
      if (!doc) throw AppError.notFound();
      if (doc.document_category_code !== PROOF_OF_IDENTITY || doc.status_code !== 'approved') {
        throw AppError.validation({ document_id: [NO_APPROVED_POI] });
      }
      return doc;
    }
    const doc = await documentsRepository.newestApprovedPoi(this.deps.db, customerId);
    if (!doc) throw AppError.validation({ document_id: [NO_APPROVED_POI] });
    return doc;
  }

  /**
   * The customer's document of an on-request category (a held transfer's source of funds:
   * docs/product/holds.md#answering), its category's `code` and its review status; undefined when
   * malformed, unknown, another customer's or of another category.
   */
  async ownDocumentOf(
    customerId: string,
    documentId: string,
    categoryCode: string,
  ): Promise<{ id: string; status_code: DocumentRow['status_code'] } | undefined> {
    if (!UUID.test(documentId)) return undefined;
    const doc = await documentsRepository.findDocument(this.deps.db, customerId, documentId);
    if (!doc || doc.document_category_code !== categoryCode) return undefined;
    return { id: doc.id, status_code: doc.status_code };
  }

  /** A category and its first type by code (a hold's document `needs`), undefined when not seeded. */
  uploadTarget(categoryCode: string): { categoryId: number; typeId: number } | undefined {
    const category = documentCatalog.categoryByCode(categoryCode);
    const type = category?.document_types[0];
    return category && type ? { categoryId: category.id, typeId: type.id } : undefined;
  }

  // ---- categories ----

  categories(auth: DocumentOwner): DocumentCategory[] {
    return documentCatalog.forCountry(auth.profile.country?.iso2_alpha);
  }

  // ---- upload ----

  /**
   * The checks an upload passes before its body is read: a known category and type, the hourly
   * limit (counted), and nothing of that category waiting for review or approved (409).
   */
  admitUpload(auth: DocumentOwner, query: UploadDocumentQuery, locale?: Locale): Promise<UploadAdmission> {
    return this.admission.admit(auth, query, locale);
  }

  /** The upload itself, once admitted (`admitUpload`) and its body read. */
  upload(auth: DocumentOwner, admission: UploadAdmission, input: UploadInput): Promise<Document> {
    return this.pipeline.upload(auth, admission, input);
  }

  // ---- tokens ----

  /**
   * GET account-verification/token/{categoryId}/{documentTypeId}: an upload target for a
   * `public_upload` type (`file_name` and `file_type` required), a provider session token for a type
   * with an `api`.
   */
  async verificationToken(
    auth: DocumentOwner,
    params: VerificationTokenParams,
    query: VerificationTokenQuery,
    locale?: Locale,
  ): Promise<VerificationTokenResponse> {
    const admission = this.admission.resolveType(params.categoryId, params.documentTypeId, 404);
    if (admission.type.api) return this.tokens.sessionToken(auth, admission.type, locale);
    if (!admission.type.public_upload) {
      throw AppError.validation({
        document_type_id: ['This document type is uploaded through document/upload, without a token.'],
      });
    }
    return this.targets.issue(auth, admission, query, locale);
  }

  /** GET account-verification/liveliness-token?api=: a liveness token from that provider. */
  livenessToken(auth: DocumentOwner, api: string, locale?: Locale): Promise<LivenessTokenResponse> {
    return this.tokens.livenessToken(auth, api, locale);
  }

  // ---- the api's own upload target (embedded default) ----

  /** PUT /client/v1/uploads/{id}: the file of an upload target (`UploadTargets.receive`). */
  receiveDirectUpload(...args: Parameters<UploadTargets['receive']>): Promise<DirectUploadReceipt> {
    return this.targets.receive(...args);
  }

  // ---- previews ----

  /** A page of the customer's own document as stored; anything else is the same 404. */
  async page(auth: DocumentOwner, documentId: string, pageId: string): Promise<{ body: Buffer; contentType: string }> {
    if (!UUID.test(documentId) || !UUID.test(pageId)) throw AppError.notFound();
    const page = await documentsRepository.findOwnPage(this.deps.db, auth.customerId, documentId, pageId);
    if (!page) throw AppError.notFound();
    const body = await this.deps.storage.get(page.storage_key);
    if (!body) throw AppError.notFound();
    return { body, contentType: page.content_type };
  }

  // ---- review and housekeeping ----

  /** One review step from the reviewer, applied once and forward only (`DocumentReview.apply`). */
  applyReview(documentId: string, decision: ReviewDecision): Promise<boolean> {
    return this.review.apply(documentId, decision);
  }

  /** Hand the documents still waiting for review to the reviewer again (a periodic task). */
  resumeReviews(): Promise<number> {
    return this.review.resume();
  }

  /** Orphaned objects, stale targets and tokens go (`sweepDocuments`). */
  sweep(): Promise<{ deleted: number }> {
    return sweepDocuments(this.deps);
  }
}
