import type {
  Document,
  DocumentRejectionCode,
  DocumentStatusChangedPayload,
  DocumentStatusCode,
  PendingDocument,
} from '@remit/contract';
import { documentCatalog } from '../reference/document-catalog.ts';

/** A document as the profile query returns it (customers/customer.repository.ts, newest first). */
export interface DocumentJson {
  id: string;
  category: string;
  type: string;
  status_code: DocumentStatusCode;
  status_title: string;
  status_reason_code: string | null;
  status_reason: string | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
  pages: { id: string; position: number; side: 'front' | 'back' | null; content_type: string; size: number }[] | null;
}

/** docs/product/account-verification.md#statuses: the English status titles on the wire. */
export const STATUS_TITLES: Record<DocumentStatusCode, string> = {
  pending: 'Waiting for review',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** Why a document was refused, in words the customer can act on. */
export const REJECTION_REASONS: Record<DocumentRejectionCode, string> = {
  unreadable: 'We could not read the document. Upload sharp, well-lit photos of every page, with all corners visible.',
  document_expired: 'The document has expired. Upload a document that is still valid.',
  name_mismatch: 'The name on the document does not match the name on your profile.',
  incomplete: 'Some pages are missing. Upload every page the document asks for.',
};

const PENDING_REASONS: Record<PendingDocument['reason_code'], string> = {
  missing: 'Not provided yet.',
  rejected: 'Your last document was not accepted: upload a new one.',
  expired: 'Your document has expired: upload a new one.',
};

const iso = (value: string): string => new Date(value).toISOString();

export function toDocument(row: DocumentJson): Document | null {
  const category = documentCatalog.categoryByCode(row.category);
  const type = documentCatalog.typeByCode(row.category, row.type);
  if (!category || !type) return null; // a type no longer seeded is not shown
  const reasonCode = (row.status_reason_code as DocumentRejectionCode | null) ?? null;
  return {
    id: row.id,
    document_category: {
      id: category.id,
      code: category.code,
      title: category.title,
      description: category.description,
    },
    document_type: type,
    status_code: row.status_code,
    status_title: row.status_title,
    status_reason_code: reasonCode,
    status_reason: row.status_reason,
    pages: (row.pages ?? []).map((p) => ({
      id: p.id,
      position: p.position,
      side: p.side,
      content_type: p.content_type as Document['pages'][number]['content_type'],
      size: p.size,
    })),
    reviewed_at: row.reviewed_at ? iso(row.reviewed_at) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The realtime event of a document's new status (docs/product/realtime.md). */
export function statusPayload(
  documentId: string,
  categoryCode: string,
  typeCode: string,
  status: DocumentStatusCode,
): DocumentStatusChangedPayload {
  return {
    document_id: documentId,
    document_category_code: categoryCode,
    document_type_code: typeCode,
    status_code: status,
    status_title: STATUS_TITLES[status],
  };
}

export function toDocuments(rows: readonly DocumentJson[] | null): Document[] {
  return (rows ?? []).map(toDocument).filter((d): d is Document => d !== null);
}

/**
 * What the customer still has to provide (docs/product/account-verification.md#statuses): each
 * category required in their country of residence with no approved document and none waiting for
 * review; the reason says whether the newest was rejected or expired.
 */
export function pendingDocuments(iso2: string | null | undefined, documents: readonly Document[]): PendingDocument[] {
  const pending: PendingDocument[] = [];
  for (const category of documentCatalog.all()) {
    if (!documentCatalog.isRequired(category, iso2)) continue;
    const mine = documents.filter((d) => d.document_category.code === category.code);
    if (mine.some((d) => d.status_code === 'approved' || d.status_code === 'pending' || d.status_code === 'in_review'))
      continue;
    const newest = mine[0];
    const reason_code =
      newest?.status_code === 'rejected' ? 'rejected' : newest?.status_code === 'expired' ? 'expired' : 'missing';
    pending.push({
      document_category: {
        id: category.id,
        code: category.code,
        title: category.title,
        description: category.description,
      },
      reason_code,
      reason: PENDING_REASONS[reason_code],
    });
  }
  return pending;
}

/** Whether every category required in the customer's country has an approved document. */
export function isAccountVerified(iso2: string | null | undefined, documents: readonly Document[]): boolean {
  if (!iso2) return false;
  return documentCatalog
    .all()
    .filter((c) => documentCatalog.isRequired(c, iso2))
    .every((c) => documents.some((d) => d.document_category.code === c.code && d.status_code === 'approved'));
}
