import { PRIVILEGES, TENANTS, type PrivilegeId } from '@btz/shared';
import type { Database } from '../connection.js';

/**
 * Per-tenant commerce reference data (idempotent; operator edits are kept): recharge options with believable prices,
 * the new-user coupon pack, a redeem-code template (codes themselves are created by an operator — or by tests), and
 * the purchase dialog's barrage messages. Ids are stable (`{tenantId}-…`) so a second start inserts nothing.
 */
const PERSONAL_PRIVILEGES: PrivilegeId[] = ['bid_common', 'bid_flagship', 'illustrated', 'export_word', 'health_check', 'duplicate_check'];
const ENTERPRISE_PRIVILEGES: PrivilegeId[] = [
  'bid_common',
  'bid_flagship',
  'illustrated',
  'export_word',
  'health_check',
  'duplicate_check',
  'team',
  'knowledge_base',
  'dedicated_support',
];

function checklist(all: PrivilegeId[], granted: PrivilegeId[]) {
  return all.map((id) => ({ id, name: PRIVILEGES[id], isChecked: granted.includes(id) }));
}

interface OptionSeed {
  key: string;
  title: string;
  type: 1 | 2;
  unitType: 1 | 2;
  moneyFen: number;
  strokeFen: number;
  validDay: number;
  describes: string;
  cornerMark: string;
  bidType: 1 | 2 | null;
  granted: PrivilegeId[];
  all: PrivilegeId[];
  sort: number;
}

export const OPTION_SEEDS: OptionSeed[] = [
  {
    key: 'vip-3d',
    title: '3天体验会员',
    type: 1,
    unitType: 1,
    moneyFen: 1990,
    strokeFen: 4900,
    validDay: 3,
    describes: '3天内普通版标书不限份数，体验AI全文写作',
    cornerMark: '限时特惠',
    bidType: null,
    granted: ['bid_common', 'export_word', 'health_check'],
    all: PERSONAL_PRIVILEGES,
    sort: 1,
  },
  {
    key: 'vip-30d',
    title: '月度会员',
    type: 1,
    unitType: 1,
    moneyFen: 19900,
    strokeFen: 29900,
    validDay: 30,
    describes: '普通版、旗舰版标书每月合理使用不限份数，支持图文版排版',
    cornerMark: '',
    bidType: null,
    granted: ['bid_common', 'bid_flagship', 'illustrated', 'export_word', 'health_check'],
    all: PERSONAL_PRIVILEGES,
    sort: 2,
  },
  {
    key: 'vip-365d',
    title: '年度会员',
    type: 1,
    unitType: 1,
    moneyFen: 128000,
    strokeFen: 358800,
    validDay: 365,
    describes: '全年畅享全部个人权益，含标书查重，折合每天仅需3.5元',
    cornerMark: '最受欢迎',
    bidType: null,
    granted: PERSONAL_PRIVILEGES,
    all: PERSONAL_PRIVILEGES,
    sort: 3,
  },
  {
    key: 'copy-basic',
    title: '普通版标书',
    type: 1,
    unitType: 2,
    moneyFen: 9900,
    strokeFen: 19900,
    validDay: 0,
    describes: '{count}份普通版标书，AI解析招标文件、生成大纲并撰写全文，永久有效',
    cornerMark: '',
    bidType: 1,
    granted: [],
    all: [],
    sort: 10,
  },
  {
    key: 'copy-flagship',
    title: '旗舰版标书',
    type: 1,
    unitType: 2,
    moneyFen: 29900,
    strokeFen: 49900,
    validDay: 0,
    describes: '{count}份旗舰版标书，图文并茂、逐条响应评分项，专家级排版，永久有效',
    cornerMark: '品质之选',
    bidType: 2,
    granted: [],
    all: [],
    sort: 11,
  },
  {
    key: 'ent-basic',
    title: '企业基础版',
    type: 2,
    unitType: 1,
    moneyFen: 398000,
    strokeFen: 598000,
    validDay: 365,
    describes: '适合初创团队，普通版标书全年合理使用不限份数',
    cornerMark: '',
    bidType: null,
    granted: ['bid_common', 'export_word', 'health_check', 'team'],
    all: ENTERPRISE_PRIVILEGES,
    sort: 1,
  },
  {
    key: 'ent-pro',
    title: '企业专业版',
    type: 2,
    unitType: 1,
    moneyFen: 698000,
    strokeFen: 998000,
    validDay: 365,
    describes: '适合成长型企业，普通版、旗舰版全年合理使用不限份数，含标书查重与企业知识库',
    cornerMark: '最受欢迎',
    bidType: null,
    granted: ['bid_common', 'bid_flagship', 'illustrated', 'export_word', 'health_check', 'duplicate_check', 'team', 'knowledge_base'],
    all: ENTERPRISE_PRIVILEGES,
    sort: 2,
  },
  {
    key: 'ent-flagship',
    title: '企业旗舰版',
    type: 2,
    unitType: 1,
    moneyFen: 1280000,
    strokeFen: 1980000,
    validDay: 365,
    describes: '适合投标大户，全部权益加专属客户经理一对一服务',
    cornerMark: '尊享',
    bidType: null,
    granted: ENTERPRISE_PRIVILEGES,
    all: ENTERPRISE_PRIVILEGES,
    sort: 3,
  },
];

export const COUPON_SEEDS = [
  { key: 'new-10', kind: 'new_user' as const, title: '新人无门槛券', discountFen: 1000, minFen: 0, validDays: 7, sort: 1 },
  { key: 'new-30', kind: 'new_user' as const, title: '新人满减券', discountFen: 3000, minFen: 19900, validDays: 7, sort: 2 },
  { key: 'new-100', kind: 'new_user' as const, title: '新人大额券', discountFen: 10000, minFen: 69900, validDays: 7, sort: 3 },
  { key: 'redeem-50', kind: 'redeem' as const, title: '兑换码专享券', discountFen: 5000, minFen: 29900, validDays: 30, sort: 1 },
  // the welfare centre's rewards (seed/welfare.ts)
  { key: 'task-20', kind: 'task' as const, title: '任务奖励券', discountFen: 2000, minFen: 9900, validDays: 30, sort: 1 },
  { key: 'task-50', kind: 'task' as const, title: '任务奖励满减券', discountFen: 5000, minFen: 29900, validDays: 30, sort: 2 },
];

export async function seedCommerce(db: Database): Promise<void> {
  for (const tenantId of Object.values(TENANTS)) {
    for (const o of OPTION_SEEDS) {
      await db
        .insertInto('recharge_options')
        .values({
          id: `${tenantId}-${o.key}`,
          tenant_id: tenantId,
          title: o.title,
          type: o.type,
          unit_type: o.unitType,
          money_fen: o.moneyFen,
          stroke_money_fen: o.strokeFen,
          valid_day: o.validDay,
          describes: o.describes,
          corner_mark: o.cornerMark,
          bid_type: o.bidType,
          privilege_value_list: JSON.stringify(o.granted),
          privileges: JSON.stringify(checklist(o.all, o.granted)),
          sort: o.sort,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    for (const c of COUPON_SEEDS) {
      await db
        .insertInto('coupon_templates')
        .values({
          id: `${tenantId}-${c.key}`,
          tenant_id: tenantId,
          kind: c.kind,
          title: c.title,
          discount_fen: c.discountFen,
          min_fen: c.minFen,
          valid_days: c.validDays,
          sort: c.sort,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }
}
