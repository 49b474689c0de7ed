import { sql, type Insertable } from 'kysely';
import type {
  DocumentPagesTable,
  DocumentSourceColumn,
  DocumentStatusColumn,
  Executor,
  ProviderTokensTable,
  UploadTargetsTable,
} from '../../db/types.ts';

export const PROOF_OF_IDENTITY = 'proof_of_identity';

export interface DocumentRow {
  id: string;
  customer_id: string;
  document_category_code: string;
  document_type_code: string;
  status_code: DocumentStatusColumn;
  extracted_data: Record<string, unknown> | null;
}

const DOCUMENT_COLUMNS = [
  'id',
  'customer_id',
  'document_category_code',
  'document_type_code',
  'status_code',
  'extracted_data',
] as const;

export interface NewDocument {
  id: string;
  customer_id: string;
  document_category_code: string;
  document_type_code: string;
  status_title: string;
  document_number: string | null;
  source: DocumentSourceColumn;
  file_names: string[];
  created_at: Date;
}

/** A page of a new document: its row but for the document it belongs to and the time (both the document's). */
export type NewPage = Omit<DocumentPagesTable, 'document_id' | 'created_at'>;

export interface WaitingDocument {
  id: string;
  customer_id: string;
  document_category_code: string;
  document_type_code: string;
  document_number: string | null;
  file_names: string[] | null;
}

/**
 * Documents, their pages, upload targets and provider tokens (docs/product/account-verification.md).
 * Every statement a customer's request runs is scoped by the customer id of the session.
 */
export const documentsRepository = {
  findDocument(db: Executor, customerId: string, documentId: string): Promise<DocumentRow | undefined> {
    return db
      .selectFrom('documents')
      .select(DOCUMENT_COLUMNS)
      .where('customer_id', '=', customerId)
      .where('id', '=', documentId)
      .executeTakeFirst();
  },

  newestApprovedPoi(db: Executor, customerId: string): Promise<DocumentRow | undefined> {
    return db
      .selectFrom('documents')
      .select(DOCUMENT_COLUMNS)
      .where('customer_id', '=', customerId)
      .where('document_category_code', '=', PROOF_OF_IDENTITY)
      .where('status_code', '=', 'approved')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** The customer's documents of a category that are approved or waiting for review. */
  openInCategory(db: Executor, customerId: string, categoryCode: string): Promise<{ status_code: string }[]> {
    return db
      .selectFrom('documents')
      .select('status_code')
      .where('customer_id', '=', customerId)
      .where('document_category_code', '=', categoryCode)
      .where('status_code', 'in', ['pending', 'in_review', 'approved'])
      .execute();
  },

  /**
   * Lock the customer's row until the transaction ends: their uploads serialise on it (rows that
   * merely refer to the customer, such as a new session, are not held up).
   */
  async lockCustomer(db: Executor, customerId: string): Promise<void> {
    await db.selectFrom('customers').select('id').where('id', '=', customerId).forNoKeyUpdate().execute();
  },

  async insertDocument(db: Executor, doc: NewDocument, pages: readonly NewPage[]): Promise<void> {
    await db
      .insertInto('documents')
      .values({
        id: doc.id,
        customer_id: doc.customer_id,
        document_category_code: doc.document_category_code,
        document_type_code: doc.document_type_code,
        status_code: 'pending',
        status_title: doc.status_title,
        extracted_data: null,
        document_number: doc.document_number,
        source: doc.source,
        file_names: JSON.stringify(doc.file_names),
        created_at: doc.created_at,
        updated_at: doc.created_at,
      })
      .execute();
    await db
      .insertInto('document_pages')
      .values(pages.map((p) => ({ ...p, document_id: doc.id, created_at: doc.created_at })))
      .execute();
  },

  /** The document's row, locked until the transaction ends (review steps serialise on it). */
  lockForReview(db: Executor, documentId: string) {
    return db
      .selectFrom('documents')
      .select(['id', 'customer_id', 'document_category_code', 'document_type_code', 'status_code'])
      .where('id', '=', documentId)
      .forUpdate()
      .executeTakeFirst();
  },

  async setStatus(
    db: Executor,
    documentId: string,
    patch: {
      status_code: DocumentStatusColumn;
      status_title: string;
      status_reason_code?: string | null;
      status_reason?: string | null;
      extracted_data?: Record<string, unknown> | null;
      reviewed_at?: Date | null;
      updated_at: Date;
    },
  ): Promise<void> {
    const { extracted_data, ...rest } = patch;
    await db
      .updateTable('documents')
      .set({ ...rest, ...(extracted_data !== undefined ? { extracted_data: JSON.stringify(extracted_data) } : {}) })
      .where('id', '=', documentId)
      .execute();
  },

  /** Documents still waiting for a review decision (the sandbox reviewer resumes them at start-up). */
  waitingForReview(db: Executor, limit = 1000): Promise<WaitingDocument[]> {
    return db
      .selectFrom('documents')
      .select(['id', 'customer_id', 'document_category_code', 'document_type_code', 'document_number', 'file_names'])
      .where('status_code', 'in', ['pending', 'in_review'])
      .orderBy('created_at')
      .limit(limit)
      .execute();
  },

  /** A page of the customer's own document, or nothing. */
  findOwnPage(db: Executor, customerId: string, documentId: string, pageId: string) {
    return db
      .selectFrom('document_pages as p')
      .innerJoin('documents as d', 'd.id', 'p.document_id')
      .select(['p.storage_key', 'p.content_type', 'p.size'])
      .where('d.customer_id', '=', customerId)
      .where('d.id', '=', documentId)
      .where('p.id', '=', pageId)
      .executeTakeFirst();
  },

  // ---- upload targets (direct-to-storage uploads) ----

  async insertTarget(db: Executor, target: Insertable<UploadTargetsTable>): Promise<void> {
    await db.insertInto('upload_targets').values(target).execute();
  },

  findOwnTargets(db: Executor, customerId: string, ids: readonly string[]) {
    return db
      .selectFrom('upload_targets')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .execute();
  },

  /** Claim the target for its one PUT: true once, for its customer, before it expires. */
  async claimForPut(db: Executor, customerId: string, id: string, now: Date): Promise<boolean> {
    const res = await db
      .updateTable('upload_targets')
      .set({ uploaded_at: now })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('uploaded_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return res.numUpdatedRows === 1n;
  },

  async recordPut(db: Executor, id: string, size: number | null): Promise<void> {
    await db
      .updateTable('upload_targets')
      .set(size === null ? { uploaded_at: null } : { size })
      .where('id', '=', id)
      .execute();
  },

  /** Use the targets for one document: every one or none (false when one was used or expired meanwhile). */
  async consumeTargets(
    db: Executor,
    customerId: string,
    ids: readonly string[],
    now: Date,
    notBefore: Date,
  ): Promise<boolean> {
    const res = await db
      .updateTable('upload_targets')
      .set({ consumed_at: now })
      .where('customer_id', '=', customerId)
      .where('id', 'in', ids)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', notBefore)
      .executeTakeFirst();
    return res.numUpdatedRows === BigInt(ids.length);
  },

  // ---- provider tokens (each used once) ----

  async insertProviderToken(db: Executor, token: Insertable<ProviderTokensTable>): Promise<void> {
    await db.insertInto('provider_tokens').values(token).execute();
  },

  async useProviderToken(db: Executor, customerId: string, id: string, now: Date): Promise<boolean> {
    const res = await db
      .updateTable('provider_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return res.numUpdatedRows === 1n;
  },

  // ---- housekeeping ----

  /** Every storage key a row still refers to, among `keys`. */
  async referencedKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await sql<{ key: string }>`
      select storage_key as key from document_pages where storage_key in (${sql.join(keys)})
      union select storage_key as key from upload_targets where storage_key in (${sql.join(keys)})
        and consumed_at is null`.execute(db);
    return new Set(rows.rows.map((r) => r.key));
  },

  /** Forget targets expired before `before` (their objects are removed by the sweep). */
  async deleteStaleTargets(db: Executor, before: Date): Promise<void> {
    await db.deleteFrom('upload_targets').where('expires_at', '<', before).execute();
  },

  async deleteStaleProviderTokens(db: Executor, before: Date): Promise<void> {
    await db.deleteFrom('provider_tokens').where('expires_at', '<', before).execute();
  },
};
