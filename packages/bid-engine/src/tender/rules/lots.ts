/**
 * Lots (标段 / 包): detection of 第一标段, 一标段, 标段一, 第1包, 包1, 采购包2, 包A…, the lots list, and the lot scope of
 * every line (a lot's section runs from its heading to the next lot heading or the next chapter).
 *
 * A tender has lots only when its procurement is split into two or more 包/标段, and it says so in one of the ways
 * tenders are built: a lot table (a 包号/标段/包件号 column over two or more lots), a statement of the split
 * (「本项目划分为2个标段」), or lot headings and enumerations (「第一标段：办公家具采购」「包1：视频监控设备」) numbered from
 * the first lot on. A 包 in a goods list (「包 6 核桃」: the unit and a quantity), in 承包/分包/打包, or a lone mention is
 * not a lot, and a statement of one lot (「本项目共1个采购包」「不划分标段」) overrules scattered mentions.
 */
import type { TenderLot } from '@btz/shared';
import { tableTexts } from '../../reading/model/table.js';
import type { DocModel } from '../../reading/model/types.js';
import { markerOf, parseCnInt, type FileLines, type Line } from '../text.js';

const N = '一二三四五六七八九十\\d';
/** 包 as a unit or in a word (承包, 分包, 打包, 红包, 药包…), not a lot */
const NOT_LOT_PACKAGE = '承分总打外转发背红面书药提封邮钱茶礼';
/** what follows a number that makes it a quantity, a grade or a date, not a lot */
const NOT_LOT_AFTER = '\\d.％%个件台套项年月日天级层类名人期批次组号条米吨箱袋斤克元';
/**
 * One lot mention; groups 1..5 hold its number (标项 is the Zhejiang word, 「A包」 the Shenzhen one). Groups 4 and 5,
 * 「A包」 and the bare 包N (no space between), are weak on their own: the Shenzhen template's clauses speak of 「A包」「B包」
 * by way of example, and 包 is also a unit.
 */
export const LOT_RE = new RegExp(
  `第\\s*([${N}]{1,3})\\s*(?:标段|合同包|采购包|分包|包件|包组|包|标包|标项)` +
    `|(?<![第${N}A-Za-z])([${N}]{1,3}|[A-H])\\s*标段` +
    `|(?:标段|标包|采购包|合同包|分标|包件|包组|标项)\\s*([${N}]{1,3}|[A-H])(?![${NOT_LOT_AFTER}])` +
    `|(?<![A-Za-z0-9])([A-H])\\s*包(?![装括含件组])` +
    `|(?<![${NOT_LOT_PACKAGE}])包([${N}]{1,3}|[A-H])(?![${NOT_LOT_AFTER}A-Za-z])`,
  'g',
);

export interface LotMention {
  id: string;
  index: number;
  length: number;
  text: string;
  /** a bare 包N: a lot only where the tender otherwise shows it has lots */
  weak?: boolean;
}

export function lotId(raw: string): string {
  if (/^[A-H]$/.test(raw)) return raw;
  const n = parseCnInt(raw);
  return Number.isFinite(n) && n > 0 ? String(n) : raw;
}

export function lotMentions(s: string): LotMention[] {
  const out: LotMention[] = [];
  const re = new RegExp(LOT_RE.source, 'g');
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const raw = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5];
    if (!raw) continue;
    // 「包括」「包装」 never match (no number follows); 「分包」 alone is subcontracting
    out.push({ id: lotId(raw), index: m.index, length: m[0].length, text: m[0], ...(m[4] || m[5] ? { weak: true } : {}) });
  }
  return out;
}

/** The lot a line opens: it starts (after its numbering) with a lot mention. */
function leadingLot(text: string): { mention: LotMention; rest: string; prefixRank: number | null } | null {
  const mk = markerOf(text);
  const body = mk && mk.style !== 'chapter' && mk.style !== 'section' ? text.slice(mk.length) : text;
  const first = lotMentions(body)[0];
  if (!first || first.index !== 0) return null;
  const rest = body.slice(first.length).replace(/^[\s：:、，,.．为是]+/, '').trim();
  // a bare 包N or A包 opens a lot only as a heading: 「包1：视频监控设备」, 「包2（门禁设备）」, or alone on its line
  if (first.weak && rest && !/^[\s]*[：:（(、]/.test(body.slice(first.length))) return null;
  return { mention: first, rest, prefixRank: mk && body !== text ? mk.rank : null };
}

/** A lot heading: its line is short and says what the lot is, not a fact of it (「第一标段：办公家具采购」). */
function isLotHeading(rest: string): boolean {
  return rest.length <= 30 && !/[：:]/.test(rest) && !/\d{3,}|万元|元|[。；;]/.test(rest);
}

/** What a tender says of its own split: the number of lots it declares (1 for 「不划分标段」「共1个采购包」). */
const COUNT_RE = new RegExp(
  `(?:共|分为|划分为|分成|划分成|划为|共分|共设|设|分)\\s*([${N}两]{1,3})\\s*个\\s*(?:采购包|标段|标包|包件|合同包|包组|子包|标项|包)(?![括含装])`,
  'g',
);
const SINGLE_RE = /不(?:划|区)分(?:采购)?(?:标段|标包|包组|子包|包件|包(?![商人括含]))|不分(?:标段|标包|包组)|(?:只|仅)(?:有|设|含)?(?:一|1)个(?:采购)?(?:包|标段)/;

/** What the lines of one file say about lots: names by id, which ids head a section or are enumerated, stated counts. */
export interface LotNotes {
  names: Map<string, string[]>;
  /** ids that open a line (a lot heading) or are enumerated with others on one line, in a strong form */
  headed: Set<string>;
  /** ids named in a bare 包N heading */
  weakHeaded: Set<string>;
  /** lot counts the tender states (「本项目划分为2个标段」 → 2, 「不划分标段」 → 1) */
  counts: number[];
}

/**
 * Assigns the lot scope of each line in place and returns what the file says about its lots. A line that itself starts
 * with a lot mention belongs to that lot; a lot heading opens a section that ends at the next lot heading, at a chapter
 * or 第X节 heading, or — when the heading is numbered (「一、第一标段」) — at the next heading of the same rank.
 */
export function scopeLots(fl: FileLines): LotNotes {
  const notes: LotNotes = { names: new Map(), headed: new Set(), weakHeaded: new Set(), counts: [] };
  const addName = (id: string, name: string) => {
    const list = notes.names.get(id) ?? [];
    if (!list.includes(name)) list.push(name);
    notes.names.set(id, list);
  };
  let current: { id: string; rank: number } | null = null;
  for (const line of fl.lines) {
    for (const c of line.text.matchAll(COUNT_RE)) {
      const n = c[1] === '两' ? 2 : parseCnInt(c[1]!);
      if (Number.isFinite(n) && n >= 1 && n <= 200) notes.counts.push(n);
    }
    if (SINGLE_RE.test(line.text)) notes.counts.push(1);
    const mk = markerOf(line.text);
    const lead = leadingLot(line.text);
    // A line that opens a lot
    // (a line that opens with a lot and goes on to name others, 「A标段（…）；B标段（…）」, is an enumeration: read below)
    const several = !!lead && new Set(lotMentions(line.text).filter((m) => !m.weak).map((m) => m.id)).size >= 2;
    if (lead && !several) {
      const heading = isLotHeading(lead.rest);
      line.lot = lead.mention.id;
      (lead.mention.weak ? notes.weakHeaded : notes.headed).add(lead.mention.id);
      // a lot line giving its name and then its facts (「标项一：食品抽检服务，预算金额：50万元」): the name is the first
      // phrase, when it is a name and not a fact's label
      const first = heading ? lead.rest : (/^[^，,；;。\s]+/.exec(lead.rest)?.[0] ?? '');
      const name = heading || (first.length >= 2 && isLotHeading(first)) ? first : '';
      addName(lead.mention.id, name ? `${lead.mention.text} ${name}` : lead.mention.text);
      if (heading) current = { id: lead.mention.id, rank: lead.prefixRank ?? 1 };
      continue;
    }
    if (current && mk && mk.rank <= current.rank) current = null;
    line.lot = current?.id ?? null;
    // Lots named in a sentence: 「本项目分为两个标段：第一标段为办公家具采购；第二标段为电子设备采购。」
    const ms = lotMentions(line.text).filter((m) => !m.weak);
    // an enumeration names its lots close together (「第一标段为…；第二标段为…」), an example names two far apart
    // (「例如，不能将甲项目A包的招标书导入…制作乙项目B包的投标书」)
    const enumerated =
      new Set(ms.map((m) => m.id)).size >= 2 &&
      ms.every((m, k) => k === 0 || m.index - (ms[k - 1]!.index + ms[k - 1]!.length) <= 24) &&
      !/例如|举例|比如|譬如/.test(line.text);
    ms.forEach((m, k) => {
      const next = ms[k + 1]?.index ?? line.text.length;
      const rest = line.text
        .slice(m.index + m.length, next)
        .replace(/^[\s：:、，,.．为是]+/, '')
        .replace(/[\s；;。，,、]+$/, '')
        .trim();
      const named = !!rest && isLotHeading(rest) && rest.length <= 20;
      if (enumerated) notes.headed.add(m.id);
      addName(m.id, named ? `${m.text} ${rest}` : m.text);
    });
  }
  return notes;
}

// ---------------------------------------------------------------------------------------------------------------------
// Lot tables

/** The header of a table's lot column: 包号, 包件号/包件名称, 标段, 标包号, 采购包, 标项… */
const LOT_COLUMN = /^(?:采购|合同)?(?:包件?|标段|标包|标项|分标|包组)(?:号|编号|序号)?(?:$|[/／、及和（(]|名称)/;
/** A column naming what each lot buys (not the project's own name, not a goods list's item) */
// (分包名称: the lot is a 分包, as a tender's cover fields name it — 「分包名称：」「分包号：」)
const NAME_COLUMN = /^(?:(?:采购)?(?:分?包件?|标段|标包|标项|分标|包组)(?:名称|内容)|(?:服务|采购|项目)?内容|名称)$/;
/** A column that names each lot only where its rows differ (a 项目名称 printed on every row is the project's) */
const NAME_COLUMN_WEAK = /^(?:采购)?(?:项目|标的)(?:名称)?$/;

/** A lot cell: 「一标段」「第2包」「A」「DLZM08（电气火灾监控设备）」 → its id and the name it carries. */
function lotCell(text: string): { id: string; name: string } | null {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return null;
  const m = lotMentions(t)[0];
  if (m && m.index === 0) {
    const name = t.slice(m.length).replace(/^[\s：:、]+/, '').replace(/^[（(](.*)[)）]$/, '$1').trim();
    return { id: m.id, name: name ? `${m.text} ${name}` : m.text };
  }
  const code = /^([A-Za-z0-9][A-Za-z0-9\-_.]{0,15})\s*(?:[（(]\s*(.+?)\s*[)）]|[：:]\s*(.+))?$/.exec(t);
  if (!code) return null;
  const id = /^\d+$/.test(code[1]!) ? String(Number(code[1])) : code[1]!;
  const name = (code[2] ?? code[3] ?? '').trim();
  // a lot numbered by a code keeps it in its name (「DLZM08 电气火灾监控设备」), as the tender refers to it
  return { id, name: name && !/^\d+$/.test(code[1]!) && code[1]!.length > 1 ? `${code[1]} ${name}` : name };
}

/**
 * The lots a table of the document model lists: a lot column in its header (first two rows) over two or more distinct
 * lots; each lot's name from the lot cell itself (「DLZM08（电气火灾监控设备）」), else from the name column beside it
 * (the distinct names of its rows joined, as a lot of several sub-items is printed over several rows).
 */
export function lotTables(model: DocModel | undefined): TenderLot[][] {
  const out: TenderLot[][] = [];
  for (const b of model?.blocks ?? []) {
    if (b.type !== 'table') continue;
    const grid = tableTexts(b);
    const h = grid.slice(0, 2).findIndex((row) => row.some((c) => LOT_COLUMN.test(c.replace(/\s+/g, ''))));
    if (h < 0) continue;
    const header = grid[h]!.map((c) => c.replace(/\s+/g, ''));
    const col = header.findIndex((c) => LOT_COLUMN.test(c));
    const strongName = header.findIndex((c, k) => k !== col && NAME_COLUMN.test(c));
    const nameCol = strongName >= 0 ? strongName : header.findIndex((c, k) => k !== col && NAME_COLUMN_WEAK.test(c));
    const lots = new Map<string, { name: string; parts: string[] }>();
    let bad = 0;
    for (const row of grid.slice(h + 1)) {
      const raw = row[col] ?? '';
      if (!raw.trim() || /^(?:合计|总计|小计)/.test(raw.trim())) continue;
      const cell = lotCell(raw);
      if (!cell) {
        bad++;
        continue;
      }
      const lot = lots.get(cell.id) ?? { name: cell.name, parts: [] };
      // (a cell's line break before a bracket is no space in the name: 「内地版图书」/「（人文类）」)
      const part = nameCol >= 0 ? (row[nameCol] ?? '').replace(/\s+/g, ' ').replace(/\s+(?=[（(])/g, '').trim() : '';
      if (part && !lot.parts.includes(part)) lot.parts.push(part);
      lots.set(cell.id, lot);
    }
    if (lots.size < 2 || bad > lots.size) continue;
    // a name column printing one name on every lot's row is the project's name, not the lots'
    const distinct = new Set([...lots.values()].flatMap((l) => l.parts));
    if (strongName < 0 && distinct.size === 1) for (const l of lots.values()) l.parts = [];
    out.push(
      [...lots].map(([id, l]) => {
        const own = l.name && !lotMentions(l.name)[0] && l.name !== id ? l.name : '';
        const parts = l.parts.length && l.parts.length <= 6 ? l.parts.join('、') : '';
        const named = own || (parts && l.name ? `${l.name} ${parts}` : parts || l.name);
        return { id, name: named || id };
      }),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// The lots list

const idOrder = (id: string) => (/^\d+$/.test(id) ? Number(id) : /^[A-H]$/.test(id) ? id.charCodeAt(0) - 64 : NaN);

/** Ids 1..k (or A..): a tender numbers its lots from the first one on, a goods list's quantities are not a sequence. */
function fromFirst(ids: string[]): string[] {
  const sorted = [...new Set(ids)].filter((id) => Number.isFinite(idOrder(id))).sort((a, b) => idOrder(a) - idOrder(b));
  const out: string[] = [];
  for (const id of sorted) {
    if (idOrder(id) !== out.length + 1) break;
    out.push(id);
  }
  return out;
}

/** The best name of each lot: the first that says more than the lot number. */
function bestName(id: string, names: Map<string, string[]>): string {
  const list = names.get(id) ?? [];
  return list.find((n) => /\s/.test(n)) ?? list[0] ?? id;
}

/**
 * The lots of the tender from what its files say (see the header): a lot table first; else a stated split of two or
 * more lots, or strong lot headings numbered from the first; bare 包N headings only with a stated split. A stated
 * single lot and nothing else: no lots.
 */
export function lotList(notes: LotNotes[], tables: TenderLot[][] = []): TenderLot[] {
  const names = new Map<string, string[]>();
  for (const n of notes) for (const [id, list] of n.names) names.set(id, [...(names.get(id) ?? []), ...list]);
  const counts = notes.flatMap((n) => n.counts);
  const stated = counts.length ? Math.max(...counts) : null;
  const table = tables.find((t) => t.length >= 2);
  if (table) return table.map((l) => ({ id: l.id, name: l.name !== l.id ? l.name : bestName(l.id, names) }));
  const headed = notes.flatMap((n) => [...n.headed]);
  const weak = notes.flatMap((n) => [...n.weakHeaded]);
  let ids: string[] = [];
  if (stated !== null && stated >= 2) {
    ids = fromFirst([...headed, ...weak, ...names.keys()]).slice(0, stated);
  } else if (stated === null) {
    ids = fromFirst(headed);
    // bare 包N headings (「包1：视频监控设备」「包2：门禁设备」) when no strong form names the lots
    if (ids.length < 2) ids = fromFirst([...headed, ...weak]);
  }
  return ids.length >= 2 ? ids.map((id) => ({ id, name: bestName(id, names) })) : [];
}

/** Resolves a user's lot choice ('2', '第二标段', '包2', the lot's name) to a lot id. */
export function resolveLot(choice: string | undefined, lots: TenderLot[]): string | null {
  if (!choice) return null;
  const c = choice.trim();
  const direct = lots.find((l) => l.id === c || l.name === c);
  if (direct) return direct.id;
  const m = lotMentions(c)[0];
  if (m) return m.id;
  const byName = lots.find((l) => l.name.includes(c));
  return byName?.id ?? lotId(c);
}

/**
 * The part of a value that belongs to a lot when one line gives several (「预算金额：第一标段200万元，第二标段150万元」):
 * the selected lot's segment, or the first segment. Offsets are relative to `s`.
 */
export function lotSegment(s: string, lot: string | null): { text: string; offset: number; lot: string | null } {
  const ms = lotMentions(s);
  if (ms.length === 0) return { text: s, offset: 0, lot: null };
  const pick = (lot ? ms.find((m) => m.id === lot) : undefined) ?? ms[0]!;
  const k = ms.indexOf(pick);
  const end = ms[k + 1]?.index ?? s.length;
  return { text: s.slice(pick.index, end), offset: pick.index, lot: pick.id };
}

export type { Line };
