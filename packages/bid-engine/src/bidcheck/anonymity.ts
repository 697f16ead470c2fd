import type { AnonymityRules, BidCheckFinding, BidCheckSeverity } from '@btz/shared';
import { STANDARD_FACES, fontFace, type FormatScan, type FormatUse } from './format.js';

/**
 * The 暗标 compliance check (issue 15): a bid's text and format against the tender's 暗标 rules (card.anonymity) and the
 * bidder's own facts. Text: the bidder's name (full and short), its people, phones, addresses, certificate numbers, any
 * phone number or e-mail, other company names; format (format.ts): headers and footers, colours, fonts, sizes, line
 * spacing, paper, margins, page count, pictures, document properties and reviewers. Each finding has its page (or
 * section, for a bid written here) and a fix. Pure: no I/O.
 */

export interface BidderIdentity {
  name?: string;
  legalRep?: string;
  address?: string;
  creditCode?: string;
  /** staff, contacts */
  people: string[];
  phones: string[];
  /** certificate / licence numbers */
  numbers: string[];
}

/** A piece of text to search: a page of a file, or a section of a bid written here. */
export interface TextUnit {
  page: number | null;
  nodeId?: string | null;
  /** a bid written here: the section's title */
  section?: string;
  text: string;
}

export interface AnonymityInput {
  rules: AnonymityRules | null | undefined;
  units: TextUnit[];
  format?: FormatScan | null;
  /** the model's header / footer furniture (PDF: the only source of them) */
  furniture?: { kind: 'header' | 'footer'; page: number; text: string }[];
  pageCount: number;
  bidder: BidderIdentity;
  /** names the tender itself uses (purchaser, agency, project): never the bidder's */
  tenderNames?: (string | null | undefined)[];
  /** findings found elsewhere (a written bid's marks and settings), sorted in with these */
  extra?: Omit<BidCheckFinding, 'id'>[];
}

/** The rules used when the tender states none: what every 暗标 forbids. */
export const DEFAULT_ANONYMITY_RULES: AnonymityRules = { required: true, scope: '', clauses: [], format: { blackText: true, noHeaderFooter: true } };

/** At most this many findings per kind of text hit (the rest are counted in the last one's pages). */
const PER_TERM_PAGES = 30;

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The short forms of a company name: without its legal form, and without a leading place name. */
export function shortNames(name: string): string[] {
  const n = name.replace(/[（(][^）)]*[）)]/g, '').trim();
  const out = new Set<string>([n]);
  const core = n.replace(/(?:股份有限公司|有限责任公司|有限公司|集团公司|集团|公司|研究院|设计院)$/, '');
  if (core.length >= 4) out.add(core);
  const noPlace = core.replace(/^[\u4e00-\u9fa5]{2,3}?(?:省|市|自治区|区|县)/, '').replace(/^(?:北京|上海|天津|重庆|江苏|浙江|广东|山东|河南|河北|湖南|湖北|四川|福建|安徽|江西|辽宁|吉林|黑龙江|陕西|山西|云南|贵州|广西|甘肃|海南|宁夏|青海|新疆|西藏|内蒙古|深圳|广州|杭州|南京|苏州|武汉|成都|西安|厦门|宁波|青岛|大连)/, '');
  if (noPlace.length >= 4 && noPlace !== core) out.add(noPlace);
  return [...out].filter((x) => x.length >= 2).sort((a, b) => b.length - a.length);
}

const digits = (s: string) => s.replace(/\D/g, '');

const PHONE_RE = /(?<![\d-])(?:1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})(?![\d-])/g;
const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
const URL_RE = /(?:https?:\/\/|www\.)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const COMPANY_RE = /[\u4e00-\u9fa5A-Za-z0-9（）()]{2,24}?(?:股份有限公司|有限责任公司|有限公司|集团公司)/g;
const LEADING = /^(?:按照|根据|依照|我方|我公司|本公司|贵公司|该公司|投标人|供应商|合作单位|分包单位|原厂|厂家|制造商|单位|委托|授权|由|与|和|向|为|在|对|是|及|经|被|给|将|从|同)+/;

function context(text: string, at: number, len: number): string {
  const from = Math.max(0, at - 12);
  const to = Math.min(text.length, at + len + 12);
  return text.slice(from, to).replace(/\s+/g, ' ').trim();
}

interface Hit {
  rule: string;
  severity: BidCheckSeverity;
  term: string;
  message: (n: number) => string;
  fix: string;
  fixable: boolean;
}

/** Hits of one term over the units: one finding per unit (page or section) up to PER_TERM_PAGES, grouped by term. */
function searchTerm(units: TextUnit[], re: RegExp, hit: Omit<Hit, 'term'>, out: Omit<BidCheckFinding, 'id'>[], seen: Set<string>): void {
  const byTerm = new Map<string, { unit: TextUnit; at: number; term: string }[]>();
  for (const u of units) {
    for (const m of u.text.matchAll(re)) {
      const term = m[0];
      const key = `${hit.rule}|${digits(term).length >= 7 ? digits(term) : term}|${u.nodeId ?? u.page}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = byTerm.get(term) ?? [];
      list.push({ unit: u, at: m.index, term });
      byTerm.set(term, list);
    }
  }
  for (const [term, list] of byTerm) {
    const shown = list.slice(0, PER_TERM_PAGES);
    for (const h of shown) {
      out.push({
        rule: hit.rule,
        severity: hit.severity,
        page: h.unit.page,
        ...(h.unit.nodeId !== undefined ? { nodeId: h.unit.nodeId } : {}),
        ...(h.unit.section ? { section: h.unit.section } : {}),
        excerpt: context(h.unit.text, h.at, term.length),
        message: hit.message(list.length).replace('{t}', term),
        fix: hit.fix,
        fixable: hit.fixable,
      });
    }
  }
}

const FACE_LABEL = (f: string) => f;

function share(u: FormatUse, total: number): boolean {
  return u.chars >= 20 && u.chars >= total * 0.03;
}

function formatFinding(rule: string, severity: BidCheckSeverity, u: FormatUse, message: string, fix: string): Omit<BidCheckFinding, 'id'> {
  const pages = [...new Set(u.spots.map((s) => s.page))];
  return {
    rule,
    severity,
    page: pages[0] ?? null,
    ...(pages.length > 1 ? { pages: pages.slice(1) } : {}),
    ...(u.spots[0]?.excerpt ? { excerpt: u.spots[0].excerpt } : {}),
    message,
    fix,
  };
}

const near = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol;

/** The 暗标 findings of a bid (ordered by severity, then page), ids f1… */
export function checkAnonymity(input: AnonymityInput): BidCheckFinding[] {
  const rules = input.rules?.required ? input.rules : { ...DEFAULT_ANONYMITY_RULES, ...(input.rules ? { format: { ...DEFAULT_ANONYMITY_RULES.format, ...input.rules.format }, clauses: input.rules.clauses } : {}) };
  const fmt = rules.format;
  const out: Omit<BidCheckFinding, 'id'>[] = [];
  const seen = new Set<string>();
  const { bidder, units } = input;
  const tenderNames = (input.tenderNames ?? []).filter((n): n is string => !!n && n.trim().length >= 2);

  // --- text: the bidder's own identity
  const names = bidder.name ? shortNames(bidder.name) : [];
  if (names.length) {
    searchTerm(units, new RegExp(names.map(esc).join('|'), 'g'), {
      rule: 'bidder-name',
      severity: 'high',
      message: (n) => `出现投标人名称「{t}」${n > 1 ? `（共 ${n} 处）` : ''}，暗标中不得出现投标人名称或简称`,
      fix: '删除名称，或改为「投标人」「我方」',
      fixable: true,
    }, out, seen);
  }
  const people = [...new Set([bidder.legalRep, ...bidder.people].filter((p): p is string => !!p && /^[\u4e00-\u9fa5·]{2,6}$/.test(p.trim())).map((p) => p.trim()))];
  if (people.length) {
    searchTerm(units, new RegExp(people.map(esc).join('|'), 'g'), {
      rule: 'person',
      severity: 'high',
      message: () => '出现人员姓名「{t}」，暗标中不得出现投标人人员的姓名',
      fix: '删除姓名，改写为岗位称谓（如「项目负责人」）',
      fixable: true,
    }, out, seen);
  }
  const phones = [...new Set(bidder.phones.map(digits).filter((p) => p.length >= 7))];
  searchTerm(units, PHONE_RE, {
    rule: 'phone',
    severity: 'high',
    message: () => `出现电话号码「{t}」，暗标中不得出现联系方式`,
    fix: '删除电话号码',
    fixable: true,
  }, out, seen);
  if (phones.length) {
    // the bidder's own numbers written with spaces or other separators
    const loose = new RegExp(phones.map((p) => p.split('').map(esc).join('[\\s-]?')).join('|'), 'g');
    searchTerm(units, loose, { rule: 'phone', severity: 'high', message: () => '出现投标人的联系电话「{t}」', fix: '删除电话号码', fixable: true }, out, seen);
  }
  searchTerm(units, EMAIL_RE, { rule: 'contact', severity: 'high', message: () => '出现电子邮箱「{t}」，暗标中不得出现联系方式', fix: '删除邮箱地址', fixable: true }, out, seen);
  searchTerm(units, URL_RE, { rule: 'contact', severity: 'high', message: () => '出现网址「{t}」，可能识别投标人', fix: '删除网址', fixable: true }, out, seen);
  if (bidder.address && bidder.address.trim().length >= 6) {
    searchTerm(units, new RegExp(esc(bidder.address.trim()), 'g'), { rule: 'contact', severity: 'high', message: () => '出现投标人地址「{t}」', fix: '删除地址', fixable: true }, out, seen);
  }
  const numbers = [...new Set([bidder.creditCode, ...bidder.numbers].filter((n): n is string => !!n && n.trim().length >= 6).map((n) => n.trim()))];
  if (numbers.length) {
    searchTerm(units, new RegExp(numbers.map(esc).join('|'), 'g'), { rule: 'number', severity: 'high', message: () => '出现投标人的证照编号「{t}」，可识别投标人身份', fix: '删除编号（资质证明应放在商务标中）', fixable: true }, out, seen);
  }
  // other company names: a partner, a manufacturer, a past client may still identify the bidder
  for (const u of units) {
    for (const m of u.text.matchAll(COMPANY_RE)) {
      const name = m[0].replace(LEADING, '');
      if (name.length < 6 || /^(?:我|本|贵|该|其|各|子|分|母|总)?(?:股份有限公司|有限责任公司|有限公司|集团公司)$/.test(name)) continue;
      if (names.some((n) => name.includes(n) || n.includes(name))) continue;
      if (tenderNames.some((t) => t.includes(name) || name.includes(t))) continue;
      const key = `company|${name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        rule: 'company',
        severity: 'medium',
        page: u.page,
        ...(u.nodeId !== undefined ? { nodeId: u.nodeId } : {}),
        ...(u.section ? { section: u.section } : {}),
        excerpt: context(u.text, m.index + (m[0].length - name.length), name.length),
        message: `出现单位名称「${name}」，暗标中可能据此识别投标人（如合作单位、业绩单位）`,
        fix: '确认后删除或改为泛称（如「某单位」）',
        fixable: false,
      });
    }
  }

  // --- format
  const scan = input.format;
  const hf = scan?.type === 'docx' ? scan.headersFooters : (input.furniture ?? []).map((f) => ({ kind: f.kind, text: f.text, images: 0, page: f.page }));
  const hfSeen = new Set<string>();
  for (const p of hf) {
    const text = p.text.replace(/\s+/g, ' ').trim();
    // a page number alone is no identity
    if (!p.images && (!text || /^[第页共\s\d\-—–/|,，.·()（）of]*$/i.test(text))) continue;
    const key = `${p.kind}|${text}|${p.images}`;
    if (hfSeen.has(key)) continue;
    hfSeen.add(key);
    const what = p.kind === 'header' ? '页眉' : '页脚';
    out.push({
      rule: 'header-footer',
      severity: fmt.noHeaderFooter ? 'high' : 'low',
      page: p.page,
      ...(text ? { excerpt: text.slice(0, 60) } : {}),
      message: `${what}有内容${text ? `「${text.slice(0, 40)}」` : ''}${p.images ? `（含 ${p.images} 张图片，可能是标志）` : ''}${fmt.noHeaderFooter ? '，暗标不得设置页眉页脚' : ''}`,
      fix: `删除${what}内容（页码除外）`,
      fixable: false,
    });
  }
  if (scan) {
    for (const c of scan.colours) {
      const hl = c.value.startsWith('highlight:');
      out.push(formatFinding('colour', fmt.blackText ? 'high' : 'medium', c, `${hl ? '文字有突出显示（底色）' : `使用了彩色文字（#${c.value}）`}，约 ${c.chars} 字；暗标正文应统一为黑色`, hl ? '取消突出显示' : '将文字颜色改为黑色（自动）'));
    }
    const total = scan.fonts.reduce((a, f) => a + f.chars, 0);
    const want = fmt.font ? fontFace(fmt.font) : null;
    for (const f of scan.fonts) {
      if (!share(f, total)) continue;
      if (want) {
        if (f.value === want || !/[\u4e00-\u9fa5]/.test(want) !== !/[\u4e00-\u9fa5]/.test(f.value)) continue;
        // Latin faces (Times New Roman) for digits and letters beside a Chinese rule are fine
        if (['Times New Roman', 'Arial', 'Calibri', 'Cambria', 'Symbol', 'Wingdings'].includes(f.value)) continue;
        out.push(formatFinding('font', 'medium', f, `正文使用了「${FACE_LABEL(f.value)}」字体（约 ${f.chars} 字），招标文件要求${fmt.font}`, `将正文字体改为${fmt.font}`));
      } else if (!STANDARD_FACES.has(f.value)) {
        out.push(formatFinding('font', 'medium', f, `正文使用了非常用字体「${f.value}」（约 ${f.chars} 字），特殊字体可能被视为识别标记`, '改为宋体、仿宋等常用字体'));
      }
    }
    if (fmt.sizePt) {
      const totalS = scan.sizes.reduce((a, s) => a + s.chars, 0);
      const tol = scan.type === 'pdf' ? 0.6 : 0.01;
      for (const s of scan.sizes) {
        if (!share(s, totalS) || near(Number(s.value), fmt.sizePt, tol)) continue;
        // PDF items carry headings and tables too: only sizes close to the body's are deviations there
        if (scan.type === 'pdf' && Number(s.value) > fmt.sizePt + 4) continue;
        out.push(formatFinding('size', 'medium', s, `正文字号 ${s.value} 磅（约 ${s.chars} 字），招标文件要求${fmt.sizeName}（${fmt.sizePt} 磅）`, `将正文字号改为${fmt.sizeName}`));
      }
    }
    if (fmt.lineSpacing && scan.spacings.length) {
      const want2 = fmt.lineSpacing.exactPt !== undefined ? `pt${fmt.lineSpacing.exactPt}` : `x${fmt.lineSpacing.multiple}`;
      const totalL = scan.spacings.reduce((a, s) => a + s.chars, 0);
      for (const s of scan.spacings) {
        if (s.value === want2 || !share(s, totalL)) continue;
        const label = s.value.startsWith('pt') ? `固定值 ${s.value.slice(2)} 磅` : `${s.value.slice(1)} 倍`;
        out.push(formatFinding('spacing', 'medium', s, `正文行距为${label}（约 ${s.chars} 字），招标文件要求${fmt.lineSpacing.text}`, `将正文行距改为${fmt.lineSpacing.text}`));
      }
    }
    const paper = fmt.paper ?? null;
    const sizesSeen = new Set<string>();
    for (const s of scan.pageSetups) {
      const key = `${s.widthCm}x${s.heightCm}`;
      if (sizesSeen.has(key)) continue;
      sizesSeen.add(key);
      const a4 = (near(s.widthCm, 21, 0.3) && near(s.heightCm, 29.7, 0.3)) || (near(s.widthCm, 29.7, 0.3) && near(s.heightCm, 21, 0.3));
      const a3 = (near(s.widthCm, 29.7, 0.3) && near(s.heightCm, 42, 0.3)) || (near(s.widthCm, 42, 0.3) && near(s.heightCm, 29.7, 0.3));
      if ((paper === 'A4' && !a4) || (paper === 'A3' && !a3) || (!paper && !a4 && !a3)) {
        out.push({ rule: 'page-size', severity: 'medium', page: s.page, message: `第 ${s.page} 页起纸张为 ${s.widthCm}×${s.heightCm} 厘米，${paper ? `招标文件要求 ${paper}` : '不是标准 A4/A3 纸张'}`, fix: `将页面设置改为 ${paper ?? 'A4'}` });
      }
      if (fmt.marginCm !== undefined && s.margins) {
        const m = s.margins;
        const off = (['top', 'bottom', 'left', 'right'] as const).filter((k) => !near(m[k], fmt.marginCm!, 0.15));
        if (off.length) {
          const names = { top: '上', bottom: '下', left: '左', right: '右' };
          out.push({ rule: 'margin', severity: 'medium', page: s.page, message: `页边距${off.map((k) => `${names[k]} ${m[k]}`).join('、')} 厘米，招标文件要求 ${fmt.marginCm} 厘米`, fix: `将页边距改为 ${fmt.marginCm} 厘米` });
        }
      }
    }
    if (scan.type === 'docx' && fmt.marginCm === undefined) {
      const distinct = new Set(scan.pageSetups.filter((s) => s.margins).map((s) => JSON.stringify(s.margins)));
      if (distinct.size > 1) out.push({ rule: 'margin', severity: 'low', page: null, message: `文件各节的页边距不一致（${distinct.size} 种），版式差异可能被视为标记`, fix: '统一各节的页边距' });
    }
    if (scan.images.length) {
      const pages = [...new Set(scan.images.map((i) => i.page))];
      out.push({
        rule: 'image',
        severity: 'low',
        page: pages[0]!,
        ...(pages.length > 1 ? { pages: pages.slice(1, 50) } : {}),
        message: `文件中有 ${scan.images.length} 张图片，请逐一确认其中没有投标人标志、人员照片、水印等可识别信息`,
        fix: '删除或替换含标志、照片、水印的图片',
      });
    }
    for (const p of scan.properties) {
      out.push({ rule: 'metadata', severity: 'medium', page: null, excerpt: p.value, message: `文档属性「${p.name}」为「${p.value}」，电子标中可据此识别投标人`, fix: '用「元数据清除」工具清除文档属性后再提交' });
    }
    if (scan.reviewers.length) {
      out.push({ rule: 'reviewer', severity: 'medium', page: null, excerpt: scan.reviewers.slice(0, 5).join('、'), message: `文件含批注或修订记录，作者为「${scan.reviewers.slice(0, 5).join('、')}」`, fix: '接受全部修订并删除批注' });
    }
  }
  if (fmt.maxPages && input.pageCount > fmt.maxPages) {
    out.push({ rule: 'page-count', severity: 'high', page: null, message: `共 ${input.pageCount} 页，超过招标文件规定的 ${fmt.maxPages} 页`, fix: `精简内容至 ${fmt.maxPages} 页以内` });
  }

  out.push(...(input.extra ?? []));
  const rank: Record<BidCheckSeverity, number> = { high: 0, medium: 1, low: 2 };
  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank[a.f.severity] - rank[b.f.severity] || (a.f.page ?? 0) - (b.f.page ?? 0) || a.i - b.i)
    .map(({ f }, n) => ({ id: `f${n + 1}`, ...f }));
}
