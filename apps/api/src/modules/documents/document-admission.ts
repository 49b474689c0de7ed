import type { DocumentType, UploadDocumentQuery } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Locale } from '../../lib/locale.ts';
import { bucket, reserve, type RateLimitStore, type ThrottleRule } from '../../lib/throttle/index.ts';
import { documentCatalog, isOnRequest, type CategoryDefinition } from '../reference/document-catalog.ts';
import { documentsRepository } from './documents.repository.ts';

/**
 * Who asks: the signed-in customer (the session's AuthContext fits; declared here so that documents
 * does not import auth, which reaches documents through the customer profile).
 */
export interface DocumentOwner {
  readonly customerId: string;
  readonly profile: { readonly country: { readonly iso2_alpha: string } | null };
}

/** What `admit` found: the category and type the upload is for. */
export interface UploadAdmission {
  readonly category: CategoryDefinition;
  readonly type: DocumentType;
}

export interface DocumentAdmissionDeps {
  db: Kysely<Database>;
  rateLimitStore: RateLimitStore;
  uploadRule: ThrottleRule;
}

/**
 * What every way in checks first (docs/product/account-verification.md): a known category and type,
 * the hourly limit of uploads and tokens, and one document per category at a time.
 */
export class DocumentAdmission {
  constructor(private readonly deps: DocumentAdmissionDeps) {}

  /**
   * The checks an upload passes before its body is read: a known category and type, the hourly
   * limit (counted), and nothing of that category waiting for review or approved (409).
   */
  async admit(auth: DocumentOwner, query: UploadDocumentQuery, locale?: Locale): Promise<UploadAdmission> {
    const { category, type } = this.resolveType(query.document_category_id, query.document_type_id, 422);
    await this.countUpload(auth.customerId, locale);
    await this.ensureNothingOpen(auth.customerId, category);
    return { category, type };
  }

  /** The category and type named by ids: an unknown one or a mismatch is a 404 or a 422. */
  resolveType(categoryId: number, typeId: number, unknownStatus: 404 | 422): UploadAdmission {
    const category = documentCatalog.category(categoryId);
    const found = documentCatalog.type(typeId);
    if (unknownStatus === 404 && (!category || !found || found.category.id !== category.id)) throw AppError.notFound();
    if (!category) throw AppError.validation({ document_category_id: ['Unknown document category.'] });
    if (!found || found.category.id !== category.id) {
      throw AppError.validation({ document_type_id: ['This document type is not part of this category.'] });
    }
    return { category, type: found.type };
  }

  /** One more upload or token this hour (429 beyond `UPLOAD_MAX_PER_HOUR`). */
  async countUpload(customerId: string, locale?: Locale): Promise<void> {
    const attempt = await reserve(
      this.deps.rateLimitStore,
      [bucket('documents:upload', customerId, this.deps.uploadRule)],
      'uploads',
      locale,
    );
    attempt.fail(); // every upload counts, good or bad
  }

  /** One document per category at a time: nothing new while one waits for review or is approved. */
  async ensureNothingOpen(
    customerId: string,
    category: CategoryDefinition,
    db: Executor = this.deps.db,
  ): Promise<void> {
    if (isOnRequest(category)) return; // one per request (docs/product/holds.md#answering)
    const open = await documentsRepository.openInCategory(db, customerId, category.code);
    const title = category.title.toLowerCase();
    if (open.some((d) => d.status_code === 'approved')) {
      throw AppError.conflict(`Your ${title} is already approved.`);
    }
    if (open.length) throw AppError.conflict(`Your ${title} is already waiting for review.`);
  }
}
