import type { ColumnType, Generated } from 'kysely';
import type { BidCheckKind, BidCheckReport, BidCheckSource, BidCheckState } from '@btz/shared';

/** Row type of the bid checks (migrations/0021_bid_checks.ts is the source of truth), merged into `DB`. */
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Big = ColumnType<number, number | undefined, number>;

export interface BidChecksTable {
  id: string;
  tenant_id: string;
  owner_type: 'user' | 'enterprise';
  owner_id: string;
  user_id: string;
  kind: BidCheckKind;
  source: BidCheckSource;
  bid_id: string | null;
  file_name: string;
  file_type: 'docx' | 'pdf' | 'doc' | null;
  size: Big;
  storage_key: string | null;
  state: Generated<BidCheckState>;
  progress: Generated<number>;
  error: string | null;
  result: NullableJson<BidCheckReport>;
  job_id: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

declare module './schema.js' {
  interface DB {
    bid_checks: BidChecksTable;
  }
}
