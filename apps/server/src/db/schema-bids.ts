import type { ColumnType, Generated } from 'kysely';
import type { DocModel } from '@btz/bid-engine/reading';
import type { BidFileState, BidOutlineNode, BidParseState, BidStatus, CoverageEntry, TenderCard } from '@btz/shared';

/**
 * Row types of the bid and job tables (migrations/0003_bids.ts is the source of truth). Merged into `DB` by module
 * augmentation, like schema-commerce.ts. jsonb columns read back as values and are written as JSON text.
 */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface BidsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  enterprise_id: string | null;
  name: string;
  bid_type: number;
  status: Generated<BidStatus>;
  lot: string | null;
  card: NullableJson<TenderCard>;
  outline: NullableJson<BidOutlineNode[]>;
  outline_edited: Generated<boolean>;
  coverage: NullableJson<CoverageEntry[]>;
  writer: Generated<'offline' | 'llm'>;
  parse_state: Generated<BidParseState>;
  parse_progress: Generated<number>;
  parse_stage: Generated<string>;
  parse_error: string | null;
  parse_job_id: string | null;
  tokens_prompt: Generated<number>;
  tokens_completion: Generated<number>;
  tokens_cached: Generated<number>;
  deleted_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BidFilesTable {
  id: string;
  bid_id: string;
  tenant_id: string;
  name: string;
  role: 'main' | 'amendment' | 'boq';
  ord: number;
  type: 'pdf' | 'docx' | 'doc' | 'txt';
  size: number;
  sha256: string;
  storage_key: string;
  page_count: Generated<number>;
  ocr_pages: Generated<number>;
  chapters: Json<Array<{ title: string; level: number; page: number }>>;
  state: Generated<BidFileState>;
  error: string | null;
  /** the reader's DocumentErrorCode when state is failed (0007) */
  error_code: Generated<string | null>;
  deleted_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface BidFilePagesTable {
  file_id: string;
  page: number;
  text: string;
  ocr: Generated<boolean>;
}

/** The document model of a tender file (migration 0011). */
export interface BidFileModelsTable {
  file_id: string;
  model: Json<DocModel>;
  created_at: Generated<Date>;
}

export interface JobsTable {
  id: string;
  kind: string;
  tenant_id: string | null;
  user_id: string | null;
  ref_id: string | null;
  state: Generated<JobState>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: Generated<Date>;
  locked_by: string | null;
  locked_at: NullableTimestamp;
  heartbeat_at: NullableTimestamp;
  payload: Json<Record<string, unknown>>;
  result: NullableJson<unknown>;
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    bids: BidsTable;
    bid_files: BidFilesTable;
    bid_file_pages: BidFilePagesTable;
    bid_file_models: BidFileModelsTable;
    jobs: JobsTable;
  }
}
