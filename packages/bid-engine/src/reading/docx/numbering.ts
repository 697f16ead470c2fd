import { kid, kids, val, type XNode } from './xml.js';
import { chineseCounting } from '../../text/numerals.js';

export { chineseCounting };

/**
 * Word's automatic numbering (numbering.xml): a paragraph's `w:numPr` (numId + ilvl) points at a `w:num`, which points
 * at a `w:abstractNum` whose `w:lvl` gives the start, the format (decimal, chineseCounting, …) and the text pattern
 * ('第%1章', '%1、', '（%1）', '%1.%2'). Word keeps one counter set per abstract definition — lists that share one
 * continue each other — unless a `w:num` restarts a level with `w:startOverride`. The numbering is rendered here the
 * way Word prints it, so a heading gets '第三章' and a list item '（2）'.
 */

interface Level {
  start: number;
  fmt: string;
  text: string;
  /** legal numbering: every level printed in decimal */
  lgl: boolean;
  /** restart after this (1-based) level; 0 = never restart */
  restart?: number;
  /** the paragraph style this level is linked to */
  pStyle?: string;
}

interface NumDef {
  abstractId: string;
  overrides: Map<number, number>;
}

export interface NumberingDefs {
  abstracts: Map<string, Level[]>;
  nums: Map<string, NumDef>;
}

export function parseNumbering(root: XNode | null): NumberingDefs {
  const abstracts = new Map<string, Level[]>();
  const nums = new Map<string, NumDef>();
  const numbering = root ? kid(root, 'w:numbering') : undefined;
  for (const a of kids(numbering, 'w:abstractNum')) {
    const id = a.attrs['w:abstractNumId'];
    if (id === undefined) continue;
    const levels: Level[] = [];
    for (const l of kids(a, 'w:lvl')) levels[Number(l.attrs['w:ilvl'] ?? 0)] = readLevel(l);
    abstracts.set(id, levels);
  }
  for (const n of kids(numbering, 'w:num')) {
    const id = n.attrs['w:numId'];
    const abstractId = val(n, 'w:abstractNumId');
    if (id === undefined || abstractId === undefined) continue;
    const overrides = new Map<number, number>();
    for (const o of kids(n, 'w:lvlOverride')) {
      const ilvl = Number(o.attrs['w:ilvl'] ?? 0);
      const start = val(o, 'w:startOverride');
      if (start !== undefined) overrides.set(ilvl, Number(start));
      const lvl = kid(o, 'w:lvl');
      if (lvl) {
        // A level redefined in the instance: keep it as its own abstract definition.
        const base = abstracts.get(abstractId) ?? [];
        const copy = base.slice();
        copy[ilvl] = readLevel(lvl);
        abstracts.set(`${abstractId}#${id}`, copy);
        nums.set(id, { abstractId: `${abstractId}#${id}`, overrides });
      }
    }
    if (!nums.has(id)) nums.set(id, { abstractId, overrides });
  }
  return { abstracts, nums };
}

function readLevel(l: XNode): Level {
  const restart = val(l, 'w:lvlRestart');
  return {
    start: Number(val(l, 'w:start') ?? 1),
    fmt: val(l, 'w:numFmt') ?? 'decimal',
    text: val(l, 'w:lvlText') ?? '',
    lgl: kid(l, 'w:isLgl') !== undefined,
    ...(restart !== undefined ? { restart: Number(restart) } : {}),
    ...(val(l, 'w:pStyle') !== undefined ? { pStyle: val(l, 'w:pStyle') } : {}),
  };
}

/** Counts the paragraphs of every list and renders their markers, in document order. */
export class NumberingCounter {
  private counters = new Map<string, number[]>();
  private seenNums = new Set<string>();

  constructor(private defs: NumberingDefs) {}

  /** The level of a list linked to a paragraph style (a heading style numbered by a multilevel list). */
  levelForStyle(numId: string, styleId: string): number | undefined {
    const num = this.defs.nums.get(numId);
    const levels = num ? this.defs.abstracts.get(num.abstractId) : undefined;
    const i = levels?.findIndex((l) => l?.pStyle === styleId) ?? -1;
    return i >= 0 ? i : undefined;
  }

  /** The printed marker of the next paragraph with this numId/ilvl ('' for a bullet-less or unknown list). */
  next(numId: string, ilvl: number): { marker: string; fmt: string } | null {
    const num = this.defs.nums.get(numId);
    if (!num) return null;
    const levels = this.defs.abstracts.get(num.abstractId);
    const level = levels?.[ilvl];
    if (!levels || !level) return null;
    let counts = this.counters.get(num.abstractId);
    if (!counts) {
      counts = [];
      this.counters.set(num.abstractId, counts);
    }
    if (!this.seenNums.has(numId)) {
      this.seenNums.add(numId);
      // A list instance restarting levels (w:startOverride) begins them anew.
      for (const [l] of num.overrides) counts[l] = undefined as unknown as number;
    }
    const start = (l: number) => num.overrides.get(l) ?? levels[l]?.start ?? 1;
    counts[ilvl] = counts[ilvl] === undefined ? start(ilvl) : counts[ilvl]! + 1;
    for (let l = ilvl + 1; l < levels.length; l++) {
      const r = levels[l]?.restart;
      if (r === 0) continue;
      if (r === undefined || r >= ilvl + 1) counts[l] = undefined as unknown as number;
    }
    if (level.fmt === 'bullet') return { marker: bulletChar(level.text), fmt: 'bullet' };
    if (level.fmt === 'none') return { marker: level.text.replace(/%\d/g, '').trim(), fmt: 'none' };
    const marker = level.text.replace(/%(\d)/g, (_, d: string) => {
      const l = Number(d) - 1;
      const n = counts![l] ?? start(l);
      const fmt = level.lgl && l !== ilvl ? 'decimal' : (levels[l]?.fmt ?? 'decimal');
      return formatNumber(n, fmt);
    });
    return { marker: marker.trim(), fmt: level.fmt };
  }
}

const CN_LEGAL = '零壹贰叁肆伍陆柒捌玖';
const TIANGAN = '甲乙丙丁戊己庚辛壬癸';
const DIZHI = '子丑寅卯辰巳午未申酉戌亥';

function letters(n: number, base: string): string {
  const c = base[(n - 1) % 26]!;
  return c.repeat(Math.floor((n - 1) / 26) + 1);
}

function roman(n: number): string {
  const map: Array<[number, string]> = [
    [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
    [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of map) {
    while (n >= v) {
      out += s;
      n -= v;
    }
  }
  return out;
}

export function formatNumber(n: number, fmt: string): string {
  switch (fmt) {
    case 'chineseCounting':
    case 'chineseCountingThousand':
    case 'japaneseCounting':
    case 'taiwaneseCounting':
    case 'taiwaneseCountingThousand':
    case 'ideographDigital':
      return chineseCounting(n);
    case 'chineseLegalSimplified':
    case 'ideographLegalTraditional':
      return chineseCounting(n, CN_LEGAL, ['', '拾', '佰', '仟']);
    case 'ideographTraditional':
      return TIANGAN[(n - 1) % 10] ?? String(n);
    case 'ideographZodiac':
      return DIZHI[(n - 1) % 12] ?? String(n);
    case 'decimalEnclosedCircle':
    case 'decimalEnclosedCircleChinese':
      return n >= 1 && n <= 20 ? String.fromCodePoint(0x2460 + n - 1) : String(n);
    case 'decimalEnclosedParen':
      return `(${n})`;
    case 'decimalFullWidth':
    case 'decimalFullWidth2':
      return String(n).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    case 'decimalZero':
      return n < 10 ? `0${n}` : String(n);
    case 'upperLetter':
      return letters(n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    case 'lowerLetter':
      return letters(n, 'abcdefghijklmnopqrstuvwxyz');
    case 'upperRoman':
      return roman(n);
    case 'lowerRoman':
      return roman(n).toLowerCase();
    default:
      return String(n);
  }
}

/** Bullets are usually Symbol/Wingdings private-use characters: printed as the common bullet they stand for. */
function bulletChar(text: string): string {
  const t = text.trim();
  if (!t) return '';
  const cp = t.codePointAt(0)!;
  if (cp >= 0xf000 && cp <= 0xf0ff) return mapSymbol(cp & 0xff) ?? '●';
  return t;
}

/**
 * The common Wingdings / Symbol private-use characters (U+F0xx = font code 0xxx) as the Unicode characters they draw —
 * ★ ▲ √ □ ■ ☑ and bullets — so a ★ clause typed with Insert › Symbol still reads as ★.
 */
export function mapSymbol(code: number, font = ''): string | undefined {
  const f = font.toLowerCase();
  if (f.includes('symbol') && !f.includes('wingdings')) {
    const sym: Record<number, string> = { 0xb7: '•', 0xd6: '√', 0xb4: '×', 0xae: '→', 0xa8: '♦', 0xa7: '♣', 0xaa: '♠', 0xa9: '♥' };
    return sym[code];
  }
  if (f.includes('wingdings 2')) {
    const w2: Record<number, string> = { 0x50: '√', 0x52: '☑', 0x54: '☒', 0xa3: '□', 0xa2: '■', 0xea: '★', 0x97: '●' };
    return w2[code];
  }
  const wd: Record<number, string> = {
    0xab: '★', 0xb6: '☆', 0xfc: '√', 0xfe: '☑', 0xfd: '☒', 0xa8: '□', 0x6f: '□', 0x71: '□', 0x6e: '■', 0xa7: '■',
    0xd8: '▶', 0x75: '◆', 0x76: '◆', 0x6c: '●', 0x9f: '●', 0xa1: '○', 0xb2: '▲', 0x70: '▲', 0xe0: '→', 0xe8: '→',
    0xb7: '•', 0x4a: '☺', 0xfb: '×',
  };
  return wd[code];
}
