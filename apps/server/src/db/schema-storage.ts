import type { ColumnType, Generated } from 'kysely';

/** The storage ledger (migrations/0022_storage_ledger.ts is the source of truth), merged into `DB` like the others. */
type Big = ColumnType<number, number, number>;

export interface StoredObjectsTable {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  object_key: string;
  bytes: Big;
  kind: string;
  ref_id: string;
  created_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    stored_objects: StoredObjectsTable;
  }
}
