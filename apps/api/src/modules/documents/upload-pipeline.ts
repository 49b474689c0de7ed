import { createHash } from 'node:crypto';
import type { DirectUploadSubmission, Document, DocumentType } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { DocumentReviewer } from '../../adapters/identity/identity-provider.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { hasForbiddenCharacter } from '../../lib/text.ts';
import type { DocumentAdmission, DocumentOwner, UploadAdmission } from './document-admission.ts';
import { STATUS_TITLES, statusPayload, toDocument } from './document.mapper.ts';
import { documentsRepository, type NewPage } from './documents.repository.ts';
import { inspectFile, type CleanFile, type InspectionError } from './file-inspection.ts';
import type { ProviderTokens } from './provider-tokens.ts';
import { acceptedInWords, cleanFileName, pageWords } from './upload-checks.ts';
import type { GatheredPages, UploadTargets } from './upload-targets.ts';

const DOCUMENT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,62}[A-Za-z0-9]$|^[A-Za-z0-9]$/;

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

export interface UploadPipelineDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  storage: FileStorage;
  /** Set once the reviewer exists (it calls back into the review). */
  reviewer: () => DocumentReviewer;
  /** A failed hand-over to the reviewer is logged (the periodic resume hands the document over again). */
  log: { warn(obj: object, msg: string): void };
}

/** The other steps an upload goes through: the admission's checks, the provider's tokens, the direct targets. */
export interface UploadPipelineParts {
  admission: Pick<DocumentAdmission, 'ensureNothingOpen'>;
  tokens: Pick<ProviderTokens, 'check'>;
  targets: Pick<UploadTargets, 'gather' | 'discard'>;
}

const INSPECTION_MESSAGES: Record<InspectionError, (page: string, type: DocumentType) => string> = {
  empty: (page) => `${page} is empty.`,
  too_large: (page, type) => `${page} is larger than ${Math.round(type.max_page_bytes / 1024 / 1024)} MB.`,
  unsupported_type: (page, type) => `${page} is not ${acceptedInWords(type)}.`,
  damaged: (page) => `${page} is damaged or incomplete: it could not be read.`,
  active_content: (page) => `${page} contains scripts or attached files and cannot be accepted.`,
  polyglot: (page) =>
    `${page} is not a plain image or PDF: another file is hidden in it (a motion photo?). Upload a still photo.`,
};

/**
 * An admitted upload, from its body to a stored document waiting for review
 * (docs/product/account-verification.md): pages counted, document number and provider tokens
 * checked, every page checked by content and cleaned (file-inspection.ts) before anything is stored,
 * the cleaned pages stored under random names, then the document recorded with all its pages or not
 * at all, and handed to the reviewer.
 */
export class UploadPipeline {
  constructor(
    private readonly deps: UploadPipelineDeps,
    private readonly parts: UploadPipelineParts,
  ) {}

  /** The upload itself, once admitted (`DocumentAdmission.admit`) and its body read. */
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
        const checked = this.parts.tokens.check(auth.customerId, type, input.providerToken, input.livenessToken);
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
      input.kind === 'files'
        ? incoming(input.pages)
        : await this.parts.targets.gather(auth.customerId, type, input.submission);
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
      await this.parts.targets.discard(targetIds);
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
      this.deps
        .reviewer()
        .submit({
          documentId,
          customerId: auth.customerId,
          categoryCode: category.code,
          typeCode: type.code,
          fileNames,
          documentNumber: typeof documentNumber === 'string' ? documentNumber : null,
        })
        .catch((err: unknown) => this.deps.log.warn({ err, documentId }, 'document not handed to the reviewer'));
    try {
      for (const [i, page] of pages.entries()) {
        await this.deps.storage.put(page.storage_key, clean[i]!.body, page.content_type);
        written.push(page.storage_key);
      }
      await this.deps.uow.run(async (trx, after) => {
        // Checked again under the customer's lock: two uploads at once must not both pass the check
        // made before the pages were inspected.
        await documentsRepository.lockCustomer(trx, auth.customerId);
        await this.parts.admission.ensureNothingOpen(auth.customerId, category, trx);
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
      else await submitForReview(); // saved: it is reviewed even though the answer is an error
      throw err;
    }

    // The raw direct uploads were copied (cleaned) into the pages: they go.
    await this.parts.targets.discard(targetIds);
    await submitForReview();

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
}

/** The pages of a multipart upload, as they arrived. */
function incoming(pages: readonly IncomingPage[]): GatheredPages {
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
