import type { Generated } from 'kysely';

/** The welfare centre (migrations/0026_welfare.ts is the source of truth), merged into `DB` like the others. */

export type WelfareTaskCode = 'profile' | 'enterprise' | 'tender' | 'bid_finished' | 'invite' | 'share';

export interface WelfareTasksTable {
  tenant_id: string;
  code: WelfareTaskCode;
  title: string;
  description: Generated<string>;
  reward_kind: 'coupon' | 'copies';
  coupon_template_id: string | null;
  copy_field: 'common' | 'flagship' | null;
  copy_number: Generated<number>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface WelfareClaimsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  task_code: string;
  reward: string;
  user_coupon_id: string | null;
  ledger_id: string | null;
  created_at: Generated<Date>;
}

export interface WelfareSharesTable {
  user_id: string;
  tenant_id: string;
  shared_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    welfare_tasks: WelfareTasksTable;
    welfare_claims: WelfareClaimsTable;
    welfare_shares: WelfareSharesTable;
  }
}
