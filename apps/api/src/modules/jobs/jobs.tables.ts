// Durable jobs (docs/product/system.md#durable-jobs; migration 20261124000300_jobs). Emptied
// between tests (work queued for customers: a quote's QuoteExpiring, a transfer's steps).
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/column-types.ts';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  name: string;
  payload: ColumnType<unknown, string, string>;
  status: JobStatus;
  unique_key: string | null;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JobsTables {
  jobs: JobsTable;
}
