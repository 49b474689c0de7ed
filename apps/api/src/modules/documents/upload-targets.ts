import type {
  DirectUploadReceipt,
  DirectUploadSubmission,
  DocumentType,
  VerificationTokenQuery,
  VerificationTokenResponse,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacBase64Url, safeEqual } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import type { Locale } from '../../lib/locale.ts';
import type { DocumentAdmission, DocumentOwner, UploadAdmission } from './document-admission.ts';
import { documentsRepository } from './documents.repository.ts';
import { acceptedInWords, acceptsDeclaredType, cleanFileName, pageWords, UUID } from './upload-checks.ts';

/** How long an upload target and its signed URL stay usable. */
export const UPLOAD_TARGET_TTL_MS = 15 * 60_000;

export interface UploadTargetsDeps {
  db: Kysely<Database>;
  now: Clock;
  storage: FileStorage;
  appKey: string;
}

/** The pages of a submission as read back from storage, page by page. */
export interface GatheredPages {
  bodies: (Buffer | 'too_large')[];
  fileNames: string[];
  targetIds: string[];
}

/**
 * Direct uploads (docs/product/account-verification.md): a `public_upload` type's pages go straight
 * to storage, each through an upload target (a presigned PUT on S3, else the api's own signed PUT
 * /client/v1/uploads/{id}); the document is then submitted naming the targets, whose objects are
 * read back and judged like any page.
 */
export class UploadTargets {
  constructor(
    private readonly deps: UploadTargetsDeps,
    private readonly admission: Pick<DocumentAdmission, 'countUpload'>,
  ) {}

  /** An upload target for one file of a `public_upload` type (`file_name` and `file_type` required). */
  async issue(
    auth: DocumentOwner,
    { category, type }: UploadAdmission,
    query: VerificationTokenQuery,
    locale?: Locale,
  ): Promise<VerificationTokenResponse> {
    const errors: Record<string, string[]> = {};
    const fileName = cleanFileName(query.file_name);
    if (!fileName) errors.file_name = ['Give the name of the file to upload.'];
    const fileType = (query.file_type ?? '').trim().toLowerCase();
    if (!fileType) errors.file_type = ['Give the type of the file to upload.'];
    else if (!acceptsDeclaredType(type, fileType)) errors.file_type = [`Choose ${acceptedInWords(type)}.`];
    if (Object.keys(errors).length) throw AppError.validation(errors);
    await this.admission.countUpload(auth.customerId, locale);

    const now = this.deps.now();
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

  /**
   * PUT /client/v1/uploads/{id}: the file of an upload target, once, by its customer, before it
   * expires, with the declared Content-Type. Any other id, signature or customer is the same 404.
   */
  async receive(
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

  /**
   * The pages a submission names, read back from their targets' objects: each must be this
   * customer's, for this type, unused and unexpired, and uploaded (a 422 naming every page that is not).
   */
  async gather(customerId: string, type: DocumentType, submission: DirectUploadSubmission): Promise<GatheredPages> {
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

  /** The raw uploads of targets, once copied into pages or refused: they go. */
  async discard(targetIds: readonly string[]): Promise<void> {
    await Promise.allSettled(targetIds.map((id) => this.deps.storage.delete(`uploads/${id}`)));
  }

  private sign(uploadId: string, expires: number, customerId: string): string {
    return hmacBase64Url(this.deps.appKey, `upload-target:${uploadId}:${expires}:${customerId}`);
  }
}
