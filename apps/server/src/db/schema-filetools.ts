import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the bid-file tools (migrations/0020_filetools.ts is the source of truth). Merged into `DB` by module
 * augmentation, like schema-pictures.ts.
 */
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FileToolFile {
  index: number;
  name: string;
  type: string;
  mime: string;
  size: number;
  key: string;
}

export interface FileToolRunsTable {
  id: string;
  tenant_id: string;
  owner_type: 'user' | 'enterprise';
  owner_id: string;
  user_id: string;
  tool: 'clean' | 'docx-pdf' | 'pdf-docx' | 'doc-docx' | 'images-pdf' | 'pdf-images';
  inputs: Json<FileToolFile[]>;
  outputs: Json<FileToolFile[]>;
  report: NullableJson<Record<string, number | boolean>>;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  error: string | null;
  job_id: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface IpRecordsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: 'login' | 'upload' | 'export';
  ip: string;
  user_agent: Generated<string>;
  device: Generated<string>;
  detail: Generated<string>;
  bid_id: string | null;
  bidder: string | null;
  created_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    file_tool_runs: FileToolRunsTable;
    ip_records: IpRecordsTable;
  }
}
