import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the picture library (migrations/0014_pictures.ts is the source of truth). Merged into `DB` by module
 * augmentation so schema.ts stays as it is.
 */
type Json<T> = ColumnType<T, string | undefined, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Big = ColumnType<number, number, number>;

export interface PicturesTable {
  id: string;
  tenant_id: string;
  owner_type: 'user' | 'enterprise';
  owner_id: string;
  created_by: string;
  name: string;
  tags: Json<string[]>;
  mime: string;
  size: Big;
  width: number;
  height: number;
  sha256: string;
  dhash: string;
  storage_key: string;
  thumb_key: string;
  source: 'upload' | 'extract';
  source_file: string | null;
  source_page: number | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** One picture found in an extraction's file, stored as files already (saved into the library on the user's pick). */
export interface ExtractionItem {
  index: number;
  page: number;
  name: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  key: string;
  thumbKey: string;
  sha256: string;
  dhash: string;
}

export interface PictureExtractionsTable {
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
  progress: Generated<number>;
  error: string | null;
  page_count: Generated<number>;
  skipped: Generated<number>;
  items: Json<ExtractionItem[]>;
  job_id: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

declare module './schema.js' {
  interface DB {
    pictures: PicturesTable;
    picture_extractions: PictureExtractionsTable;
  }
}
