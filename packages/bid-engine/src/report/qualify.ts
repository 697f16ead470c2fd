/**
 * The qualification checklist of the analysis report: one requirement of the tender (资格要求) held against the
 * enterprise facts the user entered — its certificates (name, level, expiry), its staff (titles and practising
 * certificates) and its projects (years, count). Only what the facts decide is decided; everything else (商业信誉,
 * 纳税记录, 联合体 …) is 「需人工确认」, and so is a certificate whose level the user did not write down.
 *
 * Dates are calendar days in Asia/Shanghai (`YYYY-MM-DD`); a certificate is valid through its expiry day.
 */
import { shanghaiToday, type ReportCheckState } from '@btz/shared';
import { halfWidth } from '../text/normalise.js';
import { parseCnSmall } from '../text/numerals.js';
import { pairsFoundIn } from '../text/ngrams.js';

/** The enterprise facts the report reads (the writer's `EnterpriseFacts` fits; lapsed certificates should be kept). */
export interface ReportEnterprise {
  name?: string;
  creditCode?: string;
  qualifications?: { name: string; number?: string; expiry?: string }[];
  staff?: { name: string; role?: string; title?: string; certificate?: string }[];
  projects?: { name: string; client?: string; year?: number | string; amount?: number | string }[];
}

/** What a requirement asks for: a certificate, a person, projects done, or something the facts cannot show. */
export type RequirementKind = 'certificate' | 'staff' | 'project' | 'other';

export interface CheckResult {
  state: ReportCheckState;
  kind: RequirementKind;
  /** why, in Chinese: what matched (「ITSS 二级（有效期至 2028-06-30）」) or what is missing */
  basis: string;
}

export interface CheckDates {
  /** the bid deadline's day, null when the tender states none */
  deadline: string | null;
  /** today */
  today: string;
}

const PERMANENT = '长期有效';

/** Full-width letters, digits and brackets to half-width, whitespace out, ASCII lower-cased: how names are compared. */
export function normalize(s: string): string {
  return halfWidth(s).replace(/\s+/g, '').toLowerCase();
}

// ---------------------------------------------------------------------------------------------------------------- levels

const LEVEL_RE = /(特|[一二三四五六]|[1-6]|[甲乙丙丁])\s*级/;
const LEVEL_RANK: Record<string, number> = { 特: 0, 一: 1, 1: 1, 甲: 1, 二: 2, 2: 2, 乙: 2, 三: 3, 3: 3, 丙: 3, 四: 4, 4: 4, 丁: 4, 五: 5, 5: 5, 六: 6, 6: 6 };

/** The grade a text states (特级 0, 一级/甲级 1, 二级/乙级 2 …; lower is better), null when none. */
export function levelOf(text: string): { rank: number; text: string } | null {
  const m = LEVEL_RE.exec(normalize(text).replace(/(?:等级保护|等保)[^，,；;。]{0,6}/g, ''));
  return m ? { rank: LEVEL_RANK[m[1]!]!, text: m[0] } : null;
}

// ---------------------------------------------------------------------------------------------------------------- certificates

/** Scheme codes that name a certificate by themselves (ISO 9001, ITSS, CMMI …). */
const CODE_RE = /iso\/?iec?\d{4,5}|iso\d{4,5}|ohsas\d{4,5}|gb\/t\d{4,5}|itss|cmmi|ccrc|cs\d|dcmm/g;
/** Words every certificate name carries: left out when a name is compared. */
const GENERIC_RE = /证书|资质证书|资质|认证证书|认证|证明|体系|有效|复印件|副本|原件|符合性|标准|企业|等级|及以上|以上|[（）()【】[\]《》<>“”"'、，,.。；;：:\-—/]/g;

function codesOf(text: string): string[] {
  return [...new Set(normalize(text).replace(/iso\/iec/g, 'iso').match(CODE_RE) ?? [])];
}

/** A certificate name without its grade, scheme codes and generic words: what must appear in the requirement. */
function coreOf(name: string): string {
  return normalize(name).replace(/iso\/iec/g, 'iso').replace(CODE_RE, '').replace(new RegExp(LEVEL_RE.source, 'g'), '').replace(GENERIC_RE, '');
}

/** Does the requirement name this certificate? By a shared scheme code, else by its core name (whole, or most of it). */
export function namesCertificate(requirement: string, certificate: string): boolean {
  const req = normalize(requirement).replace(/iso\/iec/g, 'iso');
  const codes = codesOf(certificate);
  if (codes.length && codes.some((c) => req.includes(c))) return true;
  // a requirement naming schemes by code names them so; one naming them by words (「质量管理体系认证」) is read by the words
  if (codes.length && codesOf(requirement).length) return false;
  const core = coreOf(certificate);
  if (core.length < 2) return false;
  if (req.includes(core)) return true;
  if (core.length < 4) return false;
  // most of the name, with a run of four characters in common (「施工总承包」 in 建筑业…施工总承包 / 建筑工程施工总承包)
  return pairsFoundIn(core, req) >= 0.6 && longestCommon(core, req) >= 4;
}

function longestCommon(a: string, b: string): number {
  let best = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + best + 1; j <= a.length && b.includes(a.slice(i, j)); j++) best = j - i;
  }
  return best;
}

const CERT_RE = /资质|证书|许可证|许可|认证|执照|备案|登记证|ISO|CMMI|ITSS|CCRC|等级/i;
const LICENCE_ONLY_RE = /营业执照|法人证书|登记证书|执业许可证/;
const STATEMENT_RE =
  /民事责任|商业信誉|财务会计制度|会计制度|依法缴纳|税收|社会保障(?!局|部|厅)|社保|重大违法|违法记录|联合体|失信|信用中国|信用记录|第二十二条|声明|承诺|负责人为同一人|控股|管理关系|中小企业|监狱企业|残疾人|分包|转包|围标|串通/;

function expiryNote(expiry: string | undefined): string {
  return !expiry ? '未填写有效期' : expiry === PERMANENT ? PERMANENT : `有效期至 ${expiry}`;
}

function isDay(s: string | undefined): s is string {
  return !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);
}

function checkCertificates(text: string, ent: ReportEnterprise, dates: CheckDates): CheckResult | null {
  const quals = ent.qualifications ?? [];
  const matched = quals.filter((q) => namesCertificate(text, q.name));
  const wantedCodes = codesOf(text);
  if (!matched.length) return null;
  const missingCodes = wantedCodes.filter((c) => !matched.some((q) => codesOf(q.name).includes(c)));
  const req = levelOf(text);
  const results = matched.map((q): { state: ReportCheckState; basis: string } => {
    const label = `${q.name}（${expiryNote(q.expiry)}）`;
    const have = levelOf(q.name);
    if (req && !have) return { state: 'manual', basis: `${label}：证书名称未写明等级，要求${req.text}及以上` };
    if (req && have && have.rank > req.rank) return { state: 'missing', basis: `${label}：等级为${have.text}，要求${req.text}及以上` };
    if (isDay(q.expiry) && q.expiry < dates.today) return { state: 'missing', basis: `${label}：已过期，需续期后方可投标` };
    if (isDay(q.expiry) && dates.deadline && q.expiry < dates.deadline)
      return { state: 'expiring', basis: `${label}：早于投标截止日 ${dates.deadline} 到期，请及时续期` };
    return { state: 'held', basis: q.expiry ? label : `${label}，请核对有效期` };
  });
  if (missingCodes.length) {
    results.push({ state: 'missing', basis: `企业资质中未找到 ${missingCodes.map((c) => c.toUpperCase()).join('、')}` });
  }
  // several certificates named in one requirement: the requirement stands as its weakest part
  const order: ReportCheckState[] = ['missing', 'expiring', 'manual', 'held'];
  const state = order.find((s) => results.some((r) => r.state === s))!;
  return { state, kind: 'certificate', basis: results.map((r) => r.basis).join('；') };
}

// ---------------------------------------------------------------------------------------------------------------- staff

const STAFF_RE = /项目经理|项目负责人|技术负责人|负责人|建造师|工程师|职称|人员|注册|执业资格|项目管理师|造价师|安全员|持证/;
/** Titles and practising certificates a requirement may ask a person to hold. */
const PERSON_CERT_RE =
  /(?:[一二]级)?注册[\u4e00-\u9fa5]{0,8}?(?:建造师|工程师|造价师|建筑师|会计师)|[一二]级建造师|建造师|(?:高级|中级|初级)(?:及以上)?(?:工程师|职称|经济师|会计师)|[\u4e00-\u9fa5]{0,6}项目管理师|PMP|造价工程师|监理工程师|安全员|安全生产考核合格证/gi;
const TITLE_RANK: Record<string, number> = { 高级: 1, 中级: 2, 初级: 3 };

function personCerts(text: string): string[] {
  return [...new Set(normalize(text).toUpperCase().match(PERSON_CERT_RE) ?? [])].map((s) => s.replace('及以上', ''));
}

/** Does one person's role, title and certificate satisfy a wanted title / certificate (with grades: 高级 ≥ 中级, 一级 ≥ 二级)? */
function personHas(person: NonNullable<ReportEnterprise['staff']>[number], wanted: string): boolean {
  const own = normalize([person.title, person.certificate, person.role].filter(Boolean).join(' ')).toUpperCase();
  const tierOf = (s: string) => /^(高级|中级|初级)/.exec(s)?.[1];
  const tier = tierOf(wanted);
  if (tier) {
    const kind = wanted.slice(2) === '职称' ? '' : wanted.slice(2);
    return Object.entries(TITLE_RANK).some(([t, rank]) => rank <= TITLE_RANK[tier]! && own.includes(t + kind));
  }
  const grade = /^([一二])级/.exec(wanted)?.[1];
  if (grade) {
    const base = wanted.slice(2);
    return own.includes(`一级${base}`) || (grade === '二' && own.includes(`二级${base}`));
  }
  return own.includes(wanted.toUpperCase());
}

function checkStaff(text: string, ent: ReportEnterprise): CheckResult | null {
  const wanted = personCerts(text);
  if (!wanted.length) return null;
  const staff = ent.staff ?? [];
  if (!staff.length) return { state: 'manual', kind: 'staff', basis: `尚未填写主要人员，要求：${wanted.join('、')}` };
  const found: string[] = [];
  const lacking: string[] = [];
  for (const w of wanted) {
    const who = staff.filter((p) => personHas(p, w));
    if (who.length) found.push(`${w}：${who.map((p) => [p.name, p.role, p.title, p.certificate].filter(Boolean).join(' ')).join('、')}`);
    else lacking.push(w);
  }
  if (lacking.length) return { state: 'missing', kind: 'staff', basis: `主要人员中未找到${lacking.join('、')}${found.length ? `；${found.join('；')}` : ''}` };
  return { state: 'held', kind: 'staff', basis: found.join('；') };
}

// ---------------------------------------------------------------------------------------------------------------- projects

const PROJECT_RE = /业绩|类似项目|同类项目|成功案例/;
const num = (s: string) => parseCnSmall(s) ?? 1;

function yearOf(y: number | string | undefined): number | null {
  const m = /(19|20)\d{2}/.exec(String(y ?? ''));
  return m ? Number(m[0]) : null;
}

function checkProjects(text: string, ent: ReportEnterprise, dates: CheckDates): CheckResult {
  const t = normalize(text);
  const count = num(/(?:不少于|至少|不低于|≥)(\d+|[一两二三四五六七八九十])[个项份]/.exec(t)?.[1] ?? '1');
  const span = /近(\d+|[一两二三四五六七八九十])[个]?(?:年|年度)/.exec(t);
  const projects = ent.projects ?? [];
  if (!projects.length) return { state: 'manual', kind: 'project', basis: `尚未填写类似业绩，要求不少于 ${count} 项` };
  const thisYear = Number((dates.deadline ?? dates.today).slice(0, 4));
  const from = span ? thisYear - num(span[1]!) : null;
  const inSpan = projects.filter((p) => {
    const y = yearOf(p.year);
    return from === null || y === null || y >= from;
  });
  const list = (ps: typeof projects) => ps.map((p) => (yearOf(p.year) ? `${p.name}（${yearOf(p.year)}）` : p.name)).join('、');
  const window = from === null ? '' : `${from} 年以来`;
  if (inSpan.length >= count) {
    return { state: 'held', kind: 'project', basis: `${window}业绩 ${inSpan.length} 项：${list(inSpan)}（是否属于同类项目请人工核对）` };
  }
  return {
    state: 'missing',
    kind: 'project',
    basis: `${window}业绩 ${inSpan.length} 项，要求不少于 ${count} 项${inSpan.length ? `：${list(inSpan)}` : ''}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------- one requirement

/** How one requirement stands: a certificate the user holds, a person, projects — or a manual check. */
export function checkRequirement(text: string, ent: ReportEnterprise, dates: CheckDates): CheckResult {
  const cert = checkCertificates(text, ent, dates);
  if (cert) return cert;
  const isCert = CERT_RE.test(text);
  const staff = STAFF_RE.test(text) ? checkStaff(text, ent) : null;
  if (staff) return staff;
  if (isCert && LICENCE_ONLY_RE.test(text) && !/(资质|许可证|认证|ISO|ITSS|CMMI)/i.test(text.replace(LICENCE_ONLY_RE, ''))) {
    return ent.creditCode
      ? { state: 'held', kind: 'certificate', basis: `已填写统一社会信用代码 ${ent.creditCode}` }
      : { state: 'manual', kind: 'certificate', basis: '尚未填写统一社会信用代码，请核对营业执照' };
  }
  // 「缺少」 only for a certificate the requirement names; one named in 《》 counts even beside statement words
  // (人力资源和社会保障局《劳务派遣经营许可证》), a long list of conditions without a named one stays a manual check
  const named = isCert ? certificateNamed(text) : null;
  if (named && (named.quoted || !STATEMENT_RE.test(text))) {
    return (ent.qualifications ?? []).length
      ? { state: 'missing', kind: 'certificate', basis: `企业资质证书中未找到「${named.name}」` }
      : { state: 'manual', kind: 'certificate', basis: `尚未填写企业资质证书（要求「${named.name}」）` };
  }
  if (PROJECT_RE.test(text) && !STATEMENT_RE.test(text)) return checkProjects(text, ent, dates);
  return { state: 'manual', kind: 'other', basis: '无法从企业信息判断，请人工核对' };
}

const CERT_TAIL = '(?:许可证|资质证书|认证证书|证书|资质|认证|执照|登记证|备案证明)';
const QUOTED_CERT = new RegExp(`《([^》]{2,30}?${CERT_TAIL})》`);
const ASKED_CERT = new RegExp(`(?:具有|具备|取得|获得|持有|提供|通过)(?:有效的?|相应的?|合法的?|国家)?([\\u4e00-\\u9fa5A-Za-z0-9（）()/]{2,30}?${CERT_TAIL})`);

/** The certificate a requirement names (《劳务派遣经营许可证》, 具有…安全生产许可证), null when it names none. */
export function certificateNamed(text: string): { name: string; quoted: boolean } | null {
  const q = QUOTED_CERT.exec(text);
  if (q) return { name: q[1]!, quoted: true };
  const a = ASKED_CERT.exec(text);
  return a && a[1]!.length >= 4 ? { name: a[1]!, quoted: false } : null;
}

/** A deadline value (`YYYY-MM-DD HH:mm` or `YYYY-MM-DD`) as its day, null when it is none. */
export function deadlineDay(value: string | null | undefined): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '');
  return m ? m[1]! : null;
}

/** Today in Asia/Shanghai as `YYYY-MM-DD` (the shared helper). */
export { shanghaiToday as shanghaiDay };

/** A data-bank document as the report reads it (the engine's databank BankDoc fits). */
export interface ReportBankDoc {
  type: string;
  name: string;
  number: string | null;
  expiry: string | null;
  person: string | null;
  client: string | null;
  year: number | null;
  amount: number | null;
}

/**
 * The enterprise facts completed from the data bank for the report: certificates (资质证书, ISO 认证, 信用报告) with their
 * expiry — lapsed ones kept, so the checklist says 「已过期」 rather than 「缺少」 — the people of 人员证书 with their
 * certificate, and the projects of 业绩合同. What the user typed in wins where both name the same thing.
 */
export function withBankEvidence(ent: ReportEnterprise, docs: readonly ReportBankDoc[]): ReportEnterprise {
  const norm = (s: string) => s.replace(/\s+/g, '');
  const out: ReportEnterprise = { ...ent, qualifications: [...(ent.qualifications ?? [])], staff: [...(ent.staff ?? [])], projects: [...(ent.projects ?? [])] };
  for (const d of docs) {
    if (d.type === '业绩合同') {
      if (!out.projects!.some((p) => norm(p.name) === norm(d.name)))
        out.projects!.push({ name: d.name, ...(d.client ? { client: d.client } : {}), ...(d.year != null ? { year: d.year } : {}), ...(d.amount != null ? { amount: d.amount } : {}) });
    } else if (d.type === '人员证书' && d.person) {
      if (!out.staff!.some((s) => norm(s.name) === norm(d.person!) && norm(s.certificate ?? '') === norm(d.name))) out.staff!.push({ name: d.person, certificate: d.name });
    } else if (['资质证书', 'ISO 认证', '信用报告'].includes(d.type)) {
      if (!out.qualifications!.some((q) => norm(q.name) === norm(d.name)))
        out.qualifications!.push({ name: d.name, ...(d.number ? { number: d.number } : {}), ...(d.expiry ? { expiry: d.expiry } : {}) });
    }
  }
  return out;
}
