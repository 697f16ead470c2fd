import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the commerce tables (migrations/0002_commerce.ts is the source of truth). Merged into `DB` by module
 * augmentation so schema.ts stays as it is.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface PrivilegeItem {
  id: string;
  name: string;
  isChecked: boolean;
}

export interface RechargeOptionsTable {
  id: string;
  tenant_id: string;
  title: string;
  type: number;
  unit_type: number;
  money_fen: number;
  stroke_money_fen: Generated<number>;
  valid_day: Generated<number>;
  describes: Generated<string>;
  corner_mark: Generated<string>;
  bid_type: number | null;
  privilege_value_list: Json<string[]>;
  privileges: Json<PrivilegeItem[]>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type CouponKind = 'new_user' | 'redeem' | 'task' | 'grant';

export interface CouponTemplatesTable {
  id: string;
  tenant_id: string;
  kind: CouponKind;
  title: string;
  discount_fen: number;
  min_fen: Generated<number>;
  valid_days: number;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  /** the campaign's window (migration 0034): issued from starts_at (inclusive) to ends_at (exclusive); null = open */
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface UserCouponsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  template_id: string | null;
  title: string;
  discount_fen: number;
  min_fen: Generated<number>;
  deadline: Timestamp;
  status: Generated<number>;
  source: string;
  order_id: string | null;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface RedeemCodesTable {
  id: string;
  tenant_id: string;
  code: string;
  template_id: string;
  max_uses: Generated<number>;
  used_count: Generated<number>;
  expires_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface RedeemCodeUsesTable {
  redeem_code_id: string;
  user_id: string;
  user_coupon_id: string;
  created_at: Generated<Date>;
}

/** What an order keeps of its option, so later edits of the option change nothing already sold. */
export interface OptionSnapshot {
  title: string;
  type: number;
  unitType: number;
  bidType: number | null;
  validDay: number;
  moneyFen: number;
  privilegeValueList: string[];
}

export interface OrdersTable {
  id: string;
  order_no: string;
  tenant_id: string;
  user_id: string;
  enterprise_id: string | null;
  option_id: string;
  option_snapshot: Json<OptionSnapshot>;
  title: string;
  type: number;
  unit_type: number;
  bid_type: number | null;
  valid_day: number;
  number: number;
  unit_fen: number;
  total_fen: number;
  user_coupon_id: string | null;
  discount_fen: number;
  amount_fen: number;
  pay_type: number;
  provider: string;
  status: Generated<number>;
  code_url: Generated<string>;
  provider_txn_id: string | null;
  close_reason: string | null;
  /** why an operator must look at this order (migration 0008), NULL when nothing is wrong */
  flag: Generated<string | null>;
  /** the refund (migration 0027): our refund number, kept across retries; 'pending' until the provider accepted it */
  refund_no: Generated<string | null>;
  refund_state: Generated<'pending' | 'done' | null>;
  refund_reason: Generated<string | null>;
  refunded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EntitlementLedgerTable {
  id: string;
  tenant_id: string;
  holder_type: 'user' | 'enterprise';
  holder_id: string;
  actor_user_id: string | null;
  kind: 'grant' | 'spend' | 'refund' | 'revoke';
  field: 'vip' | 'common' | 'flagship';
  delta: number;
  vip_expiry_before: NullableTimestamp;
  vip_expiry_after: NullableTimestamp;
  reason: string;
  order_id: string | null;
  ref: string | null;
  refunded_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface PaymentEventsTable {
  id: string;
  tenant_id: string | null;
  order_id: string | null;
  order_no: string | null;
  provider: string;
  source: string;
  outcome: string;
  txn_id: string | null;
  amount_fen: number | null;
  detail: Generated<string>;
  payload: Generated<string>;
  created_at: Generated<Date>;
}

export interface BarrageMessagesTable {
  id: string;
  tenant_id: string;
  content: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
}

declare module './schema.js' {
  interface DB {
    recharge_options: RechargeOptionsTable;
    coupon_templates: CouponTemplatesTable;
    user_coupons: UserCouponsTable;
    redeem_codes: RedeemCodesTable;
    redeem_code_uses: RedeemCodeUsesTable;
    orders: OrdersTable;
    entitlement_ledger: EntitlementLedgerTable;
    payment_events: PaymentEventsTable;
    barrage_messages: BarrageMessagesTable;
  }
}
