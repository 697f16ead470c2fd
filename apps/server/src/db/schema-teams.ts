import type { ColumnType, Generated } from 'kysely';

/** Row types of the team tables (migrations/0025_teams.ts is the source of truth), merged into `DB`. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface TeamInvitesTable {
  id: string;
  tenant_id: string;
  enterprise_id: string;
  kind: 'phone' | 'link';
  phone: string | null;
  code: string;
  invited_by: string;
  created_at: Generated<Date>;
  accepted_by: string | null;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface BidAssigneesTable {
  bid_id: string;
  node_id: string;
  user_id: string;
  assigned_by: string;
  assigned_at: Timestamp;
}

export interface BidActivityTable {
  id: string;
  bid_id: string;
  user_id: string;
  action: string;
  node_id: string | null;
  detail: Generated<string>;
  created_at: Generated<Date>;
}

export interface BidPresenceTable {
  bid_id: string;
  user_id: string;
  node_id: string;
  seen_at: Timestamp;
}

declare module './schema.js' {
  interface DB {
    team_invites: TeamInvitesTable;
    bid_assignees: BidAssigneesTable;
    bid_activity: BidActivityTable;
    bid_presence: BidPresenceTable;
  }
}
