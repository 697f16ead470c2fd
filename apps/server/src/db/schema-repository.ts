import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the repository of past bids (migrations/0016_repository.ts is the source of truth). Merged into `DB` by
 * module augmentation so schema.ts stays as it is.
 */
type Json<T> = ColumnType<T, string | undefined, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Big = ColumnType<number, number, number>;

export interface RepositoryFilesTable {
  id: string;
  tenant_id: string;
  owner_type: 'user' | 'enterprise';
  owner_id: string;
  user_id: string;
  file_name: string;
  file_type: 'docx' | 'pdf';
  size: Big;
  storage_key: string;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  error: string | null;
  page_count: Generated<number>;
  passage_count: Generated<number>;
  job_id: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface RepositoryPassagesTable {
  id: string;
  file_id: string;
  tenant_id: string;
  owner_type: 'user' | 'enterprise';
  owner_id: string;
  seq: number;
  heading: Json<string[]>;
  page: number;
  text: string;
  /** tsvector input text on insert (cast in SQL); not selected */
  tsv: string;
  heading_tsv: string;
  /** md5(text), generated (0018) */
  text_hash: ColumnType<string, never, never>;
}

export interface RepositoryPicksTable {
  bid_id: string;
  node_id: string;
  passage_id: string;
  pick: 'pin' | 'exclude';
  created_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    repository_files: RepositoryFilesTable;
    repository_passages: RepositoryPassagesTable;
    repository_picks: RepositoryPicksTable;
  }
}
