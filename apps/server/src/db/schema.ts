import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables (migrations/ is the source of truth; keep these in step). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** A brand's own SEO texts (migration 0032); an empty or missing one falls back to the host variant's. */
export interface BrandSeo {
  title?: string;
  description?: string;
  keywords?: string;
}

export interface TenantsTable {
  id: string;
  code: string;
  branding: Json<Record<string, string>>;
  /** 0032: the operator's SEO texts, each optional */
  seo: ColumnType<BrandSeo, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface HostTenantsTable {
  host: string;
  tenant_id: string;
  created_at: Generated<Date>;
}

export interface EnterprisesTable {
  id: string;
  tenant_id: string;
  name: Generated<string>;
  admin_user_id: string;
  vip_expiry: NullableTimestamp;
  privilege_list: Json<string[]>;
  common_bid_number: Generated<number>;
  flagship_bid_number: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  phone: string | null;
  wechat_openid: string | null;
  wechat_unionid: string | null;
  nick_name: Generated<string>;
  real_name: Generated<string>;
  company_name: Generated<string>;
  avatar: Generated<string>;
  sex: Generated<number>;
  birthday: Generated<string>;
  email: Generated<string>;
  province: Generated<string>;
  city: Generated<string>;
  district: Generated<string>;
  region_code: Generated<string>;
  address: Generated<string>;
  bid_file_show_flag: Generated<number>;
  project_list_show_flag: Generated<number>;
  guide: Generated<number>;
  login_role: Generated<number>;
  source: Generated<number>;
  invite_code: string;
  inviter_id: string | null;
  is_new_user: Generated<number>;
  vip_expiry: NullableTimestamp;
  privilege_list: Json<string[]>;
  rights: Json<string[]>;
  common_bid_number: Generated<number>;
  flagship_bid_number: Generated<number>;
  enterprise_id: string | null;
  is_team_admin: Generated<number>;
  is_employee: Generated<number>;
  role: Generated<string>;
  status: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  tenant_id: string;
  source: number;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface SmsCodesTable {
  key: string;
  tenant_id: string;
  phone: string;
  purpose: string;
  code_hash: string;
  ip: Generated<string>;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  ip: Generated<string>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface QrLoginsTable {
  tager: string;
  tenant_id: string;
  purpose: 'login' | 'bind';
  state: Generated<'waiting' | 'scanned' | 'confirmed' | 'expired'>;
  user_id: string | null;
  bind_user_id: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  /** the desktop's invitation code, credited when confirming this QR creates the account */
  invitation_code: string | null;
}

export interface RouteRulesTable {
  path: string;
  tenant_id: Generated<string>;
  redirect: string | null;
  absolute: Generated<boolean>;
  app_middleware: Json<string[]>;
}

export interface SchemaMigrationsTable {
  id: string;
  applied_at: Generated<Date>;
}

export interface DB {
  tenants: TenantsTable;
  host_tenants: HostTenantsTable;
  enterprises: EnterprisesTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  sms_codes: SmsCodesTable;
  captchas: CaptchasTable;
  qr_logins: QrLoginsTable;
  route_rules: RouteRulesTable;
  schema_migrations: SchemaMigrationsTable;
}
