import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the data bank (migrations/0015_databank.ts is the source of truth). Merged into `DB` by module
 * augmentation so schema.ts stays as it is.
 */
type Json<T> = ColumnType<T, string | undefined, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Big = ColumnType<number, number, number>;

export interface DataDocumentsTable {
  id: string;
  tenant_id: string;
  owner_type: 'user' | 'enterprise';
  owner_id: string;
  created_by: string;
  state: Generated<'draft' | 'saved'>;
  type: Generated<string>;
  name: string;
  number: string | null;
  credit_code: string | null;
  issuer: string | null;
  valid_from: string | null;
  expiry: string | null;
  person: string | null;
  client: string | null;
  year: number | null;
  amount_fen: ColumnType<number | null, number | null, number | null>;
  tags: Json<string[]>;
  file_name: string;
  file_kind: 'pdf' | 'docx' | 'png' | 'jpeg';
  size: Big;
  storage_key: string;
  proposal: ColumnType<unknown, string | null | undefined, string | null>;
  read_error: string | null;
  chars: Generated<number>;
  notified_expiry: string | null;
  read_state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  read_job_id: string | null;
  read_notice: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

declare module './schema.js' {
  interface DB {
    data_documents: DataDocumentsTable;
  }
}
