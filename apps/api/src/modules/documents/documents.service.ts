import { createHash } from 'node:crypto';
import type {
  DirectUploadReceipt,
  DirectUploadSubmission,
  Document,
  DocumentCategory,
  DocumentStatusChangedPayload,
  DocumentType,
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
import type { Database, DocumentStatusColumn, Executor } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacBase64Url, safeEqual } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import type { Locale } from '../../lib/locale.ts';
import { hasForbiddenCharacter } from '../../lib/text.ts';
import { bucket, reserve, type RateLimitStore, type ThrottleRule } from '../../lib/throttle/index.ts';
import { documentCatalog, type CategoryDefinition } from '../reference/document-catalog.ts';
import { REJECTION_REASONS, STATUS_TITLES, toDocument } from './document.mapper.ts';
import { documentsRepository, PROOF_OF_IDENTITY, type DocumentRow, type NewPage } from './documents.repository.ts';
import { inspectFile, type CleanFile, type InspectionError } from './file-inspection.ts';

/**
 * Who asks: the signed-in customer (the session's AuthContext fits; declared here so that documents
 * does not import auth, which reaches documents through the customer profile).
 */
export interface DocumentOwner {
  readonly customerId: string;
  readonly profile: { readonly country: { readonly iso2_alpha: string } | null };
}

export const NO_APPROVED_POI = 'No approved proof of identity document.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long an upload target and its signed URL stay usable. */
export const UPLOAD_TARGET_TTL_MS = 15 * 60_000;
/** Objects no row refers to are removed once this old (an upload cut off between storage and commit). */
const ORPHAN_AGE_MS = 60 * 60_000;
const DOCUMENT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,62}[A-Za-z0-9]$|^[A-Za-z0-9]$/;

/** Forward-only review steps (docs/product/account-verification.md#statuses). */
const NEXT: Record<DocumentStatusColumn, readonly DocumentStatusColumn[]> = {
  pending: ['in_review', 'approved', 'rejected'],
  in_review: ['approved', 'rejected'],
  approved: ['expired'],
  rejected: [],
  expired: [],
};

/** One page as it arrived in a multipart upload. */
export type IncomingPage = { fileName: string; body: Buffer } | { fileName: string; tooLarge: true };

export type UploadInput =
  | {
      kind: 'files';
      pages: readonly IncomingPage[];
      documentNumber?: string | undefined;
      providerToken?: string | undefined;
      livenessToken?: string | undefined;
    }
  | { kind: 'direct'; submission: DirectUploadSubmission };

/** What `admitUpload` found: the category and type the upload is for. */
export interface UploadAdmission {
  readonly category: CategoryDefinition;
  readonly type: DocumentType;
}

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

const pageWords = (index: number): string => `Page ${index + 1}`;

const INSPECTION_MESSAGES: Record<InspectionError, (page: string, type: DocumentType) => string> = {
  empty: (page) => `${page} is empty.`,
  too_large: (page, type) => `${page} is larger than ${Math.round(type.max_page_bytes / 1024 / 1024)} MB.`,
  unsupported_type: (page, type) => `${page} is not ${acceptedInWords(type)}.`,
  damaged: (page) => `${page} is damaged or incomplete: it could not be read.`,
  active_content: (page) => `${page} contains scripts or attached files and cannot be accepted.`,
  polyglot: (page) =>
    `${page} is not a plain image or PDF: another file is hidden in it (a motion photo?). Upload a still photo.`,
};

function acceptedInWords(type: DocumentType): string {
  const names = type.accepted_types.map(
    (t) => ({ 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/heic': 'HEIC', 'application/pdf': 'PDF' })[t],
  );
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `a ${list} file`;
}

/**
 * A customer's verification documents (docs/product/account-verification.md): categories, upload
 * (through the api or straight to storage), the provider flow, review and the pages' previews. Pages
 * are checked by content and cleaned (file-inspection.ts) before anything is stored; a document
 * lands with all its pages or not at all.
 */
export class DocumentsService {
  constructor(private readonly deps: DocumentsServiceDeps) {}

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

  // ---- categories ----

  categories(auth: DocumentOwner): DocumentCategory[] {
    return documentCatalog.forCountry(auth.profile.country?.iso2_alpha);
  }

  // ---- upload ----

  /**
   * The checks an upload passes before its body is read: a known category and type, the hourly
   * limit (counted), and nothing of that category waiting for review or approved (409).
   */
  async admitUpload(auth: DocumentOwner, query: UploadDocumentQuery, locale?: Locale): Promise<UploadAdmission> {
    const { category, type } = this.resolveType(query.document_category_id, query.document_type_id, 422);
    await this.countUpload(auth.customerId, locale);
    await this.ensureNothingOpen(auth.customerId, category);
    return { category, type };
  }

  /** The upload itself, once admitted (`admitUpload`) and its body read. */
  async upload(auth: DocumentOwner, admission: UploadAdmission, input: UploadInput): Promise<Document> {
    const { category, type } = admission;
    const errors: Record<string, string[]> = {};
    const pageCount = input.kind === 'files' ? input.pages.length : input.submission.pages.length;
    const countError = pageCountError(type, pageCount);
    if (countError) errors.pages = [countError];

    const rawNumber = input.kind === 'files' ? input.documentNumber : input.submission.document_number;
    const documentNumber = type.document_number_label ? normaliseDocumentNumber(rawNumber) : null;
    if (type.document_number_label && typeof documentNumber !== 'string') {
      errors.document_number = [documentNumber?.error ?? `Enter your ${type.document_number_label.toLowerCase()}.`];
    }

    let tokenIds: string[] = [];
    if (type.api) {
      if (input.kind !== 'files') {
        errors.pages = ['This document is captured with the verification flow, not uploaded to storage.'];
      } else {
        const checked = this.checkProviderTokens(auth.customerId, type, input.providerToken, input.livenessToken);
        if ('errors' in checked) Object.assign(errors, checked.errors);
        else tokenIds = checked.ids;
      }
    }
    if (input.kind === 'direct' && !type.public_upload) {
      errors.pages = ['This document type is uploaded through the api, not straight to storage.'];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);

    // Gather the bytes of every page (from the request, or from the upload targets' objects).
    const gathered =
      input.kind === 'files' ? incoming(input.pages) : await this.gatherDirect(auth.customerId, type, input.submission);
    const { bodies, fileNames, targetIds } = gathered;

    // Check and clean every page before anything is stored; report every bad page at once.
    const clean: CleanFile[] = [];
    for (const [i, body] of bodies.entries()) {
      const result =
        body === 'too_large'
          ? ({ ok: false, error: 'too_large' } as const)
          : await inspectFile(body, { maxBytes: type.max_page_bytes, accept: type.accepted_types });
      if (result.ok) clean.push(result.file);
      else errors[`pages.${i}`] = [INSPECTION_MESSAGES[result.error](pageWords(i), type)];
    }
    if (Object.keys(errors).length) {
      // Refused content is not kept: the raw direct uploads go now (the web app uploads again).
      await Promise.allSettled(targetIds.map((id) => this.deps.storage.delete(`uploads/${id}`)));
      throw AppError.validation(errors);
    }

    // Store the cleaned pages under random names, then record the document; undo the files on failure.
    const now = this.deps.now();
    const pages: NewPage[] = clean.map((file, i) => ({
      id: newId(),
      position: i + 1,
      side: type.sides?.[i] ?? null,
      storage_key: `pages/${newId()}`,
      content_type: file.contentType,
      size: file.body.length,
      sha256: createHash('sha256').update(file.body).digest('hex'),
    }));
    const written: string[] = [];
    const documentId = newId();
    const submitForReview = () =>
      this.deps.reviewer().submit({
        documentId,
        customerId: auth.customerId,
        categoryCode: category.code,
        typeCode: type.code,
        fileNames,
        documentNumber: typeof documentNumber === 'string' ? documentNumber : null,
      });
    try {
      for (const [i, page] of pages.entries()) {
        await this.deps.storage.put(page.storage_key, clean[i]!.body, page.content_type);
        written.push(page.storage_key);
      }
      await this.deps.uow.run(async (trx, after) => {
        // Checked again under the customer's lock: two uploads at once must not both pass the check
        // made before the pages were inspected.
        await documentsRepository.lockCustomer(trx, auth.customerId);
        await this.ensureNothingOpen(auth.customerId, category, trx);
        if (targetIds.length) {
          const ok = await documentsRepository.consumeTargets(trx, auth.customerId, targetIds, now, now);
          if (!ok)
            throw AppError.validation({ pages: ['An upload link was already used or has expired. Start again.'] });
        }
        for (const id of tokenIds) {
          if (!(await documentsRepository.useProviderToken(trx, auth.customerId, id, now))) {
            throw AppError.validation({ provider_token: ['This verification session was already used. Start again.'] });
          }
        }
        await documentsRepository.insertDocument(
          trx,
          {
            id: documentId,
            customer_id: auth.customerId,
            document_category_code: category.code,
            document_type_code: type.code,
            status_title: STATUS_TITLES.pending,
            document_number: typeof documentNumber === 'string' ? documentNumber : null,
            source: type.api ? 'provider' : input.kind === 'direct' ? 'direct' : 'api',
            file_names: fileNames,
            created_at: now,
          },
          pages,
        );
        after
          .customerChanged(auth.customerId)
          .notify(
            auth.customerId,
            'DocumentStatusChanged',
            statusPayload(documentId, category.code, type.code, 'pending'),
          );
      });
    } catch (err) {
      // Once committed, only the side effects after the commit can have failed: the pages then
      // belong to the document. When that cannot be told, they stay (the sweep takes orphans).
      const landed = await documentsRepository.findDocument(this.deps.db, auth.customerId, documentId).then(
        (row) => row !== undefined,
        () => true,
      );
      if (!landed) await Promise.allSettled(written.map((key) => this.deps.storage.delete(key)));
      else submitForReview(); // saved: it is reviewed even though the answer is an error
      throw err;
    }

    // The raw direct uploads were copied (cleaned) into the pages: they go.
    await Promise.allSettled(targetIds.map((id) => this.deps.storage.delete(`uploads/${id}`)));
    submitForReview();

    const doc = toDocument({
      id: documentId,
      category: category.code,
      type: type.code,
      status_code: 'pending',
      status_title: STATUS_TITLES.pending,
      status_reason_code: null,
      status_reason: null,
      reviewed_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      pages: pages.map(({ id, position, side, content_type, size }) => ({ id, position, side, content_type, size })),
    });
    if (!doc) throw AppError.internal('uploaded document of an unknown type');
    return doc;
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
    const { category, type } = this.resolveType(params.categoryId, params.documentTypeId, 404);
    const now = this.deps.now();
    if (type.api) {
      const provider = this.deps.providers.get(type.api);
      if (!provider) throw AppError.internal(`no provider for api ${type.api}`);
      await this.countUpload(auth.customerId, locale); // each call stores a token row
      const issued = provider.sessionToken(auth.customerId, type.code);
      await documentsRepository.insertProviderToken(this.deps.db, {
        id: issued.id,
        customer_id: auth.customerId,
        kind: 'session',
        api: provider.api,
        document_type_code: type.code,
        expires_at: issued.expiresAt,
        created_at: now,
      });
      return { kind: 'provider', api: provider.api, token: issued.token, expires_at: issued.expiresAt.toISOString() };
    }
    if (!type.public_upload) {
      throw AppError.validation({
        document_type_id: ['This document type is uploaded through document/upload, without a token.'],
      });
    }

    const errors: Record<string, string[]> = {};
    const fileName = cleanFileName(query.file_name);
    if (!fileName) errors.file_name = ['Give the name of the file to upload.'];
    const fileType = (query.file_type ?? '').trim().toLowerCase();
    if (!fileType) errors.file_type = ['Give the type of the file to upload.'];
    else if (!acceptsDeclaredType(type, fileType)) errors.file_type = [`Choose ${acceptedInWords(type)}.`];
    if (Object.keys(errors).length) throw AppError.validation(errors);
    await this.countUpload(auth.customerId, locale);

    const id = newId();
    const storageKey = `uploads/${id}`;
    const expiresAt = new Date(now.getTime() + UPLOAD_TARGET_TTL_MS);
    await documentsRepository.insertTarget(this.deps.db, {
      id,
      customer_id: auth.customerId,
      document_category_code: category.code,
      document_type_code: type.code,
      file_name: fileName!,
      file_type: fileType,
      storage_key: storageKey,
      max_bytes: type.max_page_bytes,
      expires_at: expiresAt,
      created_at: now,
    });
    const presigned = await this.deps.storage.presignPut(
      storageKey,
      fileType,
      type.max_page_bytes,
      Math.floor(UPLOAD_TARGET_TTL_MS / 1000),
    );
    const upload = presigned
      ? { url: presigned.url, headers: presigned.headers }
      : {
          url: `/client/v1/uploads/${id}?expires=${expiresAt.getTime()}&signature=${this.sign(id, expiresAt.getTime(), auth.customerId)}`,
          headers: { 'Content-Type': fileType },
        };
    return {
      kind: 'upload',
      upload: {
        upload_id: id,
        method: 'PUT',
        ...upload,
        max_bytes: type.max_page_bytes,
        expires_at: expiresAt.toISOString(),
      },
    };
  }

  /** GET account-verification/liveliness-token?api=: a liveness token from that provider. */
  async livenessToken(auth: DocumentOwner, api: string, locale?: Locale): Promise<LivenessTokenResponse> {
    const provider = this.deps.providers.get(api);
    if (!provider) throw AppError.validation({ api: ['Unknown verification provider.'] });
    await this.countUpload(auth.customerId, locale); // each call stores a token row
    const issued = provider.livenessToken(auth.customerId);
    await documentsRepository.insertProviderToken(this.deps.db, {
      id: issued.id,
      customer_id: auth.customerId,
      kind: 'liveness',
      api: provider.api,
      document_type_code: null,
      expires_at: issued.expiresAt,
      created_at: this.deps.now(),
    });
    return { api: provider.api, token: issued.token, expires_at: issued.expiresAt.toISOString(), steps: issued.steps };
  }

  // ---- the api's own upload target (embedded default) ----

  /**
   * PUT /client/v1/uploads/{id}: the file of an upload target, once, by its customer, before it
   * expires, with the declared Content-Type. Any other id, signature or customer is the same 404.
   */
  async receiveDirectUpload(
    auth: DocumentOwner,
    uploadId: string,
    query: { expires: string; signature: string },
    body: Buffer,
    contentType: string | undefined,
  ): Promise<DirectUploadReceipt> {
    if (!UUID.test(uploadId) || !/^\d{1,15}$/.test(query.expires)) throw AppError.notFound();
    const expires = Number(query.expires);
    if (!safeEqual(query.signature, this.sign(uploadId, expires, auth.customerId))) throw AppError.notFound();
    const now = this.deps.now();
    const [target] = await documentsRepository.findOwnTargets(this.deps.db, auth.customerId, [uploadId]);
    if (!target) throw AppError.notFound();
    if (target.expires_at.getTime() <= now.getTime() || expires <= now.getTime()) {
      throw AppError.conflict('This upload link has expired. Choose the file again.');
    }
    const declared = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (declared !== target.file_type) {
      throw AppError.validation({ file: [`Send the file as ${target.file_type}, as announced.`] });
    }
    if (body.length === 0) throw AppError.validation({ file: ['The file is empty.'] });
    if (body.length > target.max_bytes) {
      throw AppError.validation({
        file: [`The file is larger than ${Math.round(target.max_bytes / 1024 / 1024)} MB.`],
      });
    }
    if (!(await documentsRepository.claimForPut(this.deps.db, auth.customerId, uploadId, now))) {
      throw AppError.conflict('This upload link was already used. Choose the file again.');
    }
    try {
      await this.deps.storage.put(target.storage_key, body, declared);
    } catch (err) {
      await documentsRepository.recordPut(this.deps.db, uploadId, null);
      throw err;
    }
    await documentsRepository.recordPut(this.deps.db, uploadId, body.length);
    return { upload_id: uploadId, size: body.length };
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

  // ---- review ----

  /**
   * One review step from the reviewer (sandbox, or a provider's webhook): applied under the
   * document's row lock when the transition is allowed, ignored otherwise (a repeated or late step).
   * The customer's cached sessions go and their apps are told (DocumentStatusChanged, and
   * TasksChanged once decided). Returns whether it applied.
   */
  async applyReview(documentId: string, decision: ReviewDecision): Promise<boolean> {
    if (!UUID.test(documentId)) return false;
    const now = this.deps.now();
    return this.deps.uow.run(async (trx, after) => {
      const doc = await documentsRepository.lockForReview(trx, documentId);
      if (!doc || !NEXT[doc.status_code].includes(decision.status)) return false;
      const decided = decision.status !== 'in_review';
      await documentsRepository.setStatus(trx, documentId, {
        status_code: decision.status,
        status_title: STATUS_TITLES[decision.status],
        status_reason_code: decision.status === 'rejected' ? decision.reason : null,
        status_reason: decision.status === 'rejected' ? REJECTION_REASONS[decision.reason] : null,
        ...(decision.status === 'approved' ? { extracted_data: decision.extracted ?? {} } : {}),
        ...(decided && decision.status !== 'expired' ? { reviewed_at: now } : {}),
        updated_at: now,
      });
      after
        .customerChanged(doc.customer_id)
        .notify(
          doc.customer_id,
          'DocumentStatusChanged',
          statusPayload(documentId, doc.document_category_code, doc.document_type_code, decision.status),
        );
      if (decided) after.notify(doc.customer_id, 'TasksChanged', {});
      return true;
    });
  }

  /** Hand the documents still waiting for review to the reviewer again (start-up). */
  async resumeReviews(): Promise<number> {
    const waiting = await documentsRepository.waitingForReview(this.deps.db);
    for (const d of waiting) {
      this.deps.reviewer().submit({
        documentId: d.id,
        customerId: d.customer_id,
        categoryCode: d.document_category_code,
        typeCode: d.document_type_code,
        fileNames: d.file_names ?? [],
        documentNumber: d.document_number,
      });
    }
    return waiting.length;
  }

  /**
   * Housekeeping: objects no row refers to (an upload cut off between storage and commit, raw direct
   * uploads never submitted) once an hour old, and expired targets and tokens a day old.
   */
  async sweep(): Promise<{ deleted: number }> {
    const now = this.deps.now().getTime();
    await documentsRepository.deleteStaleTargets(this.deps.db, new Date(now - 24 * 3600_000));
    await documentsRepository.deleteStaleProviderTokens(this.deps.db, new Date(now - 24 * 3600_000));
    let deleted = 0;
    for (const prefix of ['pages/', 'uploads/']) {
      const objects = (await this.deps.storage.list(prefix)).filter(
        (o) => now - o.lastModified.getTime() > ORPHAN_AGE_MS,
      );
      for (let i = 0; i < objects.length; i += 500) {
        const chunk = objects.slice(i, i + 500);
        const kept = await documentsRepository.referencedKeys(
          this.deps.db,
          chunk.map((o) => o.key),
        );
        for (const o of chunk) {
          if (kept.has(o.key)) continue;
          await this.deps.storage.delete(o.key);
          deleted++;
        }
      }
    }
    return { deleted };
  }

  // ---- helpers ----

  private resolveType(
    categoryId: number,
    typeId: number,
    unknownStatus: 404 | 422,
  ): { category: CategoryDefinition; type: DocumentType } {
    const category = documentCatalog.category(categoryId);
    const found = documentCatalog.type(typeId);
    if (unknownStatus === 404 && (!category || !found || found.category.id !== category.id)) throw AppError.notFound();
    if (!category) throw AppError.validation({ document_category_id: ['Unknown document category.'] });
    if (!found || found.category.id !== category.id) {
      throw AppError.validation({ document_type_id: ['This document type is not part of this category.'] });
    }
    return { category, type: found.type };
  }

  private async countUpload(customerId: string, locale?: Locale): Promise<void> {
    const attempt = await reserve(
      this.deps.rateLimitStore,
      [bucket('documents:upload', customerId, this.deps.uploadRule)],
      'uploads',
      locale,
    );
    attempt.fail(); // every upload counts, good or bad
  }

  /** One document per category at a time: nothing new while one waits for review or is approved. */
  private async ensureNothingOpen(
    customerId: string,
    category: CategoryDefinition,
    db: Executor = this.deps.db,
  ): Promise<void> {
    const open = await documentsRepository.openInCategory(db, customerId, category.code);
    const title = category.title.toLowerCase();
    if (open.some((d) => d.status_code === 'approved')) {
      throw AppError.conflict(`Your ${title} is already approved.`);
    }
    if (open.length) throw AppError.conflict(`Your ${title} is already waiting for review.`);
  }

  private checkProviderTokens(
    customerId: string,
    type: DocumentType,
    providerToken: string | undefined,
    livenessToken: string | undefined,
  ): { ids: string[] } | { errors: Record<string, string[]> } {
    const provider = this.deps.providers.get(type.api ?? '');
    const errors: Record<string, string[]> = {};
    const session = providerToken ? provider?.verify(providerToken) : null;
    if (
      !session ||
      session.kind !== 'session' ||
      session.customerId !== customerId ||
      session.documentType !== type.code
    ) {
      errors.provider_token = ['The verification session is missing or has expired. Start again.'];
    }
    const liveness = livenessToken ? provider?.verify(livenessToken) : null;
    if (!liveness || liveness.kind !== 'liveness' || liveness.customerId !== customerId) {
      errors.liveness_token = ['The liveness check is missing or has expired. Start again.'];
    }
    if (Object.keys(errors).length || !session || !liveness) return { errors };
    return { ids: [session.id, liveness.id] };
  }

  private async gatherDirect(
    customerId: string,
    type: DocumentType,
    submission: DirectUploadSubmission,
  ): Promise<{ bodies: (Buffer | 'too_large')[]; fileNames: string[]; targetIds: string[] }> {
    const ids = submission.pages.map((p) => p.upload_id);
    const notUploaded = (i: number) => `${pageWords(i)} was not uploaded, or its upload link has expired.`;
    const errors: Record<string, string[]> = {};
    if (new Set(ids).size !== ids.length) errors.pages = ['The same upload is named twice.'];
    const valid = ids.filter((id) => UUID.test(id));
    const targets = valid.length ? await documentsRepository.findOwnTargets(this.deps.db, customerId, valid) : [];
    const now = this.deps.now().getTime();
    const bodies: (Buffer | 'too_large')[] = [];
    const fileNames: string[] = [];
    for (const [i, id] of ids.entries()) {
      const t = targets.find((x) => x.id === id);
      if (!t || t.document_type_code !== type.code || t.consumed_at || t.expires_at.getTime() <= now) {
        errors[`pages.${i}`] = [notUploaded(i)];
        continue;
      }
      // A presigned PUT cannot cap the size (S3): look at it before reading it into memory.
      const head = await this.deps.storage.head(t.storage_key);
      const body = head && head.size <= t.max_bytes ? await this.deps.storage.get(t.storage_key) : null;
      if (!head || (head.size <= t.max_bytes && !body)) {
        errors[`pages.${i}`] = [notUploaded(i)];
        continue;
      }
      bodies.push(!body || body.length > t.max_bytes ? 'too_large' : body);
      fileNames.push(t.file_name);
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
    return { bodies, fileNames, targetIds: ids };
  }

  private sign(uploadId: string, expires: number, customerId: string): string {
    return hmacBase64Url(this.deps.appKey, `upload-target:${uploadId}:${expires}:${customerId}`);
  }
}

function incoming(pages: readonly IncomingPage[]): {
  bodies: (Buffer | 'too_large')[];
  fileNames: string[];
  targetIds: string[];
} {
  return {
    bodies: pages.map((p) => ('body' in p ? p.body : 'too_large')),
    fileNames: pages.map((p) => cleanFileName(p.fileName) ?? 'page'),
    targetIds: [],
  };
}

function pageCountError(type: DocumentType, count: number): string | null {
  if (type.sides) {
    return count === type.sides.length
      ? null
      : `Upload ${type.sides.length} pages: the ${type.sides.join(' and the ')}.`;
  }
  if (count < type.min_pages || count > type.max_pages) {
    return type.min_pages === type.max_pages
      ? `Upload ${type.min_pages} page${type.min_pages > 1 ? 's' : ''}.`
      : `Upload between ${type.min_pages} and ${type.max_pages} pages.`;
  }
  return null;
}

/** The document number as stored (NFC, inner spaces collapsed), or why it is refused. */
function normaliseDocumentNumber(value: string | undefined): string | { error: string } | null {
  const v = (value ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  if (v === '') return null;
  if (v.length > 64 || hasForbiddenCharacter(v) || !DOCUMENT_NUMBER.test(v)) {
    return { error: 'Use only the letters, digits, spaces and dashes printed on the document.' };
  }
  return v.toUpperCase();
}

/** The base name of a file as the device named it: no path, no control characters, at most 255 characters. */
function cleanFileName(name: string | undefined): string | null {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // By characters, not UTF-16 units: a cut emoji would leave half a surrogate pair, which jsonb refuses.
  const cleaned = [...base.replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '').trim()].slice(0, 255).join('');
  return cleaned === '' ? null : cleaned;
}

/** The declared type of a file to come (the content decides later); HEIC goes by several names. */
function acceptsDeclaredType(type: DocumentType, declared: string): boolean {
  const heic = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];
  return type.accepted_types.some((t) => (t === 'image/heic' ? heic.includes(declared) : t === declared));
}

function statusPayload(
  documentId: string,
  categoryCode: string,
  typeCode: string,
  status: DocumentStatusColumn,
): DocumentStatusChangedPayload {
  return {
    document_id: documentId,
    document_category_code: categoryCode,
    document_type_code: typeCode,
    status_code: status,
    status_title: STATUS_TITLES[status],
  };
}
