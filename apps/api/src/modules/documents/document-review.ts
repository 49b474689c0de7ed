import type { Kysely } from 'kysely';
import type { DocumentReviewer, ReviewDecision } from '../../adapters/identity/identity-provider.ts';
import type { Database, DocumentStatusColumn } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { REJECTION_REASONS, STATUS_TITLES, statusPayload } from './document.mapper.ts';
import { documentsRepository } from './documents.repository.ts';
import { UUID } from './upload-checks.ts';

/** Forward-only review steps (docs/product/account-verification.md#statuses). */
const NEXT: Record<DocumentStatusColumn, readonly DocumentStatusColumn[]> = {
  pending: ['in_review', 'approved', 'rejected'],
  in_review: ['approved', 'rejected'],
  approved: ['expired'],
  rejected: [],
  expired: [],
};

export interface DocumentReviewDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  /** Set once the reviewer exists (it calls back into `apply`). */
  reviewer: () => DocumentReviewer;
}

/** The review of uploaded documents (docs/product/account-verification.md#review): each step once, forward only. */
export class DocumentReview {
  constructor(private readonly deps: DocumentReviewDeps) {}

  /**
   * One review step from the reviewer (sandbox, or a provider's webhook): applied under the
   * document's row lock when the transition is allowed, ignored otherwise (a repeated or late step).
   * The customer's cached sessions go and their apps are told (DocumentStatusChanged, and
   * TasksChanged once decided). Returns whether it applied.
   */
  async apply(documentId: string, decision: ReviewDecision): Promise<boolean> {
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

  /**
   * Hand the documents still waiting for review to the reviewer again (a periodic task, app.ts): the
   * sandbox reviewer adds nothing for a document whose review is already queued.
   */
  async resume(): Promise<number> {
    const waiting = await documentsRepository.waitingForReview(this.deps.db);
    for (const d of waiting) {
      await this.deps.reviewer().submit({
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
}
