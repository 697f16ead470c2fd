import type { ColumnType, Generated } from 'kysely';

/**
 * Row type of the running-instances table (migrations/0010_instances.ts is the source of truth). Merged into `DB` by
 * module augmentation so schema.ts stays as it is.
 */
export interface ServerInstancesTable {
  id: string;
  host: string;
  pid: number;
  storage_kind: string;
  storage_dir: string;
  /** the random id in the storage directory's `.storage-id`: equal only when the directory is the same */
  storage_id: string;
  storage_shared: boolean;
  started_at: Generated<Date>;
  heartbeat_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module './schema.js' {
  interface DB {
    server_instances: ServerInstancesTable;
  }
}
