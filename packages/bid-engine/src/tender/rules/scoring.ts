/**
 * The 评分标准 table. DOCX tables arrive as one line per row with tab-separated cells; PDF text tables as lines with the
 * cells separated by spaces (「1 技术方案 20分 方案完整……」), the criteria often wrapping onto following lines. Rows are
 * found inside scoring regions (a heading such as 「评分标准」 or a header row 「评分项 分值 评分标准」) and classified as
 * technical / commercial / price by the section they are in (「技术部分（50分）」) or by keywords.
 */
import type { ScoringCategory } from '@btz/shared';
import { cap, isHeadingLike, isTocLine, markerOf, sliceLines, stripMarker, type FileLines, type Line } from '../text.js';

export interface RawScoringRow {
  item: string;
  points: number | null;
  criteria: string;
  category: ScoringCategory;
  line: Line;
  last: Line;
  excerpt: string;
  lot: string | null;
}

const REGION_START = /评分标准|评分细则|评分办法|评审标准|评分表|评标标准|详细评审|综合评分|评审因素|评分因素|评分项目|评标细则|评审细则/;
const HEADER = /(评分项|评分因素|评审因素|评分内容|评审项目|评分项目|评审内容|评分类别|评价项目|考核内容|评分细项)/;
const HEADER2 = /(分值|分数|权重|满分|标准分|最高分)/;
const END = /^(?:合计|总计|总分|小计合计)|^注[:：]|^说明[:：]|^备注[:：]/;

const CATEGORY_TOKEN = /^(技术|商务|价格|报价|资信|服务|信誉)(?:部分|评分|评审|因素|标|分|项)?\s*(?:[（(]\s*\d+(?:\.\d+)?\s*分\s*[)）])?[：:]?$/;
const POINTS = /^(?:\d+(?:\.\d+)?\s*[-~—～至]\s*)?(\d+(?:\.\d+)?)\s*(分)?$/;
const ITEM_WITH_POINTS = /^(.{2,24}?)\s*[（(]?\s*(?:\d+(?:\.\d+)?\s*[-~—～至]\s*)?(\d+(?:\.\d+)?)\s*分\s*[)）]?$/;
const NOT_ITEM = /^(?:优|良|中|差|一般|较好|好|较差|优秀|良好|合格|不合格|是|否|有|无)$|[，。；;,]|^(?:每|若|如|未|不|按|得|以|对|其|在|提供|具有)|得$|的$|为$/;

function categoryWord(w: string): ScoringCategory | null {
  if (/价格|报价/.test(w)) return 'price';
  if (/技术|服务/.test(w)) return 'technical';
  if (/商务|资信|信誉/.test(w)) return 'commercial';
  return null;
}

/** Keyword classification of a scoring item (issue 5): price first, then commercial, then technical. */
export function classifyItem(item: string, criteria = ''): ScoringCategory {
  if (/价格|报价|评标价|投标价/.test(item)) return 'price';
  if (/业绩|类似项目|资质|信誉|企业|认证|财务|信用|荣誉|获奖|证书|体系|商务|合同|案例|规模|注册资本|纳税|社保|守法|诚信/.test(item)) return 'commercial';
  if (/技术|方案|实施|服务|售后|人员|团队|进度|质量|培训|应急|保障|响应|设备|性能|参数|功能|措施|计划|组织|理解|安全|运维|维护|管理|样品|演示/.test(item))
    return 'technical';
  if (/业绩|合同|证书|资质/.test(criteria)) return 'commercial';
  return 'technical';
}

interface Token {
  text: string;
  start: number;
}

function tokens(text: string): Token[] {
  const sep = text.includes('\t') ? /\t+/g : text.includes('|') ? /\s*\|\s*/g : /\s+/g;
  const out: Token[] = [];
  let at = 0;
  for (const m of text.matchAll(sep)) {
    if (m.index! > at) out.push({ text: text.slice(at, m.index), start: at });
    at = m.index! + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), start: at });
  return out.map((t) => ({ text: t.text.trim(), start: t.start + (t.text.length - t.text.trimStart().length) })).filter((t) => t.text);
}

const isItem = (s: string) => s.length >= 2 && s.length <= 24 && /[\u4e00-\u9fa5]/.test(s) && !NOT_ITEM.test(s) && !POINTS.test(s);

interface RowParse {
  item: string;
  points: number | null;
  criteria: string;
  category: ScoringCategory | null;
}

/** One line as a table row, or null. `bare` allows a bare number as points (a tab table or a region with a header). */
function parseRow(text: string, bare: boolean, pointsLast: boolean): RowParse | null {
  const ts = tokens(text);
  if (ts.length < 2) {
    // 「1. 技术方案（20分）：……」 as one cell
    const one = /^(?:\d{1,2}\s*[.、．]?\s*)?(.{2,24}?)\s*[（(]\s*(?:\d+(?:\.\d+)?\s*[-~—～至]\s*)?(\d+(?:\.\d+)?)\s*分\s*[)）]\s*[：:]?\s*(.*)$/.exec(stripMarker(text));
    if (one && isItem(one[1]!.trim()) && !CATEGORY_TOKEN.test(text)) return { item: one[1]!.trim(), points: Number(one[2]), criteria: one[3]!.trim(), category: null };
    return null;
  }
  let k = 0;
  if (/^\d{1,2}[.、．]?$/.test(ts[0]!.text)) k++;
  else {
    const mk = markerOf(ts[0]!.text);
    if (mk && mk.length === ts[0]!.text.length) k++;
  }
  let category: ScoringCategory | null = null;
  const next = ts[k + 1]?.text ?? '';
  const afterNext = ts[k + 2]?.text ?? '';
  const categoryFirst =
    ts[k] && CATEGORY_TOKEN.test(ts[k]!.text) && !POINTS.test(next) && (pointsLast ? ts.length - k >= 4 : POINTS.test(afterNext) || ITEM_WITH_POINTS.test(next));
  if (categoryFirst) {
    category = categoryWord(ts[k]!.text);
    k++;
  }
  const itemTok = ts[k];
  if (!itemTok) return null;
  // A trailing category column (「评分项 分值 评分标准 类别」) names the category itself and is not part of the criteria.
  const lastTok = ts[ts.length - 1]!;
  const trailing = ts.length - k >= 4 && CATEGORY_TOKEN.test(lastTok.text) ? categoryWord(lastTok.text) : null;
  if (trailing && !category) category = trailing;
  const rest = (from: number) =>
    ts[from] ? (trailing && from < ts.length - 1 ? text.slice(ts[from]!.start, lastTok.start) : text.slice(ts[from]!.start)).trim() : '';
  // item with its points: 「技术方案（20分）」
  const iw = ITEM_WITH_POINTS.exec(itemTok.text);
  if (iw && isItem(iw[1]!.trim())) return { item: iw[1]!.trim(), points: Number(iw[2]), criteria: rest(k + 1), category };
  const cleanItemTok = itemTok.text.replace(/[：:]$/, '');
  if (!isItem(cleanItemTok)) return null;
  const p = ts[k + 1];
  if (p) {
    const pm = POINTS.exec(p.text);
    if (pm && (pm[2] || bare || ts[k + 2]?.text === '分')) {
      let from = k + 2;
      if (!pm[2] && ts[from]?.text === '分') from++;
      return { item: cleanItemTok, points: Number(pm[1]), criteria: rest(from), category };
    }
  }
  if (pointsLast && ts.length - k >= 3) {
    const last = ts[ts.length - 1]!;
    const pm = POINTS.exec(last.text);
    if (pm && (pm[2] || bare)) {
      const criteria = text.slice(ts[k + 1]!.start, last.start).trim();
      return { item: cleanItemTok, points: Number(pm[1]), criteria, category };
    }
  }
  return null;
}

/** The scoring rows of one file (regions in order; rows of non-overlapping regions are joined). */
export function extractScoring(fl: FileLines): RawScoringRow[] {
  const rows: RawScoringRow[] = [];
  const seen = new Set<string>();
  const L = fl.lines;
  let i = 0;
  while (i < L.length) {
    const line = L[i]!;
    const header = HEADER.test(line.text) && HEADER2.test(line.text);
    const start = !isTocLine(line.text) && (header || (REGION_START.test(line.text) && isHeadingLike(line.text, 40)));
    if (!start) {
      i++;
      continue;
    }
    let category: ScoringCategory | null = header ? null : categoryWord(line.text.replace(REGION_START, ''));
    let hasHeader = header;
    let pointsLast = header && line.text.search(HEADER2) > line.text.search(/标准|细则|内容|说明/) && /标准|细则|说明/.test(line.text);
    let current: RawScoringRow | null = null;
    const regionRows: RawScoringRow[] = [];
    let j = i + 1;
    for (; j < L.length && j < i + 400; j++) {
      const l = L[j]!;
      const t = l.text;
      if (isTocLine(t)) break;
      if (END.test(stripMarker(t))) {
        j++;
        break;
      }
      const mk = markerOf(t);
      if (HEADER.test(t) && HEADER2.test(t)) {
        hasHeader = true;
        pointsLast = t.search(HEADER2) > t.search(/标准|细则|说明/) && /标准|细则|说明/.test(t);
        current = null;
        continue;
      }
      // category heading: 「技术部分（50分）」「一、商务评分」
      const body = stripMarker(t);
      if (CATEGORY_TOKEN.test(body) || (isHeadingLike(t, 20) && /^(技术|商务|价格|报价|资信)(部分|评分|评审|标)/.test(body))) {
        category = categoryWord(body);
        current = null;
        continue;
      }
      if (mk && mk.rank <= 1) break; // next 章/节
      const row = parseRow(t, hasHeader || t.includes('\t') || t.includes('|'), pointsLast);
      if (row) {
        const cat = row.category ?? (classifyItem(row.item) === 'price' ? 'price' : category) ?? classifyItem(row.item, row.criteria);
        if (row.category) category = row.category;
        current = {
          item: row.item,
          points: row.points,
          criteria: row.criteria,
          category: classifyItem(row.item) === 'price' ? 'price' : cat,
          line: l,
          last: l,
          excerpt: '',
          lot: l.lot,
        };
        regionRows.push(current);
        continue;
      }
      if (!current) {
        // before the first row: give up on a region that shows no table soon
        if (j - i > 12 && regionRows.length === 0 && !hasHeader) break;
        continue;
      }
      // a heading of the document ends the table
      if (mk && mk.rank <= 2 && isHeadingLike(t, 30) && !/分/.test(t)) break;
      // continuation of the criteria
      current.criteria = current.criteria ? `${current.criteria}${/[\u4e00-\u9fa5，。；]$/.test(current.criteria) ? '' : ' '}${t}` : t;
      if (l.page === current.line.page) current.last = l;
    }
    for (const r of regionRows) {
      r.excerpt = cap(sliceLines(fl, r.line, r.last), 400);
      r.criteria = r.criteria.replace(/\t+/g, ' ').trim();
      const key = `${r.item}|${r.points}|${r.lot ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(r);
    }
    i = regionRows.length ? j : i + 1;
  }
  return rows;
}
