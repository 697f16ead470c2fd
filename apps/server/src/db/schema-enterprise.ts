import type { ColumnType, Generated } from 'kysely';
import type { EnterpriseInfoInput } from '@btz/shared';

/**
 * Row type of the enterprise facts table (migrations/0006_enterprise.ts is the source of truth). Merged into `DB` by
 * module augmentation so schema.ts stays as it is.
 */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface EnterpriseProfilesTable {
  id: string;
  tenant_id: string;
  owner_type: 'user' | 'enterprise';
  owner_id: string;
  data: Json<Partial<EnterpriseInfoInput>>;
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module './schema.js' {
  interface DB {
    enterprise_profiles: EnterpriseProfilesTable;
  }
}
