// Account verification: documents (migration 20260101000200_onboarding, columns added by
// 20261123000100_account_verification), their pages, direct-upload targets and provider tokens.
// Customer-owned (cascade from customers or documents). Categories and types are reference data
// (db/reference.tables.ts).
import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export type DocumentStatusColumn = 'pending' | 'in_review' | 'approved' | 'rejected' | 'expired';
export type DocumentSourceColumn = 'api' | 'direct' | 'provider';

export interface DocumentsTable {
  id: string;
  customer_id: string;
  document_category_code: string;
  document_type_code: string;
  status_code: DocumentStatusColumn;
  status_title: string;
  extracted_data: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Account verification (migration 20261123000100_account_verification):
  document_number: ColumnType<string | null, string | null | undefined, string | null>;
  status_reason_code: ColumnType<string | null, string | null | undefined, string | null>;
  status_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: NullableTimestamp;
  source: ColumnType<DocumentSourceColumn, DocumentSourceColumn | undefined, DocumentSourceColumn>;
  file_names: ColumnType<string[] | null, string | null | undefined, string | null>;
}

export interface DocumentPagesTable {
  id: string;
  document_id: string;
  position: number;
  side: 'front' | 'back' | null;
  storage_key: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

export interface UploadTargetsTable {
  id: string;
  customer_id: string;
  document_category_code: string;
  document_type_code: string;
  file_name: string;
  file_type: string;
  storage_key: string;
  max_bytes: number;
  expires_at: Timestamp;
  uploaded_at: NullableTimestamp;
  size: ColumnType<number | null, number | null | undefined, number | null>;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ProviderTokensTable {
  id: string;
  customer_id: string;
  kind: 'session' | 'liveness';
  api: string;
  document_type_code: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface DocumentsTables {
  documents: DocumentsTable;
  document_pages: DocumentPagesTable;
  upload_targets: UploadTargetsTable;
  provider_tokens: ProviderTokensTable;
}
