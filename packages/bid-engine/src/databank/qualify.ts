/**
 * Qualification chapters from the data bank (issue 14, 资料库): which kinds of document a section of the bid shows
 * (营业执照, 资质证书, ISO 认证, 人员证书, 业绩合同, 财务报表, 纳税/社保证明, 信用报告), and the section content built from the
 * owner's documents — a table of certificates (名称, 编号, 发证机关, 有效期至), the performance table of the 业绩合同
 * (项目名称, 客户, 年份, 合同金额) and each document's picture with its caption (图 n …). Pure: no database, no HTTP; the
 * pictures are image nodes referring to the stored file by URL (`/api/btz/databank/file?id=…`, like the picture
 * library's), resolved by the export from the owner's data bank.
 */
import type { BidOutlineNode, DataDocType, TenderCard } from '@btz/shared';
import type { EditorBlock, EditorParagraph, EditorTableRow } from '@btz/shared/editor';
import { detectKind, type SectionKind } from '../writer/kinds.js';
import { requirementsFor, rowsFor } from '../writer/points.js';
import type { EnterpriseFacts } from '../writer/offline/context.js';

/** Words that name each type of document, in the order the types are shown. */
export const DOC_TYPE_RULES: readonly [DataDocType, RegExp][] = [
  ['营业执照', /营业执照|统一社会信用代码证|法人登记证|注册登记|依法注册|独立承担民事责任|法人资格/],
  ['资质证书', /资质|许可证/],
  ['ISO 认证', /ISO\s*\d*|体系认证|管理体系|认证证书|CMMI|ITSS|信息安全管理/i],
  ['人员证书', /项目负责人|项目经理|技术负责人|人员证书|人员资格|职称|建造师|注册[\u4e00-\u9fff]{0,6}师|执业资格|持证|上岗证/],
  ['业绩合同', /业绩|类似项目|同类项目|项目案例|成功案例/],
  ['财务报表', /财务|审计报告|资产负债/],
  ['纳税证明', /纳税|税收|缴税|完税/],
  ['社保证明', /社保|社会保险|社会保障/],
  ['信用报告', /(?<!社会)信用(?!代码)|失信|重大违法记录|信誉/],
];

/** The kinds of section (writer/kinds.ts) that show documents: qualification, evidence and staffing sections. */
export const EVIDENCE_KINDS: ReadonlySet<SectionKind> = new Set(['qualification', 'qualificationForm', 'performance', 'honor', 'staffing']);

/** A title that asks for the qualification evidence as a whole (「资格证明文件」): the tender's qualification clauses say which. */
const GENERIC_QUALIFICATION = /资格证明|资格审查|资格文件|资信证明|资格性/;
/** The bid's qualification part (「资格证明文件」「资信部分」): home of a required type no section names. */
const QUALIFICATION_PART = /资格|资信/;

/** The document types a text names, in DOC_TYPE_RULES order. */
export function docTypesOfText(text: string): DataDocType[] {
  return DOC_TYPE_RULES.filter(([, re]) => re.test(text)).map(([t]) => t);
}

export interface SectionMatchInput {
  title: string;
  /** Titles above the section, outermost first. */
  parentTitles: string[];
  /** The scoring rows the section answers (item and criteria). */
  scoring: { item: string; criteria: string }[];
  /** The tender's requirement items and qualification clauses that belong to the section. */
  requirements: string[];
  /** The section's kind (writer/kinds.ts); sections of other kinds than EVIDENCE_KINDS show no documents. */
  kind: SectionKind;
}

/**
 * The document types a section shows: its own title first (「营业执照」「ISO9001 质量管理体系认证证书」); else its scoring rows
 * and requirement items; else the nearest parent title. A staffing section shows 人员证书 only when its own title asks
 * for them (「项目负责人资格」), not because its scoring row mentions a 项目经理.
 */
export function sectionDocTypes(input: SectionMatchInput): DataDocType[] {
  if (!EVIDENCE_KINDS.has(input.kind)) return [];
  const own = docTypesOfText(input.title);
  if (own.length || input.kind === 'staffing') return own;
  const fromRows = docTypesOfText([...input.scoring.map((s) => `${s.item}\n${s.criteria}`), ...input.requirements].join('\n'));
  if (fromRows.length) return fromRows;
  for (const t of [...input.parentTitles].reverse()) {
    const hit = docTypesOfText(t);
    if (hit.length) return hit;
  }
  return [];
}

interface LeafRef {
  node: BidOutlineNode;
  parents: string[];
}

function leaves(outline: readonly BidOutlineNode[]): LeafRef[] {
  const out: LeafRef[] = [];
  const walk = (nodes: readonly BidOutlineNode[], parents: string[]) => {
    for (const n of nodes) {
      if (n.children?.length) walk(n.children, [...parents, n.title]);
      else out.push({ node: n, parents });
    }
  };
  walk(outline, []);
  return out;
}

/** The match input of one leaf of the bid's outline (its kind, scoring rows, requirement items, qualification clauses). */
export function matchInputOf(card: TenderCard, outline: BidOutlineNode[], node: BidOutlineNode, parentTitles: string[]): SectionMatchInput {
  const rows = rowsFor(card, node, parentTitles, outline);
  const generic = GENERIC_QUALIFICATION.test(node.title) || (node.mode === 'form' && parentTitles.some((t) => GENERIC_QUALIFICATION.test(t)) && !docTypesOfText(node.title).length);
  return {
    title: node.title,
    parentTitles,
    scoring: rows.map((s) => ({ item: s.item, criteria: s.criteria })),
    requirements: [...requirementsFor(card, node, outline).map((r) => r.text), ...(generic ? card.qualifications.map((c) => c.text) : [])],
    kind: detectKind(node, parentTitles, rows),
  };
}

/**
 * The document types each leaf of the outline shows when it is written, each type in one leaf only: a leaf whose own
 * title names a type takes it first (outline order), then the leaves that match by scoring row, requirement or parent.
 * So 「类似业绩」 with 「业绩一览表」「代表性项目」「证明材料」 below it shows the performance table once. A type the tender
 * requires (requiredDocTypes) that no section asks for goes to the first section of the qualification part.
 */
export function assignDocTypes(card: TenderCard, outline: BidOutlineNode[]): Map<string, DataDocType[]> {
  const all = leaves(outline).map((l) => {
    const input = matchInputOf(card, outline, l.node, l.parents);
    const types = sectionDocTypes(input);
    const home = (input.kind === 'qualificationForm' || input.kind === 'qualification') && [l.node.title, ...l.parents].some((t) => QUALIFICATION_PART.test(t));
    return { id: l.node.id, types, home, own: new Set(EVIDENCE_KINDS.has(input.kind) ? docTypesOfText(l.node.title) : []) };
  });
  const claimed = new Map<DataDocType, string>();
  for (const l of all) for (const t of l.types) if (l.own.has(t) && !claimed.has(t)) claimed.set(t, l.id);
  for (const l of all) for (const t of l.types) if (!claimed.has(t)) claimed.set(t, l.id);
  // a type the tender requires that no section asks for by name goes to the first section of its qualification part
  const home = all.find((l) => l.home);
  const extra = new Map<string, DataDocType[]>();
  if (home) {
    for (const r of requiredDocTypes(card)) {
      if (claimed.has(r.type)) continue;
      claimed.set(r.type, home.id);
      extra.set(home.id, [...(extra.get(home.id) ?? []), r.type]);
    }
  }
  const out = new Map<string, DataDocType[]>();
  for (const l of all) {
    const mine = [...l.types.filter((t) => claimed.get(t) === l.id), ...(extra.get(l.id) ?? [])];
    if (mine.length) out.set(l.id, mine);
  }
  return out;
}

/** The qualification types the tender requires (its qualification clauses and scoring rows), each with the clause asking. */
export function requiredDocTypes(card: TenderCard): { type: DataDocType; text: string }[] {
  const out = new Map<DataDocType, string>();
  for (const c of card.qualifications) for (const t of docTypesOfText(c.text)) if (!out.has(t)) out.set(t, c.text);
  for (const s of card.scoring) {
    if (s.category === 'price') continue;
    for (const t of docTypesOfText(s.item)) if (!out.has(t) && ['业绩合同', 'ISO 认证', '资质证书'].includes(t)) out.set(t, s.item);
  }
  return [...out].map(([type, text]) => ({ type, text }));
}

// ---------------------------------------------------------------------------------------------------------------------
// Content

/** A document of the data bank as the content needs it. */
export interface BankDoc {
  id: string;
  type: DataDocType;
  name: string;
  number: string | null;
  creditCode: string | null;
  issuer: string | null;
  expiry: string | null;
  person: string | null;
  client: string | null;
  year: number | null;
  amount: number | null;
  fileKind: 'pdf' | 'docx' | 'png' | 'jpeg';
  fileName: string;
}

/** The src of a data-bank document's picture in a section. */
export const bankImageSrc = (id: string) => `/api/btz/databank/file?id=${id}`;
/** A data-bank picture's src, and its id. */
export const BANK_IMAGE_SRC = /^\/api\/btz\/databank\/file\?id=(\d{1,40})$/;
/** The data-bank ids a section's document (its JSON) refers to by picture. */
export function bankIdsInDoc(docJson: string): string[] {
  return [...new Set([...docJson.matchAll(/\/api\/btz\/databank\/file\?id=(\d{1,40})/g)].map((m) => m[1]!))];
}

/** The caption of a document's picture (without 「图 n」). */
export function captionOf(d: BankDoc): string {
  switch (d.type) {
    case '营业执照':
      return `营业执照（统一社会信用代码 ${d.creditCode ?? d.number ?? '—'}）`;
    case '人员证书':
      return `${d.person ? `${d.person} ` : ''}${d.name}${d.number ? `（证书编号 ${d.number}）` : ''}`;
    case '业绩合同':
      return `${d.name}${/合同/.test(d.name) ? '' : ' 合同'}${d.client ? `（${d.client}）` : ''}`;
    default:
      return `${d.name}${d.number ? `（证书编号 ${d.number}${d.expiry ? `，有效期至 ${d.expiry}` : ''}）` : d.expiry ? `（有效期至 ${d.expiry}）` : ''}`;
  }
}

const typeOrder = (t: DataDocType) => {
  const i = DOC_TYPE_RULES.findIndex(([x]) => x === t);
  return i < 0 ? 99 : i;
};

const para = (text: string, center = false): EditorParagraph => ({
  type: 'paragraph',
  ...(center ? { attrs: { textAlign: 'center' as const } } : {}),
  ...(text ? { content: [{ type: 'text' as const, text }] } : {}),
});
const boldPara = (text: string): EditorParagraph => ({ type: 'paragraph', content: [{ type: 'text', text, marks: [{ type: 'bold' }] }] });
const tableOf = (head: string[], rows: string[][]): EditorBlock => ({
  type: 'table',
  content: [
    { type: 'tableRow', content: head.map((h) => ({ type: 'tableHeader' as const, content: [para(h)] })) },
    ...rows.map((r): EditorTableRow => ({ type: 'tableRow', content: r.map((c) => ({ type: 'tableCell' as const, content: [para(c)] })) })),
  ],
});

/** An amount in yuan as a bid prints it: 1,280,000.00 元. */
export function yuan(n: number): string {
  return `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;
}

export interface BankContent {
  blocks: EditorBlock[];
  /** The documents shown, in order. */
  used: string[];
  /** Pictures inserted (the next figure number is figureStart + figures). */
  figures: number;
}

/**
 * The section content of the documents of `types` among `docs`: the certificate table, the performance table, then the
 * picture of every PNG/JPEG document with its caption 「图 n …」 (n from `figureStart`); a PDF or Word original is named
 * (its copy is attached by hand). Empty when no document is of those types.
 */
export function bankContent(docs: readonly BankDoc[], types: readonly DataDocType[], figureStart = 1): BankContent {
  const wanted = new Set(types);
  const chosen = docs.filter((d) => wanted.has(d.type)).sort((a, b) => typeOrder(a.type) - typeOrder(b.type) || a.name.localeCompare(b.name, 'zh'));
  if (!chosen.length) return { blocks: [], used: [], figures: 0 };
  const blocks: EditorBlock[] = [boldPara('资料库证明材料')];
  const certs = chosen.filter((d) => d.type !== '业绩合同');
  const contracts = chosen.filter((d) => d.type === '业绩合同');
  if (certs.length) {
    blocks.push(para('本单位相关证照及证书如下表，复印件附后：'));
    blocks.push(
      tableOf(
        ['序号', '名称', '编号', '发证机关', '有效期至'],
        certs.map((d, i) => [String(i + 1), d.type === '人员证书' && d.person ? `${d.name}（${d.person}）` : d.name, d.creditCode ?? d.number ?? '—', d.issuer ?? '—', d.expiry ?? '长期']),
      ),
    );
  }
  if (contracts.length) {
    blocks.push(para('本单位类似项目业绩如下表，合同关键页附后：'));
    blocks.push(
      tableOf(
        ['序号', '项目名称', '客户', '年份', '合同金额'],
        contracts.map((d, i) => [String(i + 1), d.name, d.client ?? '—', d.year != null ? String(d.year) : '—', d.amount != null ? yuan(d.amount) : '—']),
      ),
    );
  }
  let n = figureStart;
  const files: string[] = [];
  for (const d of chosen) {
    if (d.fileKind === 'png' || d.fileKind === 'jpeg') {
      const caption = `图 ${n++} ${captionOf(d)}`;
      blocks.push({ type: "image", attrs: { src: bankImageSrc(d.id), alt: caption, title: caption } });
      blocks.push(para(caption, true));
    } else files.push(`${d.name}（${d.fileName}）`);
  }
  if (files.length) blocks.push(para(`以下证明材料的原件为 PDF 或 Word 文件，复印件附后：${files.join('；')}。`));
  return { blocks, used: chosen.map((d) => d.id), figures: n - figureStart };
}

/**
 * The enterprise facts the writer uses, completed from the data bank: the licence's credit code (and the company's
 * name) when the facts have none, every valid certificate (not expired by `today`) as a qualification, every 业绩合同 as a project — so the
 * writer's own tables (证书名称/编号/有效期, 类似业绩) carry the bank's values instead of 【待填写】 blanks. What the facts
 * already name stays as the user typed it.
 */
export function withBankFacts(ent: EnterpriseFacts, docs: readonly BankDoc[], today: string): EnterpriseFacts {
  const out: EnterpriseFacts = { ...ent, qualifications: [...(ent.qualifications ?? [])], projects: [...(ent.projects ?? [])] };
  const licence = docs.find((d) => d.type === '营业执照' && d.creditCode && !(d.expiry && d.expiry < today));
  if (!out.creditCode && licence) out.creditCode = licence.creditCode!;
  // a licence's name is the company's (the data bank proposes it from the licence's 名称)
  if (!out.name?.trim() && licence && /公司|集团|研究院|事务所|中心|厂/.test(licence.name)) out.name = licence.name;
  const norm = (s: string) => s.replace(/\s+/g, '');
  for (const d of docs) {
    if (d.expiry && d.expiry < today) continue;
    if (d.type === '业绩合同') {
      if (!out.projects!.some((p) => norm(p.name) === norm(d.name)))
        out.projects!.push({ name: d.name, ...(d.client ? { client: d.client } : {}), ...(d.year != null ? { year: d.year } : {}), ...(d.amount != null ? { amount: yuan(d.amount) } : {}) });
    } else if (['资质证书', 'ISO 认证', '信用报告'].includes(d.type) && (d.number || d.expiry)) {
      if (!out.qualifications!.some((q) => norm(q.name) === norm(d.name)))
        out.qualifications!.push({ name: d.name, ...(d.number ? { number: d.number } : {}), ...(d.expiry ? { expiry: d.expiry } : {}) });
    }
  }
  return out;
}
