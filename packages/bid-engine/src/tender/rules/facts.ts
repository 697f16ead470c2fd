/**
 * The card's scalar facts (项目名称, 编号, 采购人, 代理机构, 预算, 最高限价, 截止时间, 开标, 保证金) found in the page
 * texts by their labels — values wrapped onto the next line joined, values stopped at the next label, garbled covers
 * (PDF converted to Word) passed over for the full name printed elsewhere or the name the tender defines (以下简称),
 * unit caps left out, amounts from the announcement's table — and merged over the files (amendments override, conflicts
 * kept). Every value cites its page with a verbatim excerpt.
 */
import type { CardEntry, CardFact, CardFactKey, CardFlag, FactVersion } from '@btz/shared';
import { tableTexts } from '../../reading/model/table.js';
import { lotMentions, lotSegment } from './lots.js';
import {
  afterChange,
  cap,
  isHeadingLike,
  isTocLine,
  labelUnit,
  markerOf,
  parseDateTime,
  parseMoney,
  sliceLines,
  type FileLines,
  type Line,
} from '../text.js';
import { verifyExcerpt } from '../verify.js';
// ---------------------------------------------------------------------------------------------------------------------
// Scalar facts

export type Kind = 'text' | 'place' | 'code' | 'org' | 'money' | 'date' | 'bond';

export interface Spec {
  key: CardFactKey;
  kind: Kind;
  /** label patterns, strongest first */
  labels: RegExp[];
  /** the label must open the line (after its numbering) */
  lineStart?: boolean;
  /** words just before the label that make it another fact (「澄清截止时间」) */
  exclude?: RegExp;
}

/** What the bid is called in each procedure: 投标文件 (招标), 响应文件 (磋商, 谈判, 询比), 应答文件 (征询), 报价文件… */
const DOC = '(?:投标|响应|应答|报价|磋商|谈判|比选|询价|征询)';

export const SPECS: Spec[] = [
  // 「采购项目名称及项目编号\t<name> 项目编号：…」: the value stops at the number's label
  { key: 'projectName', kind: 'text', labels: [/(?:采购|招标)?项目名称(?:\s*及\s*(?:项目)?编号)?|工程名称|采购项目名称/] },
  {
    key: 'projectNumber',
    kind: 'code',
    labels: [
      /(?:招标|采购|征询|比选|询价|询比|谈判|磋商)?项目编号|(?:招标|采购|征询|比选|询价|询比|谈判|磋商)编号|项目代码|招标文件编号|采购计划编号|项目编码|文件编号/,
    ],
  },
  {
    key: 'purchaser',
    kind: 'org',
    lineStart: true,
    // 「2.3 “采购人”系指上海市公安局宝山分局。」 (the 须知's definitions) when the cover is garbled
    // the procedures outside 招标 name the buyer their own way (征询人, 比选人, 询价人)
    labels: [/(?:采购人|招标人|采购单位|建设单位|招标方|采购方|征询人|征询方|比选人|比选方|询价人|询价方)(?:名称|信息)?|[“"]\s*(?:采购人|招标人)\s*[”"]\s*系指/],
  },
  {
    key: 'agency',
    kind: 'org',
    lineStart: true,
    // 「3.2\t政府集中采购机构\t深圳公共资源交易中心（…分公司）」 (the Shenzhen template's 补充内容 table)
    labels: [/(?:采购|招标|比选|征询)?代理(?:机构|人|单位)(?:名称|信息)?|招标代理(?:机构)?(?:名称)?|集采机构|[“"]\s*(?:政府)?集中采购机构\s*[”"]\s*系指|(?:政府)?集中采购机构(?:名称)?/],
  },
  {
    key: 'budget',
    kind: 'money',
    labels: [
      /(?:项目|采购)?预算(?:金额|资金|价|总额)|采购预算|项目预算|采购资金|资金预算|(?:财政|总)预算限额|(?:采购)?预估(?:采购)?(?:金额|总额)|估算(?:金额|总额)/,
      /预算/,
    ],
    exclude: /超过|超出|高于|低于|不超|以内|突破/,
  },
  {
    key: 'ceilingPrice',
    kind: 'money',
    // 「本项目控制金额为人民币1,500,000.00元」 (a budget's 预算控制金额 is the budget, a 单价控制金额 a unit cap)
    labels: [/最高(?:投标|响应|报价|磋商|谈判)?总?限价|招标控制价|最高限额|拦标价|(?:投标|响应)限价|上限价|控制价|(?<!预算|单价)控制金额/],
    exclude: /超过|超出|高于|低于|不超|以内|突破/,
  },
  {
    key: 'deadline',
    kind: 'date',
    labels: [
      new RegExp(
        `${DOC}文件?(?:的)?(?:递交|提交|接收|上传)?(?:的)?截止(?:时间|日期)|(?:递交|提交|上传)${DOC}文件(?:的)?截止(?:时间|日期)|(?:投标|响应|应答|报价)截止(?:时间|日期)?`,
      ),
      /截止(?:时间|日期)/,
      // 「所有投标文件应于2026年5月25日9:30时（北京时间）前递交到…」
      new RegExp(`${DOC}文件(?:须|必须|应)(?:于|在)`),
    ],
    exclude: /澄清|质疑|答疑|报名|获取|保证金|提问|异议|缴纳|购买|下载|疑问|领取|报送|招标文件/,
  },
  { key: 'openingTime', kind: 'date', labels: [/开标时间|开启时间|开标日期|开标的时间/] },
  { key: 'openingPlace', kind: 'place', labels: [/开标地点|开启地点|开标地址|开标场所/] },
  { key: 'bidBond', kind: 'bond', labels: [new RegExp(`${DOC}保证金(?:金额|数额)?|保证金金额`)] },
];

export interface Occ {
  key: CardFactKey;
  value: string | number;
  text: string;
  amount?: number;
  line: Line;
  excerpt: string;
  lot: string | null;
  changed: boolean;
  fl: FileLines;
  /** the label sits inside a sentence, not at the start of its line or cell: a weaker place */
  weak?: boolean;
  /** 投标保证金: none, an amount or a share of the price */
  bond?: BondTerms;
  /** why the value needs a person's check (a weak place), in Chinese for the card */
  doubt?: string;
}

/** The reasons the card gives for a value from a weak place. */
export const DOUBT = {
  sentence: '取自正文句子中的表述，不是明确标注的字段，请核对',
  broad: '按宽泛的标签识别（如“截止时间”“预算”），请核对是否就是本项',
  title: '取自封面标题（文件中未见“项目名称”的标注），请核对',
  summed: '文件未印出总预算，此为预算表各行金额之和，请核对',
} as const;

/** What a bid bond clause says: no bond, an amount (yuan), or a percentage (range) of a price. */
export interface BondTerms {
  kind: 'none' | 'amount' | 'percent';
  amount?: number;
  percent?: number;
  percentMax?: number;
  /** what the percentage is of, as printed (「投标报价」「项目预算金额」) */
  percentOf?: string;
}

/** Words just before a bond's label that say there is none: 「本项目不收取磋商保证金」. */
const NO_BOND_BEFORE = /(?:不收取|免收|免交|免于提交|无需(?:提交|缴纳|递交|交纳)?|不需(?:要)?(?:提交|缴纳|递交|交纳)?|无须(?:提交|缴纳|递交|交纳)?|不要求(?:提交|缴纳|递交)?|不设(?:置)?)\s*$/;
const NO_BOND = /不收取|免收|免交|无需|不需|无须|不要求|不设|不缴纳|不用(?:提交|缴纳)/;
/** checked and unchecked boxes as Word and its converters print them */
const CHECKED = /[☑■√✔☒þ]/;
const UNCHECKED = /[□☐¨]/;

/**
 * The options of a checkbox list that are ticked (「■要求递交投标保证金，金额：31200元 □无需递交」 → the first); the text
 * as it is when it has no boxes, without the unticked options when none is ticked (「5000元 □无需提交」 → 「5000元」).
 */
export function tickedText(s: string): string {
  if (!CHECKED.test(s) && !UNCHECKED.test(s)) return s;
  const parts = s.split(/(?=[☑■√✔☒þ□☐¨])/);
  const ticked = parts.filter((p) => CHECKED.test(p[0] ?? ''));
  if (ticked.length) return ticked.map((p) => p.slice(1)).join(' ');
  return parts.filter((p) => !UNCHECKED.test(p[0] ?? '')).join(' ');
}

/** The terms of a bond clause's value (the text after its label). */
export function bondTerms(s: string, unit?: string): BondTerms | null {
  const t = tickedText(s).slice(0, 120);
  const pct = /(?:(投标|响应)?(?:总)?(?:报价|价格|总价|预算金额|预算|采购金额|金额)[的之]?\s*)?(\d+(?:\.\d+)?)\s*[%％]?\s*(?:[-–—~～至到]\s*(\d+(?:\.\d+)?)\s*)?[%％]/.exec(t);
  const mm = parseMoney(t, unit);
  if (pct && (!mm || pct.index <= mm.index)) {
    const lo = Number(pct[2]);
    const hi = pct[3] !== undefined ? Number(pct[3]) : undefined;
    const of = /(?:投标|响应)?(?:总)?(?:报价|价格|总价|预算金额|预算|采购金额|合同金额)/.exec(t.slice(Math.max(0, pct.index - 12), pct.index + pct[0].length))?.[0];
    if (lo > 0 && lo <= 100) return { kind: 'percent', percent: lo, ...(hi !== undefined && hi > lo ? { percentMax: hi } : {}), ...(of ? { percentOf: of } : {}) };
  }
  if (mm && mm.index <= 40) return mm.value > 0 ? { kind: 'amount', amount: mm.value } : { kind: 'none' };
  if (NO_BOND.test(t.slice(0, 40))) return { kind: 'none' };
  return null;
}

/** Words that label the next value on the same line: a value stops before them (「…项目预算金额：1331万元」). */
const NEXT_LABEL =
  /(?:预算金额|采购预算|项目编号|招标编号|采购编号|项目名称|采购方式|最高限价|采购需求|地址|联系人|联系方式|联系电话|电话|传真|邮编|邮政编码|网址|开户|采购人|代理机构|招标人|投标人)\s*[:：]/;
/** A value on a garbled cover (PDF converted to Word): a gap of spaces inside it where words were lost. */
const GARBLED = /\S\s{3,}\S|^\s{4,}/;
const PLACEHOLDER = /^[、，,；;。]|^(?:不变|相应顺延|顺延|同上|待定|另行|见)|见(?:投标人|供应商)?须知|见(?:招标|采购|谈判|磋商)?公告|见前附表|见第[一二三四五六七八九十\d]+[章节]|^[_\-—\s＿…xX×*＊]+$|盖章|签字|签名|详见|见附件|另行通知|另行公布|（\s*）|\(\s*\)|^[（(]|^等/;
/** How the names of organisations end (a bracket closes a branch or a campus: 「香港中文大学（深圳）」). */
const ORG_END =
  /(?:公司|局|院|中心|学校|校|大学|学院|医院|委员会|委|办公室|办|政府|站|所|馆|队|处|部|厅|会|集团|行|社|园|场|台|室|监狱|署|港|厂|店|库|街道|社区|镇|乡|村|[)）])$/;
/** Words that are a form's labels or blanks, a document's type, or a role's definition — never a fact's value. */
export function junkValue(kind: Kind, v: string): boolean {
  const t = v.replace(/\s+/g, '');
  if (/[：:]$/.test(t) || /[*＊]{3,}|[_＿]{3,}/.test(t)) return true;
  if (/^(?:项目名称|项目编号|采购人|采购单位|招标人|代理机构|项目规模.*|项目所在地|开启地点|开标地点|工期|地址|电话|名称|单位名称|联系人.*|(?:供应商|投标人)名称.*)$/.test(t)) return true;
  if (kind === 'text' && (/^(?:投标|招标|响应|采购|磋商|谈判|应答|询比|比选)文件$/.test(t) || /本人|我方|我单位|贵方|贵单位|贵公司/.test(t))) return true;
  if (kind === 'org' && /国家机关|事业单位、|团体组织|其他组织|社会中介机构|所述|受[^，。]{0,12}委托|^(?:由|经|按)/.test(t)) return true;
  return false;
}

/** A definition sentence's lead-in before the name (「采购人：本项目是指东莞理工学院，是采购活动当事人之一」). */
// (and the term it defines quoted: 「本文件所述的“政府集中采购机构”指深圳公共资源交易中心」)
const DEFINES = /^(?:本(?:项目|次采购|次招标|招标项目|采购项目|文件|招标文件|采购文件)(?:中)?(?:所述)?(?:的)?\s*(?:[“"][^”"]{2,16}[”"])?\s*)?(?:是指|系指|特指|指)\s*/;
/**
 * The office that carries the project out, named after the defined organisation in the same cell: 「…指深圳公共资源交易中心。
 * 本项目具体由深圳公共资源交易中心（深圳交易集团有限公司宝安分公司）执行。」 — the fuller name, when it extends the defined one.
 */
const EXECUTED_BY = /^\s*[。；;，,]\s*(?:本(?:项目|次采购|次招标))?(?:具体)?由\s*([^，,。；;\t]{4,60}?)\s*(?:具体)?(?:执行|承办|组织实施|实施)/;
/** A clause or row number (「1.2.1」) is never a name: the label's own row was empty and the next row was read. */
const CLAUSE_NO = /^\*?\d{1,2}(?:\.\d{1,2}){1,3}$/;
/** The suffix of a tender run again (「…-11 三次」「（二次）」): part of the printed number. */
const ROUND_TAIL = /^\s?(?:第?[一二三四五六七八九十\d]次|重招|重新招标)\s*$/;

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
  if (kind === 'org') {
    // the next label run on without a space (「…有限公司招标组织单位：…」): the name ends where an organisation's does
    const label = v.search(/(?<=公司|局|院|中心|学校|大学|医院|委员会|集团|银行|[)）])[\u4e00-\u9fa5]{2,8}[：:]/);
    if (label > 0) v = v.slice(0, label);
    // a seal beside the name (「中化商务有限公司（章）」) is no part of it; the name printed twice over (its field and the
    // signature beside it, read as one line) is one name
    v = v.replace(/\s*[（(](?:盖|公)?章[)）]$/, '');
    const twice = /^(.{4,})\s*\1$/.exec(v);
    if (twice) v = twice[1]!;
  }
  return v.replace(/[，,、\s]+$/, '').trim();
}

const NAME_END = /(?:项目|服务|工程|采购|公司|局|处|院|中心|学校|大学|医院|委员会|办公室|站|所|馆|队|[)）])$/;

/**
 * The amount `mm` of `s` is a price per unit (a unit-price cap, a per-person rate), not a total: 「1400元/组」,
 * 「单价限高价1400元」, 「每人每月3000元」. A yearly amount (「…元/年」) and an amount said of the total price are totals.
 */
export function perUnit(s: string, mm: { index: number; text: string }): string | null {
  const after = s.slice(mm.index + mm.text.length);
  const per = /^\s*(?:[/／]|每)\s*([\u4e00-\u9fa5a-zA-Z㎡]+)/.exec(after);
  if (per) return /^年/.test(per[1]!) ? null : per[1]!;
  // the words before the amount, back to the last punctuation
  const before = s.slice(0, mm.index).split(/[。；;，,：:]/).pop() ?? '';
  if (/总价|总报价|总额|总金额|合计|总计/.test(before)) return null;
  if (/单价|综合单价|单位价格/.test(before)) return '单价';
  // 「每人每月3000元」「每所学校（幼儿园）报价不超过20,000.00元」 (每家 is each bidder: its total)
  const each = /每\s*(?:[一1]\s*)?(人天|人月|人|月|年|条|次|单|件|工单|小时|平方米|㎡|台|套|个|吨|米|公里|天|日|份|所|组|项|批)[^\d，,。；;]{0,14}$/.exec(before);
  return each && each[1] !== '年' ? each[1]! : null;
}

/** The continuation of a name that ends at the end of its line: the next line, when it is a short fragment. */
function wrapped(fl: FileLines, line: Line, end: number, value: string, kind: Kind): { line: Line; text: string } | null {
  if (end < line.text.length) return null;
  const next = fl.lines[line.i + 1];
  if (!next || next.page !== line.page || next.text.length > 24 || markerOf(next.text) || /[:：\t]/.test(next.text)) return null;
  const frag = /^[^\s，,。；;]+/.exec(next.text)?.[0] ?? '';
  if (!frag || frag !== next.text) return null;
  const open = (value.match(/[（(]/g)?.length ?? 0) > (value.match(/[)）]/g)?.length ?? 0);
  if (open || (!NAME_END.test(value) && NAME_END.test(value + frag) && frag.length <= 20)) return { line: next, text: frag };
  // a project's name broken after its buyer's (「江州市人民医院」/「物业管理服务项目」): the fragment ends as a project does
  if (kind === 'text' && !/项目$/.test(value) && PROJECT_END.test(frag) && !PROJECT_END.test(value)) return { line: next, text: frag };
  return null;
}
const PROJECT_END = /(?:项目|服务|采购|工程)(?:[（(][^）)]{1,12}[)）])?$/;

/** Finds the occurrences of one fact in a file, in order. */
export function findFact(fl: FileLines, spec: Spec, lot: string | null): Occ[] {
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
        // a broad label in a row's value cell answers the row's own label cell: 「招标人发出招标文件澄清或者修改的截止时间和方式
        // \t截止时间：2025年7月15日」 is the clarification's deadline, not the bid's
        if (strength > 0 && spec.exclude) {
          const cells = line.text.slice(0, m.index).split('\t');
          if (cells.length > 1 && cells.slice(0, -1).some((c) => spec.exclude!.test(c))) continue;
        }
        const mk = markerOf(line.text);
        const rowNo = /^\d{1,3}\t/.exec(line.text);
        const lead = mk && mk.rank >= 2 ? mk.length : rowNo ? rowNo[0].length : 0;
        // 「本项目不收取磋商保证金。」: no bond is a fact of its own, said before the label
        if (spec.kind === 'bond' && NO_BOND_BEFORE.test(line.text.slice(Math.max(0, m.index - 12), m.index))) {
          const from = Math.max(lead, line.text.slice(0, m.index).search(/[^。；;，,]*$/));
          const text = line.text.slice(from, labelEnd).trim();
          const excerpt = sliceLines(fl, line, line, from, labelEnd);
          out.push({ key: spec.key, value: text, text, line, excerpt, lot: line.lot, changed: false, fl, bond: { kind: 'none' } });
          found = true;
          break;
        }
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
        // a table's header row (「序号\t项目名称\t计量单位\t数量」): every cell a short word, no value among them
        if (/^\t/.test(sep)) {
          const cells = line.text.split('\t').map((c) => c.trim()).filter(Boolean);
          if (cells.length >= 3 && (/^(?:序\s*号|编号|No\.?)$/i.test(cells[0]!) || cells.every((c) => c.length <= 10 && !/\d/.test(c)))) continue;
        }
        // a label inside a sentence (「…封套上应正确标明…项目名称：X（技术资信标）」) is a weaker place than a label
        // opening its line or cell: the value is kept, behind those
        const before = line.text.slice(lead, m.index);
        // (a label opening a new sentence after a short one is a field: 「本项目资金来源为企业自筹，已落实。预算金额：…」)
        const tail = before.split(/[。；;！!]/).pop() ?? '';
        // (after a long passage a name is likely a sample's: 「…将予以拒绝。项目名称:X（技术资信标/商务标）投标人：」)
        let weak = (spec.kind === 'text' && before.replace(/\s+/g, '').length > 40) || !/(?:^|\t)\s*\S{0,12}$/.test(tail) || /[，,]/.test(tail);
        if (spec.lineStart || spec.kind === 'org' || spec.kind === 'bond' || spec.kind === 'code' || spec.key === 'projectName') {
          // the label must be followed by a separator (or 为/是), not run on as a sentence
          // (a bond's figure may follow its label directly: 「缴纳投标保证金人民币捌万元整」)
          const direct = spec.kind === 'bond' && /^\s*(?:人民币|￥|¥|\d|[零壹贰叁肆伍陆柒捌玖拾佰仟万]{2})/.test(region);
          if (!/[:：\t|｜]|\s{2,}/.test(sep) && !/^\s*(?:为|是)/.test(region) && !/系指$/.test(m[0]) && !direct && region.trim()) continue;
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
        // a heading naming the fact, its figure in a sub-clause: 「5.投标保证金」 then 「5.1.金额：人民币 5000 元。」
        if (spec.kind === 'bond' && !region.replace(/^[\s：:]+/, '').trim()) {
          const sub = [1, 2, 3]
            .map((k) => L[line.i + k])
            .find((n) => n && n.page === line.page && /^(?:\d{1,2}(?:\.\d{1,2})*[.、．]?\s*)?(?:金额|数额)\s*[：:]/.test(n.text));
          if (sub) {
            valueLine = sub;
            valueOffset = sub.text.search(/[：:]/) + 1;
            region = sub.text.slice(valueOffset);
          }
        }
        // label alone: value on the next line of the same page (table layout, 「采购人信息」 then 「名 称：…」)
        if (!region.replace(/^[\s：:]+/, '').trim()) {
          const next = L[line.i + 1];
          if (!next || next.page !== line.page || markerOf(next.text)?.rank === 0) continue;
          // a table's header row: the next line is the first data row, its first cell is not this value
          if (line.text.split('\t').length >= 3) continue;
          const named = /^名\s*称\s*[:：；]\s*/.exec(next.text);
          if (!named && (/^[^\s：:]{2,10}[：:]/.test(next.text) || next.text.length > 80)) continue;
          // the next line is a row of its own (an empty form 「谈判联系人\t\t联系人手机」, the next numbered clause
          // 「1.2.1\t资金来源」): the label's value is blank, not that row
          if (!named && (next.text.includes('\t') || (markerOf(next.text) && (mk || rowNo || /^\*?\d{1,2}(?:\.\d{1,2})+\s/.test(line.text))))) continue;
          valueLine = next;
          valueOffset = named ? named[0].length : 0;
          region = next.text.slice(valueOffset);
        }
        // one line for several lots
        let segLot: string | null = valueLine.lot;
        // one line for several lots (「预算金额：第一标段200万元，第二标段150万元」) or a value opening with its lot; a
        // lot named inside a value (「项目名称：源代码安全检测服务项目(包1)（第二次）」) is part of it
        const lm = lotMentions(region);
        if (lm.length >= 2 || (lm.length === 1 && spec.kind !== 'text' && spec.kind !== 'code' && /^[\s：:]*$/.test(region.slice(0, lm[0]!.index)))) {
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
        let bond: BondTerms | undefined;
        let endInRegion = 0;
        switch (spec.kind) {
          case 'money': {
            const mm = parseMoney(region, unit);
            if (!mm || mm.index > 40 || mm.value <= 0) break;
            // a rule about amounts, not this tender's amount: 「预算金额未达100万元的采购项目，由采购人处理…」 (a label
            // run on into a sentence, a comparison before the figure)
            if (!/[:：\t|｜]|\s{2,}/.test(sep) && /未达|达到|超过|超出|高于|低于|不足|以上|以下|不超|不得/.test(region.slice(0, mm.index))) break;
            // a unit cap is not the project's ceiling: 「单价限高价1400元/组」「230元/人/月」「每人每月3000元」 (a yearly
            // total, 「2,435,216.00元/年」, and 「每家投标人投标总价…不超过630000元」 are the project's)
            if (perUnit(region, mm)) break;
            // a list of amounts under one label (「最高限价（元）：620000；540000；180000」) is the lots' caps, none of them
            // the whole project's
            if (spec.key === 'ceilingPrice' && /^\s*[；;、]\s*\d/.test(region.slice(mm.index + mm.text.length))) break;
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
            // the label's phrase closes before the date (「（…不早于投标截止日期）；如租赁结束期未至2025年8月31日」): the
            // date answers other words
            if (/^\s*[)）]|[；;。]/.test(region.slice(0, dm.index))) break;
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
            // 「ZBZBD0000896ZX0010号」: 号 closes a code, it is not part of it (a 文号 「HZCG〔2026〕77号」 keeps it)
            if (/[A-Za-z0-9]号$/.test(v) && !/[〔【[（(]\s*\d{4}\s*[〕】\]）)]/.test(v)) v = v.slice(0, -1);
            let end = region.indexOf(cm[1]!) + v.length;
            // a re-run tender's round printed after the code: 「…-2573350-11 三次」
            const tail = ROUND_TAIL.exec(region.slice(region.indexOf(cm[1]!) + cm[1]!.length));
            if (tail && v === cm[1]) {
              v += tail[0].trim();
              end += tail[0].trimEnd().length;
            }
            value = v;
            text = v;
            endInRegion = end;
            break;
          }
          case 'bond': {
            const terms = bondTerms(region, unit);
            if (!terms) break;
            bond = terms;
            if (terms.amount !== undefined) amount = terms.amount;
            // the wording: up to the figure (and its bracket), or the clause
            const t = cutText(region, 'place');
            const mm = terms.kind === 'amount' ? parseMoney(region) : null;
            let end = lead2 + Math.min(t.length, 80);
            if (mm) {
              end = mm.index + mm.text.length;
              const tail = /^\s*[（(][^）)]{0,40}[)）]/.exec(region.slice(end));
              if (tail) end += tail[0].length;
              // 「人民币：壹拾伍万元（￥150,000.00）」: the figure inside a bracket closes it
              const open = region.slice(lead2, end);
              if ((open.match(/[（(]/g)?.length ?? 0) > (open.match(/[)）]/g)?.length ?? 0) && /^\s*[)）]/.test(region.slice(end))) end = region.indexOf(region.slice(end).trimStart()[0]!, end) + 1;
            }
            text = region.slice(lead2, end).trim();
            if (!text) break;
            value = tickedText(text).replace(/\s+/g, ' ').trim() || text;
            endInRegion = lead2 + text.length;
            break;
          }
          default: {
            let t = cutText(region, spec.kind);
            // the cell repeats its label (「集中招标项目名称\t项目名称：见公告」)
            t = t.replace(/^(?:[^\s：:]{0,4}(?:项目|工程)名称|名\s*称)\s*[：:]\s*/, '');
            if (spec.kind === 'org') {
              const d = DEFINES.exec(t);
              if (d && d[0]) {
                t = t.slice(d[0].length);
                const by = EXECUTED_BY.exec(region.slice(region.indexOf(t) + t.length));
                if (by && by[1]!.startsWith(t) && by[1]!.length > t.length) t = by[1]!;
              }
            }
            if (CLAUSE_NO.test(t)) break;
            if (t.length < 2 || t.length > (spec.kind === 'text' ? 100 : 80) || PLACEHOLDER.test(t) || !/[\u4e00-\u9fa5A-Za-z0-9]/.test(t)) break;
            if (spec.kind === 'org' && !/[\u4e00-\u9fa5]{2}/.test(t)) break;
            if (junkValue(spec.kind, t)) break;
            // a form's fill-in brackets around the name: 「项目名称: [ 2024年…项目 ]」
            const wrappedIn = /^[[【]\s*(.+?)\s*[\]】]$/.exec(t);
            if (wrappedIn) t = wrappedIn[1]!;
            // the next cell of a table header row (「序号\t项目名称\t单位\t数量」) is not a value
            if (/^(?:单位|数量|单价|合计|备注|金额|内容|规格|型号|序号|名称|地址|电话|编号)$/.test(t)) break;
            value = t;
            text = t;
            endInRegion = region.indexOf(t) + t.length;
            // a name wrapped onto the next line (「…非执法类辅助及后」/「勤服务项目」, 「管理处（北」/「京市松山林场管理处）」)
            const wrap = wrapped(fl, valueLine, valueOffset + endInRegion, t, spec.kind);
            if (wrap) {
              value = t + wrap.text;
              text = value;
              wrapTo = wrap;
            }
            // a cell's line break inside a name became a space: 「深圳公共资源交易中心 （深圳交易集团有限公司宝安分公司）」
            if (spec.kind === 'org') value = String(value).replace(/\s+(?=[（(])/g, '');
          }
        }
        if (value === null) continue;
        const endLine = wrapTo ? wrapTo.line : valueLine;
        const endOffset = wrapTo ? wrapTo.text.length : valueOffset + endInRegion;
        const excerpt = cap(
          endLine === line ? sliceLines(fl, line, line, m.index, endOffset) : sliceLines(fl, line, endLine, m.index, endOffset),
          300,
        );
        // an organisation's name ends the way names do (公司, 局, 院, 中心, 学校…); another phrase is a weak value
        if (spec.kind === 'org' && !ORG_END.test(String(value).trim())) weak = true;
        const doubt = weak ? DOUBT.sentence : strength > 0 ? DOUBT.broad : undefined;
        out.push({ key: spec.key, value, text, amount, line, excerpt, lot: segLot, changed, fl, ...(weak ? { weak } : {}), ...(bond ? { bond } : {}), ...(doubt ? { doubt } : {}) });
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
 * 采购项目内容 table prints it) when the text gives it no label line. One data row, or the table's 合计 row: several rows
 * without a total are lots or items. The header is the table's own (its first rows, a short cell), and a value is a cell
 * that is an amount (「800万元（含税）」), never a sentence that happens to start with a number.
 */
export function tableMoney(fl: FileLines, key: CardFactKey): Occ | null {
  const head =
    key === 'budget'
      ? /预算金额|采购预算|项目预算|预算\s*[(（]|预算限额|预估(?:采购)?(?:金额|总额)|估算金额/
      : /最高限价|最高投标限价|控制价/;
  for (const b of fl.file.model?.blocks ?? []) {
    if (b.type !== 'table') continue;
    const grid = tableTexts(b);
    const h = grid.slice(0, 2).findIndex((row) => row.some((t) => head.test(t) && t.replace(/\s+/g, '').length <= 16));
    if (h < 0) continue;
    const col = grid[h]!.findIndex((t) => head.test(t) && t.replace(/\s+/g, '').length <= 16);
    const unit = labelUnit(grid[h]![col]!);
    const vals = grid.slice(h + 1).flatMap((row, k) => {
      const t = (row[col] ?? '').trim();
      if (!t || row.every((c) => c === t)) return [];
      const flat = t.replace(/(\d)\s+(?=\d)/g, '$1');
      const m = parseMoney(flat, unit ?? '元');
      if (!m || m.index !== 0 || flat.length - m.text.length > 12 || m.value <= 0) return [];
      const total = row.slice(0, col).some((c) => /^(?:合\s*计|总\s*计|总预算|总价|总金额)/.test(c.trim()));
      return [{ value: m.value, text: t, page: b.rows[h + 1 + k]!.page, total }];
    });
    const total = vals.find((v) => v.total);
    const items = vals.filter((v) => !v.total);
    const same = items.length >= 2 && items.every((x) => x.value === items[0]!.value);
    const v = total ?? (items.length === 1 || same ? items[0] : undefined);
    if (v) {
      if (!verifyExcerpt(fl.file.pages, v.page, v.text)) continue;
      const line = { file: fl.file.name, page: v.page, text: v.text, start: 0, end: 0, i: -1, lot: null } as Line;
      return { key, value: v.value, text: v.text, line, excerpt: v.text, lot: null, changed: false, fl };
    }
    // a budget table of several plans (or lots) without a 合计 row: the project's budget is their sum — a figure the
    // tender does not print, so the card says to check it
    if (key === 'budget' && items.length >= 2 && items.length <= 30) {
      const first = items[0]!;
      if (!verifyExcerpt(fl.file.pages, first.page, first.text)) continue;
      const sum = Math.round(items.reduce((a, x) => a + x.value, 0) * 100) / 100;
      const line = { file: fl.file.name, page: first.page, text: first.text, start: 0, end: 0, i: -1, lot: null } as Line;
      return { key, value: sum, text: items.map((x) => x.text).join(' + '), line, excerpt: first.text, lot: null, changed: false, fl, doubt: DOUBT.summed };
    }
  }
  return null;
}

/**
 * The legal name behind a short one: 「太平康复医院（上海）有限公司（以下简称“上海太平康复医院”）」 — the card shows the
 * name the tender defines, cited where it defines it.
 */
export function definedName(fls: FileLines[], fact: CardFact<string | number>): CardFact<string | number> {
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

/** 「XX项目招标文件」 on the cover when no 项目名称 label is found; a title wrapped over several lines is joined. */
export function titleName(fl: FileLines): Occ | null {
  const firstPages = fl.lines.filter((l) => l.page <= (fl.lines[0]?.page ?? 1) + 1).slice(0, 40);
  const SUFFIX = /(?:公开)?(?:招标公告|招标文件|竞争性磋商文件|竞争性谈判文件|采购公告|询价文件|磋商文件|谈判文件|采购文件|招标书|比选文件)$/;
  const PROJECT = /项目|工程|采购|服务|建设|系统|平台/;
  const tidy = (s: string) => s.replace(/(?<=[\u4e00-\u9fa5])\s+(?=\d)|(?<=\d)\s+(?=[\u4e00-\u9fa5])/g, '').trim();
  for (const l of firstPages) {
    const m = new RegExp(`^(.{4,60}?)\\s*(?:[（(][^）)]*[)）])?\\s*${SUFFIX.source}`).exec(l.text);
    if (m && PROJECT.test(m[1]!)) {
      const v = m[1]!.replace(/的$/, '').trim();
      return { key: 'projectName', value: tidy(v), text: v, line: l, excerpt: sliceLines(fl, l, l, 0, m[1]!.length), lot: l.lot, changed: false, fl, doubt: DOUBT.title };
    }
    if (SUFFIX.test(l.text) && l.text.replace(SUFFIX, '').replace(/^(?:政府采购|公开招标|邀请招标)/, '').trim() === '') {
      // the title's lines above it (「宁波华润兴光燃气有限公司 2026 年度短」/「信息业务服务项目」), at most three
      const parts: Line[] = [];
      for (let k = l.i - 1; k >= 0 && parts.length < 3; k--) {
        const prev = fl.lines[k]!;
        if (prev.page !== l.page || !isHeadingLike(prev.text, 60) || /[:：]|编号/.test(prev.text) || /^[\d\s.]+$/.test(prev.text)) break;
        parts.unshift(prev);
      }
      const text = parts.map((p) => p.text).join('');
      if (parts.length && PROJECT.test(text) && text.length <= 100) {
        const first = parts[0]!;
        const last = parts[parts.length - 1]!;
        return { key: 'projectName', value: tidy(text), text, line: first, excerpt: sliceLines(fl, first, last), lot: first.lot, changed: false, fl, doubt: DOUBT.title };
      }
    }
  }
  return null;
}


export function source(fl: FileLines, line: Line, excerpt: string): CardEntry {
  const verified = verifyExcerpt(fl.file.pages, line.page, excerpt);
  return {
    source: { page: line.page, file: fl.file.name, excerpt },
    verified,
    ...(verified ? {} : { flags: ['unverified' as CardFlag] }),
    ...(line.lot ? { lot: line.lot } : {}),
    origin: 'rule',
  };
}

export function addFlag(e: CardEntry, f: CardFlag): void {
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

export function factOf(o: Occ): CardFact<string | number> {
  const base = source(o.fl, o.line, o.excerpt);
  if (o.lot) base.lot = o.lot;
  else delete base.lot;
  const fact: CardFact<string | number> & { amount?: number } & Partial<BondTerms> = { value: o.value, text: o.text, ...base };
  if (o.key === 'bidBond' && o.amount !== undefined) fact.amount = o.amount;
  if (o.key === 'bidBond' && o.bond) Object.assign(fact, o.bond);
  return fact;
}

const CONFLICT_KINDS = new Set<Kind>(['money', 'date']);

export function mergeFact(spec: Spec, perFile: Array<{ fl: FileLines; occs: Occ[] }>): CardFact<string | number> | null {
  const base = perFile.filter((f) => f.fl.file.role === 'main');
  const boq = perFile.filter((f) => f.fl.file.role === 'boq');
  const amend = perFile.filter((f) => f.fl.file.role === 'amendment');
  const all = base.flatMap((f) => f.occs);
  // a value labelled at the start of its line or cell before one labelled inside a sentence
  const mainOccs = [...all.filter((o) => !o.weak), ...all.filter((o) => o.weak)];
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
  // names and numbers: another value labelled as plainly (not inside a sentence), neither a part of the other — two
  // project names, a stale number copied from an older tender, a purchaser printed two ways
  if (winner && !CONFLICT_KINDS.has(spec.kind) && spec.kind !== 'bond' && spec.kind !== 'place') {
    const k = (v: unknown) => String(v).normalize('NFKC').replace(/[\s“”"'‘’]/g, '').toLowerCase();
    const w = k(winner.value);
    for (const o of mainOccs) {
      const v = k(o.value);
      if (o.weak || !v || v === w || w.includes(v) || v.includes(w) || (o.lot && winner.lot && o.lot !== winner.lot)) continue;
      if (!conflicts.some((c) => k(c.value) === v)) conflicts.push(o);
    }
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
  if (winner.doubt && !overridden.length) {
    fact.doubt = winner.doubt;
    addFlag(fact, 'uncertain');
  }
  return fact;
}
