/**
 * The offline (rule-based) tender card: regular expressions and table heuristics over the pages of the tender files.
 * Every entry cites its file, page and a verbatim excerpt of that page, verified by `verifyExcerpt` (the verifier the LLM
 * path uses too). Amendments (role 'amendment', later order wins) override facts; with `opts.lot` facts of other lots are
 * left out, without it the lots list lets the UI ask.
 */
import type {
  BidBondFact,
  CardClause,
  CardEntry,
  CardFact,
  CardFactKey,
  CardFlag,
  CompositionPart,
  FactVersion,
  ScoringItem,
  TenderCard,
  TenderLot,
} from '@btz/shared';
import { lotList, lotMentions, lotSegment, resolveLot, scopeLots } from './lots.js';
import { extractScoring } from './scoring.js';
import { scoringFromModel, type ModelScoring } from './scoring-model.js';
import { compositionFromModel } from './composition-model.js';
import { invalidFromModel } from './invalid-model.js';
import {
  afterChange,
  cap,
  compact,
  isHeadingLike,
  isTocLine,
  labelUnit,
  markerOf,
  parseDateTime,
  parseMoney,
  sliceLines,
  stripMarker,
  toLines,
  type FileLines,
  type Line,
} from './text.js';
import type { ExtractOptions, TenderFileInput } from './types.js';
import { verifyExcerpt } from './verify.js';
import { tableTexts } from '../reading/model/table.js';

export type { ExtractOptions, TenderFileInput } from './types.js';

// ---------------------------------------------------------------------------------------------------------------------
// Scalar facts

type Kind = 'text' | 'place' | 'code' | 'org' | 'money' | 'date' | 'bond';

interface Spec {
  key: CardFactKey;
  kind: Kind;
  /** label patterns, strongest first */
  labels: RegExp[];
  /** the label must open the line (after its numbering) */
  lineStart?: boolean;
  /** words just before the label that make it another fact (「澄清截止时间」) */
  exclude?: RegExp;
}

const SPECS: Spec[] = [
  { key: 'projectName', kind: 'text', labels: [/(?:采购|招标)?项目名称|工程名称|采购项目名称/] },
  {
    key: 'projectNumber',
    kind: 'code',
    labels: [/(?:招标|采购)?项目编号|招标编号|采购编号|项目代码|招标文件编号|采购计划编号|项目编码|采购项目编号|招标项目编号|文件编号/],
  },
  {
    key: 'purchaser',
    kind: 'org',
    lineStart: true,
    // 「2.3 “采购人”系指上海市公安局宝山分局。」 (the 须知's definitions) when the cover is garbled
    labels: [/(?:采购人|招标人|采购单位|建设单位|招标方)(?:名称|信息)?|[“"]\s*(?:采购人|招标人)\s*[”"]\s*系指/],
  },
  {
    key: 'agency',
    kind: 'org',
    lineStart: true,
    labels: [/(?:采购|招标)?代理机构(?:名称|信息)?|招标代理(?:机构)?(?:名称)?|集采机构|[“"]\s*集中采购机构\s*[”"]\s*系指|集中采购机构(?:名称)?/],
  },
  {
    key: 'budget',
    kind: 'money',
    labels: [/(?:项目|采购)?预算(?:金额|资金|价|总额)|采购预算|项目预算|采购资金|资金预算/, /预算/],
    exclude: /超过|超出|高于|低于|不超|以内|突破/,
  },
  {
    key: 'ceilingPrice',
    kind: 'money',
    labels: [/最高(?:投标)?限价|招标控制价|最高限额|拦标价|投标限价|上限价|控制价/],
    exclude: /超过|超出|高于|低于|不超|以内|突破/,
  },
  {
    key: 'deadline',
    kind: 'date',
    labels: [
      /(?:投标|响应)文件?(?:的)?(?:递交|提交|接收)?(?:的)?截止(?:时间|日期)|(?:递交|提交)(?:投标|响应)文件(?:的)?截止(?:时间|日期)|投标截止(?:时间|日期)?/,
      /截止(?:时间|日期)/,
      // 「所有投标文件应于2026年5月25日9:30时（北京时间）前递交到…」
      /(?:投标|响应)文件(?:须|必须|应)(?:于|在)/,
    ],
    exclude: /澄清|质疑|答疑|报名|获取|保证金|提问|异议|缴纳|购买|下载|疑问|领取|报送|招标文件/,
  },
  { key: 'openingTime', kind: 'date', labels: [/开标时间|开启时间|开标日期|开标的时间/] },
  { key: 'openingPlace', kind: 'place', labels: [/开标地点|开启地点|开标地址|开标场所/] },
  { key: 'bidBond', kind: 'bond', labels: [/投标保证金(?:金额|数额)?|保证金金额/] },
];

interface Occ {
  key: CardFactKey;
  value: string | number;
  text: string;
  amount?: number;
  line: Line;
  excerpt: string;
  lot: string | null;
  changed: boolean;
  fl: FileLines;
}

/** Words that label the next value on the same line: a value stops before them (「…项目预算金额：1331万元」). */
const NEXT_LABEL =
  /(?:预算金额|采购预算|项目编号|招标编号|采购编号|项目名称|采购方式|最高限价|采购需求|地址|联系人|联系方式|联系电话|电话|传真|邮编|邮政编码|网址|开户|采购人|代理机构|招标人)\s*[:：]/;
/** A value on a garbled cover (PDF converted to Word): a gap of spaces inside it where words were lost. */
const GARBLED = /\S\s{3,}\S|^\s{4,}/;
const PLACEHOLDER = /^[、，,；;。]|^(?:不变|相应顺延|顺延|同上|待定|另行)|^[_\-—\s＿…xX×*＊]+$|盖章|签字|签名|详见|见附件|另行通知|另行公布|（\s*）|\(\s*\)|^[（(]|^等/;

function cutText(s: string, kind: Kind): string {
  let v = s.replace(/^[\s：:为是]+/, '');
  const stops =
    kind === 'place'
      ? /[；;。]|\s{2,}|\t|\s+[^\s：:，,。]{2,10}[：:]/
      : /[；;。，,]|\s{2,}|\t|\s+[^\s：:，,。]{2,10}[：:]|[（(](?:项目|招标|采购)编号|(?:项目|招标|采购)编号[：:]/;
  const stop = v.search(stops);
  if (stop >= 0) v = v.slice(0, stop);
  const next = v.search(NEXT_LABEL);
  if (next > 0) v = v.slice(0, next);
  return v.replace(/[，,、\s]+$/, '').trim();
}

const NAME_END = /(?:项目|服务|工程|采购|公司|局|处|院|中心|学校|大学|医院|委员会|办公室|站|所|馆|队|[)）])$/;

/** The continuation of a name that ends at the end of its line: the next line, when it is a short fragment. */
function wrapped(fl: FileLines, line: Line, end: number, value: string): { line: Line; text: string } | null {
  if (end < line.text.length) return null;
  const next = fl.lines[line.i + 1];
  if (!next || next.page !== line.page || next.text.length > 24 || markerOf(next.text) || /[:：\t]/.test(next.text)) return null;
  const frag = /^[^\s，,。；;]+/.exec(next.text)?.[0] ?? '';
  if (!frag || frag !== next.text) return null;
  const open = (value.match(/[（(]/g)?.length ?? 0) > (value.match(/[)）]/g)?.length ?? 0);
  if (open || (!NAME_END.test(value) && NAME_END.test(value + frag) && frag.length <= 12)) return { line: next, text: frag };
  return null;
}

/** Finds the occurrences of one fact in a file, in order. */
function findFact(fl: FileLines, spec: Spec, lot: string | null): Occ[] {
  const out: Occ[] = [];
  const L = fl.lines;
  for (const line of L) {
    if (isTocLine(line.text)) continue;
    if (lot && line.lot && line.lot !== lot) continue;
    for (const [strength, label] of spec.labels.entries()) {
      const re = new RegExp(label.source, 'g');
      let found = false;
      for (let m = re.exec(line.text); m; m = re.exec(line.text)) {
        const labelEnd = m.index + m[0].length;
        if (spec.exclude && spec.exclude.test(line.text.slice(Math.max(0, m.index - 8), m.index))) continue;
        if (strength > 0 && spec.exclude && spec.exclude.test(m[0])) continue;
        const mk = markerOf(line.text);
        const rowNo = /^\d{1,3}\t/.exec(line.text);
        const lead = mk && mk.rank >= 2 ? mk.length : rowNo ? rowNo[0].length : 0;
        if (spec.lineStart && m.index > lead + 1) continue;
        // label unit: 「预算金额（万元）：386.5」
        let regionStart = labelEnd;
        const unitM = /^\s*[（(]\s*(?:单位[:：]?\s*)?(?:亿元|万元|元)\s*[)）]/.exec(line.text.slice(labelEnd));
        const unit = labelUnit(line.text.slice(m.index, labelEnd + 12));
        if (unitM) regionStart += unitM[0].length;
        let region = line.text.slice(regionStart);
        // OCR reads a colon right after a label as a semicolon (「项目编号；招案2024-0490」)
        if (/^；/.test(region) && fl.file.pages.find((p) => p.page === line.page)?.ocr) region = `：${region.slice(1)}`;
        const sep = /^\s*(?:[:：]|\t|\s{2,}|\s*[|｜]\s*)?\s*/.exec(region)![0];
        if (spec.lineStart || spec.kind === 'org' || spec.kind === 'bond' || spec.kind === 'code' || spec.key === 'projectName') {
          // the label must be followed by a separator (or 为/是), not run on as a sentence
          if (!/[:：\t|｜]|\s{2,}/.test(sep) && !/^\s*(?:为|是)/.test(region) && !/系指$/.test(m[0]) && region.trim()) continue;
        }
        // a table cell repeating its row's label: 「采购人\t招标人名称：上海市宝山区市场监督管理局」
        const again = /^[\s：:\t]*(?:[^\s：:，。]{0,4}(?:名称|人|方|机构))\s*[:：]\s*/.exec(region);
        if (again && spec.kind === 'org') {
          regionStart += again[0].length;
          region = region.slice(again[0].length);
        }
        if (spec.kind === 'org') {
          let head = region.replace(/^\s*[:：]/, '').split(/[；;。\t]/)[0] ?? '';
          const nl = head.search(NEXT_LABEL);
          if (nl >= 0) head = head.slice(0, nl);
          if (GARBLED.test(head.trimEnd())) continue;
        }
        let valueLine = line;
        let valueOffset = regionStart;
        // label alone: value on the next line of the same page (table layout, 「采购人信息」 then 「名 称：…」)
        if (!region.replace(/^[\s：:]+/, '').trim()) {
          const next = L[line.i + 1];
          if (!next || next.page !== line.page || markerOf(next.text)?.rank === 0) continue;
          // a table's header row: the next line is the first data row, its first cell is not this value
          if (line.text.split('\t').length >= 3) continue;
          const named = /^名\s*称\s*[:：；]\s*/.exec(next.text);
          if (!named && (/^[^\s：:]{2,10}[：:]/.test(next.text) || next.text.length > 80)) continue;
          valueLine = next;
          valueOffset = named ? named[0].length : 0;
          region = next.text.slice(valueOffset);
        }
        // one line for several lots
        let segLot: string | null = valueLine.lot;
        if (lotMentions(region).length) {
          const seg = lotSegment(region, lot);
          if (seg.lot) {
            segLot = seg.lot;
            region = seg.text;
            valueOffset += seg.offset;
          }
        }
        if (lot && segLot && segLot !== lot) continue;
        const ch = afterChange(region);
        const changed = ch.offset > 0;
        region = ch.text;
        valueOffset += ch.offset;
        const lead2 = region.length - region.replace(/^[\s：:为是]+/, '').length;
        let value: string | number | null = null;
        let wrapTo: { line: Line; text: string } | null = null;
        let text = '';
        let amount: number | undefined;
        let endInRegion = 0;
        switch (spec.kind) {
          case 'money': {
            const mm = parseMoney(region, unit);
            if (!mm || mm.index > 40 || mm.value <= 0) break;
            // a unit cap is not the project's ceiling: 「单价限高价1400元/组」「230元/人/月」
            // (a yearly total, 「2,435,216.00元/年」, is the project's)
            const per = /^\s*(?:[/／]|每)\s*([\u4e00-\u9fa5a-zA-Z㎡]+)/.exec(region.slice(mm.index + mm.text.length));
            if ((per && !/^年/.test(per[1]!)) || /单价|每/.test(region.slice(0, mm.index))) break;
            value = mm.value;
            text = mm.text;
            endInRegion = mm.index + mm.text.length;
            // keep the amount in words in the excerpt when it follows: 「386.5万元（大写：叁佰……元整）」
            const tail = /^\s*[（(][^）)]{0,40}[)）]/.exec(region.slice(endInRegion));
            if (tail) endInRegion += tail[0].length;
            break;
          }
          case 'date': {
            const dm = parseDateTime(region);
            if (!dm || dm.index > 40) break;
            value = dm.value;
            text = dm.text;
            endInRegion = dm.index + dm.text.length;
            break;
          }
          case 'code': {
            const nl = region.search(NEXT_LABEL);
            const cm = /^[\s：:]*([A-Za-z0-9\u4e00-\u9fa5〔〕【】[\]（）()\-_—/.#]{3,60})/.exec(nl > 0 ? region.slice(0, nl) : region);
            if (!cm) break;
            let v = cm[1]!;
            // unbalanced closing bracket: 「（项目编号：ZB-2026-118）」
            while (/[)）]$/.test(v) && (v.match(/[(（]/g)?.length ?? 0) < (v.match(/[)）]/g)?.length ?? 0)) v = v.slice(0, -1);
            v = v.replace(/[.。\-—_/]+$/, '');
            if (!/\d/.test(v) || !/^[A-Za-z0-9〔【[（(]/.test(v) && !/[A-Za-z]{2}|\d{2}/.test(v)) break;
            value = v;
            text = v;
            endInRegion = region.indexOf(v) + v.length;
            break;
          }
          case 'bond': {
            const t = cutText(region, 'place');
            const mm = parseMoney(region);
            if (mm && mm.index <= 40) {
              amount = mm.value;
              const full = region.slice(lead2, Math.max(mm.index + mm.text.length, lead2 + t.length));
              const tail = /^\s*[（(][^）)]{0,40}[)）]/.exec(region.slice(mm.index + mm.text.length));
              const end = mm.index + mm.text.length + (tail ? tail[0].length : 0);
              text = region.slice(lead2, Math.max(end, lead2 + Math.min(t.length, 60))).trim();
              value = text || full;
              endInRegion = lead2 + text.length;
            } else if (/不收取|免收|无需|不需|无须|不要求|免交/.test(t)) {
              value = t;
              text = t;
              endInRegion = lead2 + t.length;
            }
            break;
          }
          default: {
            const t = cutText(region, spec.kind);
            if (t.length < 2 || t.length > (spec.kind === 'text' ? 100 : 80) || PLACEHOLDER.test(t) || !/[\u4e00-\u9fa5A-Za-z0-9]/.test(t)) break;
            if (spec.kind === 'org' && !/[\u4e00-\u9fa5]{2}/.test(t)) break;
            // the next cell of a table header row (「序号\t项目名称\t单位\t数量」) is not a value
            if (/^(?:单位|数量|单价|合计|备注|金额|内容|规格|型号|序号|名称|地址|电话|编号)$/.test(t)) break;
            value = t;
            text = t;
            endInRegion = region.indexOf(t) + t.length;
            // a name wrapped onto the next line (「…非执法类辅助及后」/「勤服务项目」, 「管理处（北」/「京市松山林场管理处）」)
            const wrap = wrapped(fl, valueLine, valueOffset + endInRegion, t);
            if (wrap) {
              value = t + wrap.text;
              text = value;
              wrapTo = wrap;
            }
          }
        }
        if (value === null) continue;
        const endLine = wrapTo ? wrapTo.line : valueLine;
        const endOffset = wrapTo ? wrapTo.text.length : valueOffset + endInRegion;
        const excerpt = cap(
          endLine === line ? sliceLines(fl, line, line, m.index, endOffset) : sliceLines(fl, line, endLine, m.index, endOffset),
          300,
        );
        out.push({ key: spec.key, value, text, amount, line, excerpt, lot: segLot, changed, fl });
        found = true;
        break;
      }
      if (found) break;
    }
  }
  return out;
}

/**
 * A money fact in a table of the document model (「预算金额(元)」 header over one row of figures, as the announcement's
 * 采购项目内容 table prints it) when the text gives it no label line. One data row only: several rows are lots.
 */
function tableMoney(fl: FileLines, key: CardFactKey): Occ | null {
  const head = key === 'budget' ? /预算金额|采购预算|项目预算|预算\s*[(（]/ : /最高限价|最高投标限价|控制价/;
  for (const b of fl.file.model?.blocks ?? []) {
    if (b.type !== 'table') continue;
    const grid = tableTexts(b);
    const h = grid.findIndex((row) => row.some((t) => head.test(t)));
    if (h < 0) continue;
    const col = grid[h]!.findIndex((t) => head.test(t));
    const unit = labelUnit(grid[h]![col]!);
    const vals = grid.slice(h + 1).flatMap((row, k) => {
      const t = row[col] ?? '';
      const m = t.trim() ? parseMoney(t.replace(/(\d)\s+(?=\d)/g, '$1'), unit ?? '元') : null;
      return m && m.index === 0 ? [{ value: m.value, text: t.trim(), page: b.rows[h + 1 + k]!.page }] : [];
    });
    if (vals.length !== 1) continue;
    const v = vals[0]!;
    if (!verifyExcerpt(fl.file.pages, v.page, v.text)) continue;
    const line = { file: fl.file.name, page: v.page, text: v.text, start: 0, end: 0, i: -1, lot: null } as Line;
    return { key, value: v.value, text: v.text, line, excerpt: v.text, lot: null, changed: false, fl };
  }
  return null;
}

/**
 * The legal name behind a short one: 「太平康复医院（上海）有限公司（以下简称“上海太平康复医院”）」 — the card shows the
 * name the tender defines, cited where it defines it.
 */
function definedName(fls: FileLines[], fact: CardFact<string | number>): CardFact<string | number> {
  const short = String(fact.value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`([\\u4e00-\\u9fa5A-Za-z0-9（）()]{4,40}?)[（(]\\s*以下(?:简称|称)\\s*[:：]?\\s*[“"「]?${short}[”"」]?\\s*[)）]`);
  for (const fl of fls) {
    if (fl.file.role !== 'main') continue;
    for (const l of fl.lines) {
      const m = re.exec(l.text);
      if (!m) continue;
      const full = m[1]!.replace(/^.*[，。：:、由受]/, '');
      if (full.length < 4 || full === fact.value) continue;
      const at = m.index + m[0].indexOf(full);
      const excerpt = sliceLines(fl, l, l, at, m.index + m[0].length);
      return { ...factOf({ key: 'purchaser', value: full, text: full, line: l, excerpt, lot: l.lot, changed: false, fl }) };
    }
  }
  return fact;
}

/** 「XX项目招标文件」 on the cover when no 项目名称 label is found. */
function titleName(fl: FileLines): Occ | null {
  const firstPages = fl.lines.filter((l) => l.page <= (fl.lines[0]?.page ?? 1) + 1).slice(0, 40);
  const SUFFIX = /(?:公开)?(?:招标公告|招标文件|竞争性磋商文件|竞争性谈判文件|采购公告|询价文件|磋商文件|谈判文件|采购文件|招标书|比选文件)$/;
  for (const l of firstPages) {
    const m = new RegExp(`^(.{4,60}?)\\s*(?:[（(][^）)]*[)）])?\\s*${SUFFIX.source}`).exec(l.text);
    if (m && /项目|工程|采购|服务|建设|系统|平台/.test(m[1]!)) {
      const v = m[1]!.replace(/的$/, '').trim();
      return { key: 'projectName', value: v, text: v, line: l, excerpt: sliceLines(fl, l, l, 0, m[1]!.length), lot: l.lot, changed: false, fl };
    }
    if (SUFFIX.test(l.text) && l.text.replace(SUFFIX, '').trim() === '') {
      const prev = fl.lines[l.i - 1];
      if (prev && prev.page === l.page && /项目|工程|采购|服务|建设|系统|平台/.test(prev.text) && isHeadingLike(prev.text, 60)) {
        return { key: 'projectName', value: prev.text, text: prev.text, line: prev, excerpt: prev.text, lot: prev.lot, changed: false, fl };
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------------
// Lists

interface RawItem {
  text: string;
  line: Line;
  last: Line;
  excerpt: string;
  fl: FileLines;
  lot: string | null;
}

const ENDS_SENTENCE = /[。；;！!]$/;

/** The list under heading line `h`: items of one numbering style until a heading of the same or a higher rank. */
function collectList(fl: FileLines, h: number, maxLines = 120): RawItem[] {
  const L = fl.lines;
  const head = L[h]!;
  const hr = markerOf(head.text)?.rank ?? null;
  const items: RawItem[] = [];
  let cur: RawItem | null = null;
  let itemRank: number | null = null;
  for (let j = h + 1; j < L.length && j <= h + maxLines; j++) {
    const l = L[j]!;
    const t = l.text;
    if (isTocLine(t)) break;
    const mk = markerOf(t);
    if (mk && hr !== null && mk.rank <= hr) break;
    if (mk && mk.rank <= 1) break;
    if (mk && (itemRank === null ? hr === null || mk.rank > hr : mk.rank === itemRank)) {
      itemRank ??= mk.rank;
      cur = { text: stripMarker(t), line: l, last: l, excerpt: '', fl, lot: l.lot };
      items.push(cur);
      continue;
    }
    if (mk && itemRank !== null && mk.rank < itemRank) break;
    if (!cur) {
      if (j - h > 3) break;
      continue;
    }
    if (!mk) {
      if (/^(注|说明|备注)[:：]/.test(t)) break;
      if (isHeadingLike(t, 25) && /[：:]$/.test(t)) break;
      if (ENDS_SENTENCE.test(cur.text)) break;
    }
    cur.text += (/[\u4e00-\u9fa5，。；：]$/.test(cur.text) ? '' : ' ') + t;
    if (l.page === cur.line.page) cur.last = l;
  }
  for (const it of items) {
    it.text = it.text.replace(/\t+/g, ' ').trim();
    it.excerpt = cap(sliceLines(fl, it.line, it.last, markerOf(it.line.text)?.length ?? 0), 400);
  }
  return items;
}

/** Heading lines matching `re` (short, not a TOC entry, the words near the start). */
function headings(fl: FileLines, re: RegExp, max = 40): number[] {
  const out: number[] = [];
  for (const l of fl.lines) {
    if (isTocLine(l.text) || !isHeadingLike(l.text, max)) continue;
    const body = stripMarker(l.text);
    const m = re.exec(body);
    if (m && m.index <= 12) out.push(l.i);
  }
  return out;
}

const QUAL_HEAD = /资格要求|资格条件|投标人资格|供应商资格|申请人资格|合格(?:的)?投标人|资质要求|合格供应商/;
const INVALID_HEAD = /废标|无效投标|投标无效|否决投标|无效响应|响应无效|投标文件无效|否决其投标/;
const INVALID_RE =
  /废标|无效投标|投标无效|作无效|按无效|视为无效|否决其投标|否决投标|投标将被拒绝|拒绝其投标|不予受理|无效处理|响应无效|无效响应|投标文件无效|被拒绝/;
const FORMAT_RE = /装订|胶装|签字|签章|盖章|盖单位章|份数|正本|副本|页码|编页|骑缝|密封|封装|封套|电子版|U盘|光盘|字体|字号|A4|目录|逐页|小签|打印|书写|涂改/;
const REQUIRE_RE = /应|须|必须|需要|需|不得|要求|一式|均/;
const COMP_HEAD =
  /(?:投标|响应|应答)文件(?:的)?(?:组成|构成|编制内容|内容组成)|(?:投标|响应)文件(?:应)?(?:包括|包含)(?:以下|下列|如下)?(?:内容|部分|文件)?/;
const FORMAT_CHAPTER = /(?:投标|响应)文件(?:的)?(?:格式|参考格式|组成格式)/;
const COMP_INLINE = /(?:投标|响应)文件(?:主要)?由(.+?)(?:等)?(?:部分|几部分|内容)?(?:组成|构成)/;

function sentences(text: string): Array<{ s: string; index: number }> {
  const out: Array<{ s: string; index: number }> = [];
  for (const m of text.matchAll(/[^。；;！!]+[。；;！!]?/g)) {
    const s = m[0].trim();
    if (s) out.push({ s, index: m.index! + (m[0].length - m[0].trimStart().length) });
  }
  return out;
}

function sentenceItems(fl: FileLines, test: (s: string, line: Line) => boolean, skip: Set<number>): RawItem[] {
  const out: RawItem[] = [];
  for (const l of fl.lines) {
    if (skip.has(l.i) || isTocLine(l.text) || isHeadingLike(l.text, 20)) continue;
    for (const { s, index } of sentences(l.text)) {
      const body = stripMarker(s);
      if (body.length < 8 || /[：:]$/.test(body) || !test(body, l)) continue;
      out.push({ text: body.replace(/\t+/g, ' '), line: l, last: l, excerpt: cap(sliceLines(fl, l, l, index, index + s.length), 400), fl, lot: l.lot });
    }
  }
  return out;
}

const STAR_EXPLAIN =
  /[\u4e00-\u9fa5]\s*[★▲]\s*的|(带|标有|标注|标记|打|加|注有|以|有|用)\s*[“"「‘『]?\s*[★▲]|[★▲]\s*[”"」’』]|[★▲]\s*(?:号|标|的条款|条款为|为实质|表示|标识|符号|项为|的为|的指标)|[\u4e00-\u9fa5][★▲]号?(?:条款|项|要求|指标|参数)/;

function markedClauses(fl: FileLines, mark: '★' | '▲'): RawItem[] {
  const out: RawItem[] = [];
  const L = fl.lines;
  for (const l of L) {
    if (!l.text.includes(mark) || isTocLine(l.text) || STAR_EXPLAIN.test(l.text)) continue;
    let text = l.text.replace(/\t+/g, ' ');
    let last = l;
    // wrapped clause: continue while the sentence is open and the next line is plain text
    for (let k = 1; k <= 2 && !ENDS_SENTENCE.test(text); k++) {
      const n = L[l.i + k];
      if (!n || n.page !== l.page || markerOf(n.text) || /[★▲\t]/.test(n.text) || isHeadingLike(n.text, 16)) break;
      text += n.text;
      last = n;
    }
    // 「★5－1 法定代表人授权委托书」 keeps its number (it names the form); 「★1. …」 loses it
    const body = stripMarker(text.replace(/^\s*\d{1,3}\s+/, '')).replace(new RegExp(`^\\s*${mark}\\s*`), '').replace(/^\s*[\d.．、]+\s*(?![－\-\d])/, '').trim();
    const clean = body.replace(new RegExp(mark, 'g'), '').replace(/\s+/g, ' ').trim();
    if (clean.length < 4) continue;
    out.push({ text: clean, line: l, last, excerpt: cap(sliceLines(fl, l, last), 400), fl, lot: l.lot });
  }
  return out;
}

function qualifications(fl: FileLines): RawItem[] {
  for (const h of headings(fl, QUAL_HEAD)) {
    const items = collectList(fl, h);
    if (items.length) return items;
  }
  return [];
}

function invalidClauses(fl: FileLines): RawItem[] {
  const out: RawItem[] = [];
  const covered = new Set<number>();
  for (const h of headings(fl, INVALID_HEAD)) {
    const items = collectList(fl, h);
    for (const it of items) {
      out.push(it);
      for (let i = it.line.i; i <= it.last.i; i++) covered.add(i);
    }
    covered.add(h);
  }
  out.push(...sentenceItems(fl, (s) => INVALID_RE.test(s), covered));
  return out;
}

function formatRules(fl: FileLines): RawItem[] {
  return sentenceItems(fl, (s) => FORMAT_RE.test(s) && REQUIRE_RE.test(s) && s.length <= 200 && !/[★▲]/.test(s), new Set());
}

interface RawPart extends RawItem {
  note?: string;
}

function partTitle(raw: string): { title: string; note?: string } | null {
  let t = raw.replace(/\t+/g, ' ').trim().replace(/[；;。，,、]+$/, '');
  let note: string | undefined;
  const colon = /^(.{2,30}?)[：:]\s*(.+)$/.exec(t);
  if (colon) {
    t = colon[1]!;
    note = colon[2]!.replace(/[；;。]+$/, '');
  }
  t = t.replace(/\s*[（(](?:格式|见|详见|附|按|参见|如有|若有)[^）)]*[)）]\s*$/, '').replace(/^[《“"「]|[》”"」]$/g, '').trim();
  if (t.length > 30) {
    const cut = t.search(/[，,（(]/);
    if (cut >= 2) {
      note = note ?? t.slice(cut).replace(/^[，,]/, '');
      t = t.slice(0, cut);
    } else t = t.slice(0, 30);
  }
  if (t.length < 2 || !/[\u4e00-\u9fa5]/.test(t)) return null;
  return note ? { title: t, note } : { title: t };
}

function composition(fl: FileLines): RawPart[] {
  const toParts = (items: RawItem[]) =>
    items.flatMap((it) => {
      const p = partTitle(it.text);
      return p ? [{ ...it, text: p.title, ...(p.note ? { note: p.note } : {}) }] : [];
    });
  // A: 「投标文件由投标函、……、报价部分组成。」 B: a heading and its list
  const candidates: Array<{ at: number; parts: RawPart[] }> = [];
  for (const l of fl.lines) {
    const m = COMP_INLINE.exec(l.text);
    if (!m || isTocLine(l.text)) continue;
    const inner = m[1]!;
    const innerAt = m.index + m[0].indexOf(inner);
    const pieces: RawItem[] = [];
    for (const x of inner.matchAll(/[^、，,；;]+/g)) {
      const s = x[0].trim();
      if (!s) continue;
      const at = innerAt + x.index! + (x[0].length - x[0].trimStart().length);
      pieces.push({ text: s, line: l, last: l, excerpt: sliceLines(fl, l, l, at, at + s.length), fl, lot: l.lot });
    }
    const parts = toParts(pieces);
    if (parts.length >= 2) candidates.push({ at: l.i, parts });
  }
  for (const h of headings(fl, COMP_HEAD)) {
    const parts = toParts(collectList(fl, h, 60));
    // 「第四章 投标文件组成与格式」 listing 「一、投标文件组成」「二、废标条款」 is a chapter's table of contents: the
    // composition is the list under its own heading, found as the next candidate
    if (parts.some((p) => COMP_HEAD.test(p.text))) continue;
    if (parts.length >= 2) candidates.push({ at: h, parts });
  }
  candidates.sort((a, b) => a.at - b.at);
  if (candidates[0]) return candidates[0].parts;
  // C: the format chapter's own headings (「第六章 投标文件格式」 then 「一、投标函」「二、法定代表人授权书」…)
  for (const h of headings(fl, FORMAT_CHAPTER)) {
    const L = fl.lines;
    const hr = markerOf(L[h]!.text)?.rank ?? 0;
    const marked: Line[] = [];
    for (let j = h + 1; j < L.length; j++) {
      const mk = markerOf(L[j]!.text);
      if (mk && mk.rank <= Math.max(hr, 0) && mk.style !== 'section') break;
      if (mk && mk.rank > hr && isHeadingLike(L[j]!.text, 40) && !isTocLine(L[j]!.text)) marked.push(L[j]!);
    }
    if (!marked.length) continue;
    const top = Math.min(...marked.map((l) => markerOf(l.text)!.rank));
    const parts = toParts(
      marked
        .filter((l) => markerOf(l.text)!.rank === top)
        .map((l) => ({ text: stripMarker(l.text), line: l, last: l, excerpt: sliceLines(fl, l, l, markerOf(l.text)!.length), fl, lot: l.lot })),
    );
    if (parts.length >= 2) return parts;
  }
  return [];
}

// ---------------------------------------------------------------------------------------------------------------------
// Assembly

function source(fl: FileLines, line: Line, excerpt: string): CardEntry {
  const verified = verifyExcerpt(fl.file.pages, line.page, excerpt);
  return {
    source: { page: line.page, file: fl.file.name, excerpt },
    verified,
    ...(verified ? {} : { flags: ['unverified' as CardFlag] }),
    ...(line.lot ? { lot: line.lot } : {}),
    origin: 'rule',
  };
}

function addFlag(e: CardEntry, f: CardFlag): void {
  e.flags = [...new Set([...(e.flags ?? []), f])];
}

function version<T>(o: Occ): FactVersion<T> {
  return {
    value: o.value as T,
    text: o.text,
    source: { page: o.line.page, file: o.fl.file.name, excerpt: o.excerpt },
    verified: verifyExcerpt(o.fl.file.pages, o.line.page, o.excerpt),
  };
}

function factOf(o: Occ): CardFact<string | number> {
  const base = source(o.fl, o.line, o.excerpt);
  if (o.lot) base.lot = o.lot;
  else delete base.lot;
  const fact: CardFact<string | number> & { amount?: number } = { value: o.value, text: o.text, ...base };
  if (o.key === 'bidBond' && o.amount !== undefined) fact.amount = o.amount;
  return fact;
}

const CONFLICT_KINDS = new Set<Kind>(['money', 'date']);

function mergeFact(spec: Spec, perFile: Array<{ fl: FileLines; occs: Occ[] }>): CardFact<string | number> | null {
  const base = perFile.filter((f) => f.fl.file.role === 'main');
  const boq = perFile.filter((f) => f.fl.file.role === 'boq');
  const amend = perFile.filter((f) => f.fl.file.role === 'amendment');
  const mainOccs = base.flatMap((f) => f.occs);
  let winner: Occ | undefined = mainOccs[0] ?? boq.flatMap((f) => f.occs)[0];
  // a name printed in full later where the first one lost its head (a garbled cover 「市场监督管理局」 →
  // 「上海市宝山区市场监督管理局」): the full one
  if (winner && spec.kind === 'org') {
    const w = String(winner.value);
    winner = mainOccs.find((o) => String(o.value).length > w.length && String(o.value).endsWith(w)) ?? winner;
  }
  const conflicts: Occ[] = [];
  if (winner && CONFLICT_KINDS.has(spec.kind)) {
    for (const o of mainOccs)
      if (o.value !== winner.value && (!o.lot || !winner.lot || o.lot === winner.lot) && !conflicts.some((c) => c.value === o.value))
        conflicts.push(o);
  }
  const overridden: Occ[] = [];
  for (const f of amend) {
    const o = f.occs.find((x) => x.changed) ?? f.occs[0];
    if (!o) continue;
    if (winner && o.value === winner.value) continue;
    if (winner) overridden.push(winner);
    winner = o;
    conflicts.length = 0;
  }
  if (!winner) return null;
  const fact = factOf(winner);
  if (overridden.length) {
    fact.overridden = overridden.map((o) => version(o));
    addFlag(fact, 'overridden');
  }
  if (conflicts.length) {
    fact.conflicts = conflicts.map((o) => version(o));
    addFlag(fact, 'conflict');
  }
  return fact;
}

function dedupe<T extends RawItem>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((it) => {
    const k = compact(it.text);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Marked clauses once each: a clause reprinted in a response table (same opening words) or a form heading that repeats
 * a listed form (「★附件5-1：…」 after 「★5－1 法定代表人授权委托书」) is the same clause.
 */
function distinctMarked(items: RawItem[]): RawItem[] {
  const heads = new Set<string>();
  const nums = new Set<string>();
  return dedupe(items).filter((it) => {
    const c = compact(it.text).normalize('NFKC');
    const head = c.replace(/^[(（]?\d{1,2}[)）.、]?/, '').slice(0, 20);
    const num = /^(?:附件)?(\d{1,2}-\d{1,2})/.exec(c.replace(/[－—]/g, '-'))?.[1];
    if ((head.length >= 8 && heads.has(head)) || (num && nums.has(num))) return false;
    if (head.length >= 8) heads.add(head);
    if (num) nums.add(num);
    return true;
  });
}

function clauses(items: RawItem[], prefix: string): CardClause[] {
  return dedupe(items).map((it, n) => ({ id: `${prefix}${n + 1}`, text: it.text, ...entryOf(it) }));
}

function entryOf(it: { fl: FileLines; line: Line; excerpt: string; lot: string | null }): CardEntry {
  const e = source(it.fl, it.line, it.excerpt);
  if (it.lot) e.lot = it.lot;
  else delete e.lot;
  return e;
}

/**
 * The entry of a row read from the document model: the first of its texts found on its page (or the next, for a row
 * running over a page break) is the excerpt; when none is found the entry is flagged unverified like any other.
 */
function modelEntry(fl: FileLines, page: number, texts: string[], lot: string | null): CardEntry {
  const pages = fl.file.pages;
  for (const t of texts) {
    const ex = cap(t.trim(), 120);
    for (const p of [page, page + 1, page - 1])
      if (ex && verifyExcerpt(pages, p, ex)) return { ...source(fl, { page: p, lot } as Line, ex), ...(lot ? { lot } : {}) };
  }
  const e = source(fl, { page, lot } as Line, cap((texts[0] ?? '').trim(), 120));
  if (!lot) delete e.lot;
  return e;
}

/** Files in the order they apply: main files, bills of quantities, then amendments; each group by `order`. */
function ordered(files: readonly TenderFileInput[]): TenderFileInput[] {
  const rank = { main: 0, boq: 1, amendment: 2 } as const;
  return [...files].sort((a, b) => rank[a.role] - rank[b.role] || a.order - b.order);
}

/**
 * The tender card of a bid's files. Deterministic; every entry verified against its page. Without `opts.lot` the card
 * lists the lots (when there are several) and keeps every fact, each tagged with its lot; with it, facts inside another
 * lot's section are dropped.
 */
export function extractCard(files: readonly TenderFileInput[], opts: ExtractOptions = {}): TenderCard {
  const fls = ordered(files).map(toLines);
  const names = new Map<string, string[]>();
  for (const fl of fls) for (const [id, list] of scopeLots(fl)) names.set(id, [...(names.get(id) ?? []), ...list]);
  const lots: TenderLot[] = lotList(names);
  const lot = lots.length ? resolveLot(opts.lot, lots) : opts.lot ? resolveLot(opts.lot, []) : null;
  const keep = <T extends { lot: string | null }>(x: T) => !lot || !x.lot || x.lot === lot;

  const facts: Partial<Record<CardFactKey, CardFact<string | number> | null>> = {};
  for (const spec of SPECS) {
    const perFile = fls.map((fl) => {
      let occs = findFact(fl, spec, lot).filter(keep);
      if (!occs.length && spec.key === 'projectName' && fl.file.role === 'main') {
        const t = titleName(fl);
        if (t && keep(t)) occs = [t];
      }
      return { fl, occs };
    });
    if ((spec.key === 'budget' || spec.key === 'ceilingPrice') && perFile.every((f) => !f.occs.length))
      for (const f of perFile) {
        const t = f.fl.file.role === 'main' ? tableMoney(f.fl, spec.key) : null;
        if (t && keep(t)) f.occs = [t];
      }
    facts[spec.key] = mergeFact(spec, perFile);
    const named = facts[spec.key];
    if (named && (spec.key === 'purchaser' || spec.key === 'agency')) facts[spec.key] = definedName(fls, named);
  }

  // Lists: union over the files in order (deduplicated); scoring and composition: the latest file that gives them.
  const mainish = fls.filter((f) => f.file.role !== 'amendment');
  const all = fls;
  const qual = all.flatMap(qualifications).filter(keep);
  const stars = all.flatMap((f) => markedClauses(f, '★')).filter(keep);
  const imps = all.flatMap((f) => markedClauses(f, '▲')).filter(keep);
  const inval = all.flatMap(invalidClauses).filter(keep);
  // the grounds the tender lists explicitly, from the model, when it lists them (else the text path's clauses)
  const listed = all.flatMap((fl) =>
    (fl.file.model ? invalidFromModel(fl.file.model) : []).map((g) => ({ ...g, fl })),
  );
  const fmt = all.flatMap(formatRules).filter(keep);

  // Scoring: the table read from the document model when the file has one (merges, split tables, section rows), else
  // the rule-based text path; the latest file that gives rows wins.
  let scoring: ScoringItem[] = [];
  let scoringCheck: ModelScoring | null = null;
  for (const fl of all) {
    const amended = fl.file.role === 'amendment' && mainish.length > 0;
    const ms = fl.file.model ? scoringFromModel(fl.file.model) : null;
    if (ms && ms.rows.length >= 2) {
      scoring = ms.rows.filter((r) => keep(r)).map((r, n) => {
        const e = modelEntry(fl, r.page, r.excerpts, r.lot);
        if (amended) addFlag(e, 'overridden');
        return { id: `s${n + 1}`, item: r.item, points: r.points, criteria: r.criteria, category: r.category, ...e };
      });
      scoringCheck = ms;
      continue;
    }
    const rows = extractScoring(fl).filter((r) => keep(r));
    if (rows.length >= 2 || (rows.length && !scoring.length)) {
      scoring = rows.map((r, n) => {
        const e = entryOf({ fl, line: r.line, excerpt: r.excerpt, lot: r.lot });
        if (amended) addFlag(e, 'overridden');
        return { id: `s${n + 1}`, item: r.item, points: r.points, criteria: r.criteria, category: r.category, ...e };
      });
      scoringCheck = null;
    }
  }

  // Composition: the model's enumeration / format chapter when the file has a model, else the text path
  let compositionParts: CompositionPart[] = [];
  for (const fl of all) {
    const amended = fl.file.role === 'amendment' && mainish.length > 0;
    const fromModel = fl.file.model ? compositionFromModel(fl.file.model) : [];
    if (fromModel.length >= 2) {
      compositionParts = fromModel.map((p, n) => {
        const e = modelEntry(fl, p.page, [p.excerpt, p.title], null);
        if (amended) addFlag(e, 'overridden');
        return { id: `c${n + 1}`, title: p.title, ...(p.note ? { note: p.note } : {}), ...(p.form ? { form: p.form } : {}), ...e };
      });
      continue;
    }
    const parts = dedupe(composition(fl).filter(keep));
    if (parts.length >= 2)
      compositionParts = parts.map((p, n) => {
        const e = entryOf(p);
        if (amended) addFlag(e, 'overridden');
        return { id: `c${n + 1}`, title: p.text, ...(p.note ? { note: p.note } : {}), ...e };
      });
  }

  return {
    projectName: (facts.projectName as CardFact) ?? null,
    projectNumber: (facts.projectNumber as CardFact) ?? null,
    purchaser: (facts.purchaser as CardFact) ?? null,
    agency: (facts.agency as CardFact) ?? null,
    budget: (facts.budget as CardFact<number>) ?? null,
    ceilingPrice: (facts.ceilingPrice as CardFact<number>) ?? null,
    deadline: (facts.deadline as CardFact) ?? null,
    openingTime: (facts.openingTime as CardFact) ?? null,
    openingPlace: (facts.openingPlace as CardFact) ?? null,
    bidBond: (facts.bidBond as BidBondFact) ?? null,
    qualifications: clauses(qual, 'q'),
    scoring,
    ...(scoringCheck ? { scoringCheck: { total: scoringCheck.total, sum: scoringCheck.sum, problem: scoringCheck.problem } } : {}),
    starClauses: clauses(distinctMarked(stars), 'star'),
    importantClauses: clauses(imps, 'imp'),
    invalidClauses: listed.length
      ? listed.map((g, n) => ({ id: `inv${n + 1}`, text: g.text.replace(/\s+/g, ' ').trim(), ...modelEntry(g.fl, g.page, [g.text], null) }))
      : clauses(inval, 'inv'),
    composition: compositionParts,
    formatRules: clauses(fmt, 'f'),
    lots,
    lot: lot ?? null,
    writer: 'offline',
    files: files.map((f) => ({ name: f.name, role: f.role, order: f.order })),
  };
}
