/**
 * Fields of a data-bank document (issue 14, 资料库) proposed from its text: the type from keywords, the 统一社会信用代码
 * (18 characters, GB 32100-2015 check digit), a licence or certificate number, the issuer and the dates (valid-from and
 * expiry, in 2026年3月1日, 2026-03-01, 2026.3.1 and 二〇二六年三月一日 forms). Pure functions: the user confirms or edits
 * what they propose before anything is saved.
 */

import { DATA_DOC_TYPES, type DataDocType } from '@btz/shared';
import { halfWidth } from '../text/normalise.js';
import { parseCnSmall, readCnDigits } from '../text/numerals.js';

export { DATA_DOC_TYPES, type DataDocType };

export interface ProposedFields {
  type: DataDocType;
  name: string | null;
  creditCode: string | null;
  number: string | null;
  issuer: string | null;
  /** YYYY-MM-DD */
  validFrom: string | null;
  expiry: string | null;
  /** 人员证书: the person; 业绩合同: the client */
  person: string | null;
  client: string | null;
}

const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A 统一社会信用代码 whose 18th character is the check character of the first 17 (GB 32100-2015). */
export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CODE_CHARS.indexOf(code[i]!) * CODE_WEIGHTS[i]!;
  return CODE_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

/** Makes a valid code from 17 characters (tests and fixtures). */
export function withCreditCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CODE_CHARS.indexOf(first17[i]!) * CODE_WEIGHTS[i]!;
  return first17 + CODE_CHARS[(31 - (sum % 31)) % 31];
}

/** Full-width digits and letters to ASCII, OCR's stray spaces inside codes left for the callers. */
function normalise(text: string): string {
  return halfWidth(text)
    .replace(/\u3000/g, ' ')
    .replace(/(?<=[\u4e00-\u9fa5]) (?=[\u4e00-\u9fa5])/g, ''); // 营 业 执 照 → 营业执照
}

function cnYear(s: string): number | null {
  if (/^\d{4}$/.test(s)) return Number(s);
  if (s.length !== 4) return null;
  const n = readCnDigits(s);
  return Number.isNaN(n) ? null : n;
}

function iso(y: number, m: number, d: number): string | null {
  if (y < 1950 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const DATE = String.raw`(\d{4}|[〇零一二三四五六七八九O]{4})\s*(?:年\s*([0-9]{1,2}|[一二三四五六七八九十]{1,2})\s*月\s*([0-9]{1,2}|[一二三四五六七八九十]{1,3})\s*日|[-./]\s*(\d{1,2})\s*[-./]\s*(\d{1,2}))`;

/** Every date of the text with its position, as YYYY-MM-DD. */
export function findDates(text: string): { at: number; end: number; date: string }[] {
  const out: { at: number; end: number; date: string }[] = [];
  for (const m of normalise(text).matchAll(new RegExp(DATE, 'g'))) {
    const y = cnYear(m[1]!);
    const mo = parseCnSmall(m[2] ?? m[4]!);
    const d = parseCnSmall(m[3] ?? m[5]!);
    if (y === null || mo === null || d === null) continue;
    const date = iso(y, mo, d);
    if (date) out.push({ at: m.index!, end: m.index! + m[0].length, date });
  }
  return out;
}

/** The first date after one of the labels (within a short distance), or null. */
function dateAfter(text: string, dates: { at: number; end: number; date: string }[], labels: RegExp, pick: 'first' | 'last' = 'first'): string | null {
  for (const m of text.matchAll(new RegExp(labels.source, 'g'))) {
    const i = dates.findIndex((d) => d.at >= m.index! && d.at - (m.index! + m[0].length) <= 12);
    if (i >= 0) {
      // 有效期：2021年1月1日至2026年12月31日 — a range after one label: its end is the expiry
      const next = dates[i + 1];
      if (pick === 'last' && next && next.at - dates[i]!.end <= 4) return next.date;
      return dates[i]!.date;
    }
  }
  return null;
}

const TYPE_KEYWORDS: [DataDocType, RegExp][] = [
  ['营业执照', /营业执照/],
  ['ISO 认证', /ISO\s*\d{4,5}|质量管理体系|环境管理体系|职业健康安全管理体系|管理体系认证/i],
  ['人员证书', /注册建造师|建造师|职业资格|岗位证书|安全生产考核合格证|执业资格|注册(?:工程师|造价师|会计师)|(?:职称|资格)证书/],
  ['资质证书', /资质证书|资质等级|安全生产许可证|许可证/],
  ['业绩合同', /合同(?:编号|金额|价款)|甲方|发包人|中标通知书/],
  ['财务报表', /资产负债表|利润表|现金流量表|审计报告|财务报表/],
  ['纳税证明', /纳税|完税证明|税收/],
  ['社保证明', /社会保险|社保|养老保险/],
  ['信用报告', /信用报告|信用评价|信用等级|信用中国/],
];

export function proposeType(raw: string): DataDocType {
  const text = normalise(raw);
  for (const [type, re] of TYPE_KEYWORDS) if (re.test(text)) return type;
  return '其他';
}

function lineValue(text: string, label: RegExp, max = 40): string | null {
  const m = new RegExp(label.source + String.raw`\s*[:：]?\s*([^\n]{1,${max}})`).exec(text);
  const v = m?.[1]?.trim().replace(/\s{2,}.*$/, '');
  return v ? v : null;
}

export function proposeFields(raw: string): ProposedFields {
  const text = normalise(raw);
  const type = proposeType(text);

  // the code: 18 characters, OCR may put spaces inside; a valid check digit wins over a merely well-formed one
  let creditCode: string | null = null;
  // I, O, Z, S and V never occur in a code: OCR's readings of 1, 0, 2, 5 and U
  const ocrFix = (c: string) => c.replace(/I/g, '1').replace(/O/g, '0').replace(/Z/g, '2').replace(/S/g, '5').replace(/V/g, 'U');
  const candidates = [...text.matchAll(/(?<![0-9A-Z])[0-9A-Z](?:\s?[0-9A-Z]){17}(?![0-9A-Z])/g)].map((m) => m[0].replace(/\s/g, ''));
  candidates.push(...candidates.map(ocrFix));
  creditCode = candidates.find(isValidCreditCode) ?? null;
  if (!creditCode) {
    const labelled = /统一社会信用代码\s*[:：]?\s*([0-9A-Z]{18})/.exec(text.replace(/(?<=[0-9A-Z])\s(?=[0-9A-Z])/g, ''));
    creditCode = labelled?.[1] ?? null;
  }

  const number =
    lineValue(text, /(?:证书编号|证书号|编\s*号|注册号|许可证编号|合同编号|报告编号|No\.?)/, 40)?.match(/[0-9A-Za-z][0-9A-Za-z\-()（）〔〕[\]/号第]*[0-9A-Za-z）)\]]/)?.[0] ??
    null;

  const issuerLine = lineValue(text, /(?:发证机关|登记机关|颁发机构|发证单位|认证机构|签发机关|发证部门)/, 40);
  let issuer = issuerLine?.replace(/[（(]?盖章[)）]?$/, '').trim() || null;
  if (!issuer) issuer = /([\u4e00-\u9fa5]{2,30}(?:市场监督管理局|住房和城乡建设(?:厅|局|部)|认证(?:中心|有限公司)|人力资源和社会保障(?:厅|局)|税务局))/.exec(text)?.[1] ?? null;

  const dates = findDates(text);
  const expiry =
    dateAfter(text, dates, /有效期至|有效期限至|有效截止日期|截止日期|到期日|有效期(?:限)?\s*[:：]?/, 'last') ??
    // 营业期限 长期 has no expiry; a range 自…至… after 营业期限 gives its end
    dateAfter(text, dates, /营业期限|至/, 'last');
  let validFrom = dateAfter(text, dates, /发证日期|颁发日期|发证时间|签发日期|成立日期|注册日期|生效日期|颁证日期|有效期(?:限)?\s*[:：]?\s*自?/);
  if (validFrom && validFrom === expiry) validFrom = dateAfter(text, dates, /发证日期|颁发日期|发证时间|签发日期|成立日期|注册日期|生效日期|颁证日期/);

  const name = lineValue(text, /(?:名\s*称|企业名称|单位名称|证书名称)/, 40);
  const person = type === '人员证书' ? lineValue(text, /(?:姓\s*名|持证人)/, 10) : null;
  const client = type === '业绩合同' ? lineValue(text, /(?:甲方|发包人|委托方|采购人)/, 40) : null;

  return { type, name, creditCode, number, issuer, validFrom, expiry, person, client };
}

/**
 * What the user must know about a proposal: a field the text names but whose value could not be read completely (an OCR
 * that lost characters of the 统一社会信用代码 leaves the field blank — say why, and what was seen, instead of nothing).
 */
export function proposalNotes(raw: string, p: Pick<ProposedFields, 'creditCode'>): string[] {
  const notes: string[] = [];
  const text = normalise(raw);
  if (!p.creditCode || !isValidCreditCode(p.creditCode)) {
    const at = text.search(/统一社会信用代码|信用代码/);
    if (at >= 0) {
      // what follows the label: code characters, spaces allowed (OCR splits them)
      const seen = /^(?:统一社会)?信用代码\s*[:：]?\s*([0-9A-Z](?:[ \t]?[0-9A-Z])*)/.exec(text.slice(at))?.[1]?.replace(/[ \t]/g, '') ?? '';
      if (p.creditCode) notes.push(`统一社会信用代码「${p.creditCode}」的校验位不符，可能有字符识别错误，请对照原件核对。`);
      else if (seen) notes.push(`统一社会信用代码未能完整识别：只识别到「${seen}」（${seen.length} 位，应为 18 位），请对照原件填写。`);
      else notes.push('文件中有“统一社会信用代码”字样，但未能识别出代码（可能模糊或被遮挡），请对照原件填写。');
    }
  }
  return notes;
}

