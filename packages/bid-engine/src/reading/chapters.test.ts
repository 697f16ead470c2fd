import { describe, expect, it } from 'vitest';
import { detectChapters, findRunningLines, isTocLine, parseHeading, stripRunningLines } from './chapters.js';

const pages = (texts: string[]) => texts.map((text, i) => ({ page: i + 1, text }));

describe('parseHeading', () => {
  it.each([
    ['第一章 招标公告', 1, '第一章 招标公告'],
    ['第 3 章　投标人须知', 1, '第 3 章 投标人须知'],
    ['第二部分 商务部分', 0, '第二部分 商务部分'],
    ['第十二节 付款', 2, '第十二节 付款'],
    ['一、项目概况', 3, '一、项目概况'],
    ['十一、其他事项', 3, '十一、其他事项'],
    ['（三）开标一览表', 4, '（三）开标一览表'],
    ['(二) 资格要求', 4, '(二) 资格要求'],
    ['1. 总则', 5, '1. 总则'],
    ['2、适用范围', 5, '2、适用范围'],
    ['1.1 项目概况', 6, '1.1 项目概况'],
    ['3.2.1 服务器配置', 7, '3.2.1 服务器配置'],
  ])('%s → rank %i', (line, rank, title) => {
    expect(parseHeading(line)).toMatchObject({ rank, title });
  });

  it.each([
    '第 3 页 共 40 页',
    '一、投标人应具备独立法人资格，具有良好的商业信誉。',
    '1. 投标人须提供近三年经审计的财务报告，并加盖公章。',
    '3.5 万元以上的合同',
    '2026 年 3 月 18 日',
    '技术方案\t30\t方案完整',
    '★1. 平台须支持不少于 5,000 路视频接入',
    '100',
    '',
  ])('not a heading: %s', (line) => {
    expect(parseHeading(line)).toBeNull();
  });

  it('a bare 第X章 marker keeps its name from the next line', () => {
    expect(parseHeading('第一章')).toMatchObject({ rank: 1, bare: true });
    expect(detectChapters(pages(['第一章\n招标公告\n正文内容']))).toEqual([{ title: '第一章 招标公告', level: 1, page: 1 }]);
  });
});

describe('table of contents', () => {
  it('recognises TOC entries by leaders and a page number', () => {
    expect(isTocLine('第一章 招标公告 ………………………… 3')).toBe(true);
    expect(isTocLine('第二章 评分标准 ...................... 12')).toBe(true);
    expect(isTocLine('1.1 项目概况····················5')).toBe(true);
    expect(isTocLine('第一章 招标公告')).toBe(false);
    expect(isTocLine('预算金额：人民币 3,860,000.00 元')).toBe(false);
  });

  it('reads leaders of every kind, a wide gap or a tab, a bracketed page; a form’s blank line is no entry', () => {
    expect(isTocLine('第三章 评标办法____________17')).toBe(true);
    expect(isTocLine('第四章 合同条款——————（21）')).toBe(true);
    expect(isTocLine('一、投标函    8')).toBe(true);
    expect(isTocLine('二、开标一览表\t9')).toBe(true);
    expect(isTocLine('1.2 资金来源..3')).toBe(true);
    expect(isTocLine('编号 12345')).toBe(false);
    expect(isTocLine('第四章 合同条款 ----12345')).toBe(false);
    // the blank lines of a form (spaces and underscores, no page number) — once seconds of backtracking each
    expect(isTocLine(`致：${' '.repeat(3000)}${'_'.repeat(3000)}（采购人名称）`)).toBe(false);
    expect(isTocLine(`日期：${' \u3000'.repeat(1500)}年${' '.repeat(3000)}`)).toBe(false);
    expect(isTocLine(`${'_'.repeat(3000)}x1`)).toBe(false);
  });

  it('skips a TOC page, including entries without leaders', () => {
    const chapters = detectChapters(
      pages([
        '目 录\n第一章 招标公告 3\n第二章 投标人须知 5\n第三章 评分办法 9',
        '第一章 招标公告\n一、项目概况\n正文',
        '第二章 投标人须知\n正文',
      ]),
    );
    expect(chapters).toEqual([
      { title: '第一章 招标公告', level: 1, page: 2 },
      { title: '一、项目概况', level: 2, page: 2 },
      { title: '第二章 投标人须知', level: 1, page: 3 },
    ]);
  });
});

describe('running headers and footers', () => {
  const doc = pages(
    Array.from({ length: 8 }, (_, i) =>
      ['XX项目招标文件', i === 2 ? '第一章 招标公告' : `正文内容${'甲乙丙丁戊己庚辛'[i]}`, '其他内容', `第 ${i + 1} 页 共 8 页`].join('\n'),
    ),
  );

  it('finds lines repeated at the top or bottom of most pages', () => {
    const running = findRunningLines(doc);
    expect(running.has('XX项目招标文件')).toBe(true);
    expect(running.has('第#页共#页|0')).toBe(true);
    expect(running.has('其他内容')).toBe(true); // repeated on every page too
  });

  it('strips them and keeps the body', () => {
    const clean = stripRunningLines(doc);
    expect(clean[2]!.text).toBe('第一章 招标公告');
    expect(clean[0]!.text).toBe('正文内容甲');
  });

  it('a running header that looks like a heading is not a chapter on every page', () => {
    const pp = pages(Array.from({ length: 6 }, (_, i) => `第一部分 商务文件\n${i === 3 ? '一、报价要求' : '正文内容很多'}\n- ${i + 1} -`));
    expect(detectChapters(pp)).toEqual([{ title: '一、报价要求', level: 1, page: 4 }]);
  });

  it('keeps body lines that only differ by numbers, strips a page footer offset from the page number', () => {
    const pp = pages(Array.from({ length: 6 }, (_, i) => `1.${i + 1} 第${i + 3}条要求\n正文${'甲乙丙丁戊己'[i]}\n- ${i + 2} -`));
    const clean = stripRunningLines(pp);
    expect(clean.map((p) => p.text)).toEqual(pp.map((_, i) => `1.${i + 1} 第${i + 3}条要求\n正文${'甲乙丙丁戊己'[i]}`));
  });

  it('leaves short documents alone', () => {
    const two = pages(['标题\n正文', '标题\n正文']);
    expect(findRunningLines(two).size).toBe(0);
  });
});

describe('levels', () => {
  it('follow the kinds of heading the document uses', () => {
    const chapters = detectChapters(
      pages(['第一章 总则\n1.1 项目概况\n1.1.1 建设内容\n正文', '第二章 要求\n1.2 资格\n一、无关的条目']),
    );
    expect(chapters.map((c) => [c.title, c.level, c.page])).toEqual([
      ['第一章 总则', 1, 1],
      ['1.1 项目概况', 3, 1],
      ['1.1.1 建设内容', 4, 1],
      ['第二章 要求', 1, 2],
      ['1.2 资格', 3, 2],
      ['一、无关的条目', 2, 2],
    ]);
  });

  it('一、 is level 1 when there is no 第X章', () => {
    expect(detectChapters(pages(['一、项目概况\n（一）建设地点\n正文'])).map((c) => c.level)).toEqual([1, 2]);
  });
});
