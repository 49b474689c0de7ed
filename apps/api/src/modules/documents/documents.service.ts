import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { documentsRepository, PROOF_OF_IDENTITY, type DocumentRow } from './documents.repository.ts';

export const NO_APPROVED_POI = 'No approved proof of identity document.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DocumentsServiceDeps {
  db: Kysely<Database>;
}

/**
 * A customer's verification documents (docs/product/account-verification.md). Today: what other
 * modules need to know about them (an approved proof of identity); upload and review come with
 * account verification.
 */
export class DocumentsService {
  constructor(private readonly deps: DocumentsServiceDeps) {}

  /** Whether the customer has an approved proof-of-identity document (the "Verify your account" task). */
  hasApprovedProofOfIdentity(customerId: string): Promise<boolean> {
    return documentsRepository.hasApprovedPoi(this.deps.db, customerId);
  }

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
}
