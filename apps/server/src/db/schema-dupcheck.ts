import type { ColumnType, Generated } from 'kysely';
import type { DupReport, DupRisk } from '@btz/shared';

/**
 * Row type of the duplicate checks (migrations/0019_dupcheck.ts is the source of truth). Merged into `DB` by module
 * augmentation so schema.ts stays as it is.
 */
type Json<T> = ColumnType<T, string | undefined, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One file of a check, as stored in `files`. */
export interface DupStoredFile {
  index: number;
  name: string;
  role: 'bid' | 'tender';
  type: string;
  size: number;
  key: string;
}

export interface DupChecksTable {
  id: string;
  tenant_id: string;
  owner_type: 'user' | 'enterprise';
  owner_id: string;
  user_id: string;
  name: string;
  state: Generated<'draft' | 'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  error: string | null;
  files: Json<DupStoredFile[]>;
  next_index: Generated<number>;
  report: ColumnType<DupReport | null, string | null | undefined, string | null>;
  risk: DupRisk | null;
  score: number | null;
  job_id: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

declare module './schema.js' {
  interface DB {
    dup_checks: DupChecksTable;
  }
}
