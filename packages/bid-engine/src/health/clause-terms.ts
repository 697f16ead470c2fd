import { pairsFoundIn } from '../text/ngrams.js';
import { REQUIREMENT_HEAD } from '../tender/rules/requirements.js';

/**
 * The key terms of a tender clause (a ★ clause, a qualification requirement): its numbers with their unit and its noun
 * phrases, and whether a text states them (checks/star-unanswered.ts, checks/qualification-missing.ts).
 */

const STOP =
  /投标人|供应商|投标单位|中标人|成交供应商|本项目|采购人|招标人|必须|应当|需要|要求|提供|承诺|具备|具有|满足|符合|不少于|不低于|不超过|不高于|不得|以上|以内|以下|至少|并且|按照|根据|否则|视为|无效|投标|响应|[须应需并及和与或的在对为且等其]/g;
const NUM_TERM = /(\d+(?:\.\d+)?)\s*(个工作日|工作日|个月|小时|分钟|天|日|年|月|人|名|%|％|万元|元|台|套|次)?/g;

export interface ClauseTerms {
  numbers: { n: string; unit: string }[];
  words: string[];
}

/** A clause without its own numbering and marks (「★5.3.2」「1.4 」「（3）」「第八条」). */
const leading = (text: string): string => text.replace(/^[\s★▲*]*(?:\d+(?:\.\d+)+(?!\.?\d)[\s、．.]|\d+(?:\.\d+){2,}(?=[\u4e00-\u9fa5])|\d+\.\d+(?=[\u4e00-\u9fa5])(?!米|吨|元|人|天|日|年|个|小时|分|台|套|次|名|期|条|千|万|公|平|立|厘|毫|寸|克|升|度|倍|级|层|周|月|秒|兆|亿|件|份|只|张|项|家|辆|株|棵|块|根|倍)|[（(]?\d+[)）.、]|第[一二三四五六七八九十\d]+条)?\s*/, '').replace(/[★▲]/g, '');

/** Key numbers (with their unit) and noun phrases of a clause. */
export function clauseTerms(text: string): ClauseTerms {
  // the clause's own numbering (「3.」「（2）」「1.4 」「1.3物业…」「2.2.4日常…」「5.3.2采购人…」 whole, not 「5.3.」 and a figure 2;
  // 「第8条」) is no figure to restate; 「1.5米高」 is a figure
  const body = leading(text);
  const numbers: ClauseTerms['numbers'] = [];
  // (a cell under its column's head starts with its own numbering: 「招标技术要求：1.2.1.3 手柄运动空间：≥27L」)
  const cell = labelled(body);
  const content = cell === body ? body : leading(cell);
  for (const m of content.matchAll(NUM_TERM)) numbers.push({ n: m[1]!, unit: (m[2] ?? '').replace('％', '%') });
  const words = content
    .replace(NUM_TERM, ' ')
    .replace(STOP, ' ')
    .split(/[\s，,。；;：:、（）()“”"'「」《》【】\-—/]+/)
    .map((w) => w.trim())
    .filter((w) => w.length >= 2);
  return { numbers, words: [...new Set(words)] };
}

/**
 * A row of a table read as 「表头：内容；表头：内容」 (「货物名称（标的名称）：电子目镜；单位：台」): its contents — the heads
 * only label them, and a response names the item, not the column.
 */
function labelled(body: string): string {
  // (the row's number leading it, 「1.9；货物名称：…」, is no field)
  const fields = body.split(/[；;]/).map((f) => f.trim()).filter((f, i) => f && !(i === 0 && /^\d+(?:\.\d+)*$/.test(f)));
  const pairs = fields.map((f) => /^([^：:，,。]{1,12})[：:](.+)$/.exec(f));
  if (fields.length >= 2 && pairs.every(Boolean)) return pairs.map((m) => m![2]!).join('；');
  // a requirement cell under its column's head (「招标技术要求：1.16 机组自启动成功率：≥98%」)
  const head = /^([^：:，,。；;]{1,12})[：:]/.exec(body);
  return head && REQUIREMENT_HEAD.test(head[1]!.replace(/\s+/g, '')) ? body.slice(head[0].length) : body;
}

export function wordIn(word: string, text: string): boolean {
  if (text.includes(word)) return true;
  if (word.length < 4) return false;
  return pairsFoundIn(word, text) >= 0.7;
}

function numberIn(num: { n: string; unit: string }, text: string): boolean {
  // not inside another number (「10名」「0.1名」); a list's letter before it (「A.1名及以上」) is no number
  const re = new RegExp(`(?<!\\d|\\d\\.)${num.n.replace('.', '\\.')}\\s*${num.unit.replace('%', '[%％]')}`);
  return re.test(text);
}

/** A section answers a clause when it states all the clause's numbers and ≥ 60 % of its key phrases. */
export function answersClause(terms: ClauseTerms, text: string): boolean {
  if (!terms.numbers.every((n) => numberIn(n, text))) return false;
  if (terms.words.length === 0) return terms.numbers.length > 0;
  return terms.words.filter((w) => wordIn(w, text)).length / terms.words.length >= 0.6;
}
