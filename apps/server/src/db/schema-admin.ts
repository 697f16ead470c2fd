import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the operator console's tables (migrations/0027_admin.ts is the source of truth). Merged into `DB` by
 * module augmentation so schema.ts stays as it is.
 */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | null | undefined, string | null>;

export interface OperatorsTable {
  id: string;
  /** NULL for the platform super-operator */
  tenant_id: string | null;
  role: 'super' | 'operator';
  name: Generated<string>;
  phone: string | null;
  /** 1 active, 2 disabled */
  status: Generated<number>;
  ticket_hash: string | null;
  ticket_expires_at: NullableTimestamp;
  invited_by: string | null;
  last_sign_in_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface OperatorSessionsTable {
  id: string;
  operator_id: string;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: Generated<Date>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: NullableTimestamp;
}

export interface AdminAuditTable {
  id: string;
  operator_id: string;
  tenant_id: string | null;
  action: string;
  target_type: string;
  target_id: Generated<string>;
  before: Json<unknown>;
  after: Json<unknown>;
  reason: Generated<string>;
  ip: Generated<string>;
  created_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    operators: OperatorsTable;
    operator_sessions: OperatorSessionsTable;
    admin_audit: AdminAuditTable;
  }
}

/** One model call's tokens (migrations/0031_llm_usage.ts). */
export interface LlmUsageTable {
  id: string;
  tenant_id: string | null;
  user_id: string | null;
  bid_id: string | null;
  tag: Generated<string>;
  model: string;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  cached_tokens: Generated<number>;
  estimated: Generated<boolean>;
  created_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    llm_usage: LlmUsageTable;
  }
}
