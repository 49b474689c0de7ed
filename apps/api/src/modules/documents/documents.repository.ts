import type { Executor } from '../../db/types.ts';

export const PROOF_OF_IDENTITY = 'proof_of_identity';

export interface DocumentRow {
  id: string;
  customer_id: string;
  document_category_code: string;
  document_type_code: string;
  status_code: string;
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

/** Every statement is scoped by the customer id of the session. */
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

  async hasApprovedPoi(db: Executor, customerId: string): Promise<boolean> {
    const row = await db
      .selectFrom('documents')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('document_category_code', '=', PROOF_OF_IDENTITY)
      .where('status_code', '=', 'approved')
      .limit(1)
      .executeTakeFirst();
    return !!row;
  },
};
