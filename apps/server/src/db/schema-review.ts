import type { ColumnType, Generated } from 'kysely';

/** Row types of the review tables (migrations/0030_review.ts is the source of truth), merged into `DB`. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** a `date` column: read as `YYYY-MM-DD` text (cast in the queries that read it), written as that text */
type NullableDay = ColumnType<string | null, string | null | undefined, string | null>;

export interface BidSectionReviewsTable {
  bid_id: string;
  node_id: string;
  state: 'todo' | 'submitted' | 'approved' | 'returned';
  due_date: NullableDay;
  note: Generated<string>;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface BidCommentsTable {
  id: string;
  bid_id: string;
  node_id: string;
  user_id: string;
  text: string;
  mentions: ColumnType<string[], string, string>;
  created_at: Generated<Date>;
}

export interface UserMessagesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: 'mention' | 'submitted' | 'returned' | 'approved' | 'reopened';
  bid_id: string;
  node_id: string;
  from_user: string;
  text: Generated<string>;
  read_at: NullableTimestamp;
  created_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    bid_section_reviews: BidSectionReviewsTable;
    bid_comments: BidCommentsTable;
    user_messages: UserMessagesTable;
  }
}

declare module './schema-bids.js' {
  interface BidsTable {
    result: 'won' | 'lost' | 'void' | null;
    result_date: NullableDay;
    result_domain: string | null;
  }
}
