import type { ColumnType, Generated } from 'kysely';
import type { BidHealth, EditorJson, PageSettings, SectionState } from '@btz/shared';

/** Row types of full-text writing (migrations/0005_writing.ts is the source of truth), merged into `DB`. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface BidSectionsTable {
  bid_id: string;
  node_id: string;
  tenant_id: string;
  state: Generated<SectionState>;
  doc: NullableJson<EditorJson>;
  text: Generated<string>;
  chars: Generated<number>;
  target_chars: Generated<number>;
  revision: Generated<number>;
  run_id: string | null;
  job_id: string | null;
  error: string | null;
  written_at: NullableTimestamp;
  updated_at: Generated<Date>;
}

/** The stored health result of a bid and the basis it was computed on (migrations/0013_bid_health.ts). */
export interface BidHealthTable {
  bid_id: string;
  tenant_id: string;
  result: ColumnType<BidHealth, string, string>;
  basis: string;
  checked_at: Generated<Date>;
}

/** One export of a bid, a job (migrations/0024_bid_exports.ts). */
export interface BidExportsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  bid_id: string;
  format: 'docx' | 'pdf';
  file_name: string;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  error: string | null;
  job_id: string | null;
  file_key: string | null;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: NullableTimestamp;
}

/** One entry of a section's history (migrations/0029_section_history.ts). */
export interface BidSectionHistoryTable {
  id: string;
  tenant_id: string;
  bid_id: string;
  node_id: string;
  revision: number;
  source: 'writer' | 'edit' | 'restore';
  user_id: string | null;
  restored_from: number | null;
  doc: NullableJson<EditorJson>;
  text: string;
  chars: number;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module './schema.js' {
  interface DB {
    bid_section_history: BidSectionHistoryTable;
    bid_exports: BidExportsTable;
    bid_sections: BidSectionsTable;
    bid_health: BidHealthTable;
  }
}

declare module './schema-bids.js' {
  interface BidsTable {
    write_run_id: string | null;
    spend_ledger_id: string | null;
    page_settings: NullableJson<Partial<PageSettings>>;
    invent_facts: Generated<boolean>;
    finished_at: NullableTimestamp;
  }
}
