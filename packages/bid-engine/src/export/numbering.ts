import { AlignmentType, LevelFormat, LevelSuffix, type ILevelsOptions } from 'docx';
import { type HeadingStyle } from './settings.js';
import { chineseCounting } from '../text/numerals.js';

export { chineseCounting };

/** Heading and list numbering: Word's own numbering definitions, and the same numbers as text for the TOC's cached entries. */

/** Typed number prefixes a title may carry («第一章 », «1.2 », «一、», «（一）»): Word's numbering replaces them. */
const PREFIX_RE =
  /^\s*(?:第[一二三四五六七八九十百零〇两\d]+[章节篇部分卷]|[一二三四五六七八九十百]+[、.．]|\d+(?:\.\d+)+[.、．]?|\d+[.、．](?!\d)|[（(][一二三四五六七八九十\d]+[)）])\s*/;

export function stripNumberPrefix(title: string): string {
  const stripped = title.replace(PREFIX_RE, '').trim();
  return stripped || title.trim();
}


/** The number Word's numbering shows for a heading at `counters` (1-based, one per level), used for the TOC's cached text. */
export function headingNumber(style: HeadingStyle, counters: number[]): string {
  const level = counters.length;
  if (style === 'numeric') return counters.join('.');
  const n = counters[level - 1]!;
  if (level === 1) return `第${chineseCounting(n)}章`;
  if (level === 2) return `第${chineseCounting(n)}节`;
  return `${chineseCounting(n)}、`;
}

export function headingLevels(style: HeadingStyle): ILevelsOptions[] {
  const indent = { left: 0, hanging: 0 };
  if (style === 'numeric') {
    return ['%1', '%1.%2', '%1.%2.%3'].map((text, level) => ({
      level,
      format: LevelFormat.DECIMAL,
      text,
      alignment: AlignmentType.LEFT,
      suffix: LevelSuffix.SPACE,
      isLegalNumberingStyle: true,
      style: { paragraph: { indent } },
    }));
  }
  return [
    { level: 0, text: '第%1章', suffix: LevelSuffix.SPACE },
    { level: 1, text: '第%2节', suffix: LevelSuffix.SPACE },
    { level: 2, text: '%3、', suffix: LevelSuffix.NOTHING },
  ].map((l) => ({ ...l, format: LevelFormat.CHINESE_COUNTING, alignment: AlignmentType.LEFT, style: { paragraph: { indent } } }));
}

export function orderedLevels(): ILevelsOptions[] {
  const texts = ['%1.', '(%2)', '%3)', '%4.', '(%5)', '%6)', '%7.', '(%8)', '%9)'];
  return texts.map((text, level) => ({
    level,
    format: level % 3 === 2 ? LevelFormat.LOWER_LETTER : LevelFormat.DECIMAL,
    text,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 420 * (level + 1), hanging: 420 } } },
  }));
}
