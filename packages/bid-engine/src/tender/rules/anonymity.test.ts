import { describe, expect, it } from 'vitest';
import { MAIN_FILE, MAIN_PAGES, pagesOf } from '../../../test/fixtures/tender-pages.js';
import { extractCard } from '../card.js';
import { isAnonymityClause, parseFormat } from './anonymity.js';
import { verifyExcerpt } from '../verify.js';
import type { TenderFileInput } from '../types.js';

/** The generated tender with a 暗标 chapter on a page of its own (page 5 of the instructions). */
function anonTender(extra: string): TenderFileInput {
  const pages = [...MAIN_PAGES];
  pages[3] = `${pages[3]}\n${extra}`;
  return { ...MAIN_FILE, pages: pagesOf(pages) };
}

const ANON_TEXT = `18. 技术标暗标要求
18.1 技术标（暗标）部分不得出现投标人名称、标志、人员姓名、联系电话等任何能识别投标人身份的信息，否则按无效投标处理。
18.2 技术标采用A4纸，正文统一使用宋体小四号字，1.5倍行距，页边距2.5厘米，字体颜色一律为黑色。
18.3 技术标不得设置页眉页脚，篇幅不超过80页。`;

describe('card.anonymity — the 暗标 rules of a tender', () => {
  it('a tender requiring 暗标: required, its scope, each clause cited on its page, the format read out', () => {
    const file = anonTender(ANON_TEXT);
    const card = extractCard([file]);
    const a = card.anonymity!;
    expect(a.required).toBe(true);
    expect(a.scope).toBe('技术标');
    expect(a.clauses.length).toBeGreaterThanOrEqual(2);
    for (const c of a.clauses) {
      expect(c.source.page).toBe(4);
      expect(verifyExcerpt(file.pages, c.source.page, c.source.excerpt), c.source.excerpt).toBe(true);
    }
    expect(a.format).toMatchObject({ font: '宋体', sizeName: '小四', sizePt: 12, paper: 'A4', marginCm: 2.5, maxPages: 80, blackText: true, noHeaderFooter: true });
    expect(a.format.lineSpacing).toMatchObject({ multiple: 1.5 });
    expect(a.advisory).toBeUndefined();
  });

  it('the generated tender without 暗标: not required, only its paper (A4 binding rule); a recommended font alone is advisory', () => {
    expect(extractCard([MAIN_FILE]).anonymity).toMatchObject({ required: false, format: { paper: 'A4' } });
    expect(extractCard([{ ...MAIN_FILE, pages: pagesOf(MAIN_PAGES.map((p) => p.replace(/A4纸/g, '纸张'))) }]).anonymity).toBeNull();
    const card = extractCard([anonTender('13.1 投标文件规格幅面应与招标文件正文一致，建议行文使用宋体小四号字。')]);
    expect(card.anonymity).toMatchObject({ required: false, advisory: true, format: { font: '宋体', sizeName: '小四' } });
  });

  it('fixed line spacing, point sizes and fonts with their GB names', () => {
    expect(parseFormat(['正文采用仿宋_GB2312三号字，行距固定值28磅'])).toMatchObject({ font: '仿宋_GB2312', sizeName: '三号', sizePt: 16, lineSpacing: { exactPt: 28 } });
    expect(parseFormat(['标题黑体，正文宋体四号，单倍行距'])).toMatchObject({ font: '宋体', sizeName: '四号', lineSpacing: { multiple: 1 } });
  });

  it('confidentiality of the evaluation is not a 暗标 rule', () => {
    expect(isAnonymityClause('评标委员会成员不得泄露评审文件、评审情况和评审中获悉的投标人信息')).toBe(false);
    expect(isAnonymityClause('招标人不得泄露招标投标活动中应当保密的情况和资料')).toBe(false);
    expect(isAnonymityClause('技术部分实行双盲评审，不得出现投标人的名称或标识')).toBe(true);
    expect(isAnonymityClause('投标文件中不得出现任何能识别投标人身份的内容')).toBe(true);
    // a contract clause on using the purchaser's name (corpus c10) is not one
    expect(isAnonymityClause('乙方及其关联公司相关人员不得自行或授权任何第三方在任何场合以甲方公司名义使用甲方名称、标识和字样')).toBe(false);
  });
});
