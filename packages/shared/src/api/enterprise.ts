import type { EnterpriseInfo } from './writing.js';

/**
 * The enterprise facts screen and its calls (`/btz/enterprise/info/get`, `/btz/enterprise/info/save`): limits, labels,
 * texts and the unified social credit code rule (GB 32100-2015), shared so the form and the server refuse the same input
 * with the same words. The types themselves live in writing.ts (`EnterpriseInfo`, `ENTERPRISE_ESSENTIALS`).
 */

/** `/btz/enterprise/info/save` body: the info without `updateTime`. */
export type EnterpriseInfoInput = Omit<EnterpriseInfo, 'updateTime'>;

/** Lengths and row counts the server enforces (the form uses the same numbers). */
export const ENTERPRISE_LIMITS = {
  name: 100,
  creditCode: 18,
  legalRep: 50,
  address: 200,
  contacts: 20,
  qualifications: 100,
  staff: 200,
  projects: 200,
  /** any short text inside a row (names, roles, numbers, clients, amounts) */
  short: 100,
} as const;

/** Chinese names of the fields (validation messages name the field: 「统一社会信用代码（creditCode）：…」). */
export const ENTERPRISE_LABELS: Record<string, string> = {
  name: '企业名称',
  creditCode: '统一社会信用代码',
  legalRep: '法定代表人',
  address: '企业地址',
  contacts: '联系人',
  qualifications: '资质证书',
  staff: '主要人员',
  projects: '类似业绩',
};

/** Labels of the fields inside a row, per list. */
export const ENTERPRISE_ROW_LABELS = {
  contacts: { name: '姓名', phone: '联系电话', role: '职务' },
  qualifications: { name: '证书名称', number: '证书编号', expiry: '有效期至' },
  staff: { name: '姓名', role: '拟任岗位', title: '职称', certificate: '执业资格证书' },
  projects: { name: '项目名称', client: '业主单位', year: '年份', amount: '合同金额' },
} as const;

/** The expiry of a qualification that never lapses. */
export const EXPIRY_PERMANENT = '长期有效';

export const ENTERPRISE_TEXTS = {
  saved: '保存成功',
  creditCodeFormat: '应为 18 位，由数字和大写字母组成（不含 I、O、Z、S、V）',
  creditCodeCheck: '校验位不正确，请核对后重新输入',
  phoneFormat: '格式不正确，请输入 11 位手机号或带区号的座机号（如 0571-88888888）',
  expiryFormat: `应为 YYYY-MM-DD 格式的日期或「${EXPIRY_PERMANENT}」`,
  rowNameRequired: '不能为空',
  dialogTitle: '完善企业信息',
  dialogIntro: 'AI 只会使用你确认过的企业事实，缺少的内容将以【待填写】标出',
  saveAndWrite: '保存并开始编写',
  skipAndWrite: '跳过，直接编写',
} as const;

/** Landline: area code 0xx(x), optional dash, 7–8 digits, optional extension; also 400/800 service numbers. */
export const LANDLINE_PATTERN = /^(0\d{2,3}-?\d{7,8}(-\d{1,6})?|[48]00-?\d{3}-?\d{4})$/;

/** GB 32100-2015 code characters: digits and capitals without I, O, Z, S, V. */
export const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The 18th character computed from the first 17 (GB 32100-2015 §5): 31 − (Σ value × weight mod 31), 31 → 0. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_CHARS.indexOf(first17[i]!);
    if (v < 0) return null;
    sum += v * CREDIT_WEIGHTS[i]!;
  }
  const c = 31 - (sum % 31);
  return CREDIT_CODE_CHARS[c === 31 ? 0 : c]!;
}

/** Why a unified social credit code is wrong, or null when it is right (charset, length and check digit). */
export function creditCodeProblem(code: string): string | null {
  if (!CREDIT_CODE_PATTERN.test(code)) return ENTERPRISE_TEXTS.creditCodeFormat;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17] ? null : ENTERPRISE_TEXTS.creditCodeCheck;
}

export function isValidCreditCode(code: unknown): code is string {
  return typeof code === 'string' && creditCodeProblem(code) === null;
}

/** `2027-06-30` that is a real calendar day. */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** '', 「长期有效」 or a calendar day. */
export function isValidExpiry(s: string): boolean {
  return s === '' || s === EXPIRY_PERMANENT || isCalendarDay(s);
}

/** An empty info (what the get call answers before anything was saved). */
export function emptyEnterpriseInfo(): EnterpriseInfo {
  return { name: '', creditCode: '', legalRep: '', address: '', contacts: [], qualifications: [], staff: [], projects: [], updateTime: null };
}
