import { describe, expect, it } from 'vitest';
import type { BidOutlineNode, ScoringCoverage, ScoringItem, ScoringRowCoverage, TenderCard } from '@btz/shared';
import { coverageBadge, coverageView, scoringOf } from './coverage';
import { blankNode, renumber } from './outline';
import { findExcerpt, splitAtExcerpt } from './excerpt';
import { checkUpload, formatSize, formatTime, stageLabel, UPLOAD_ERRORS } from './labels';

const src = { page: 5, file: 'tender.docx', excerpt: '' };
const item = (id: string, name: string, points: number | null, category: ScoringItem['category']): ScoringItem => ({
  id,
  item: name,
  points,
  criteria: `${name}的评分标准`,
  category,
  source: src,
  verified: true,
});
const scoring = [item('s1', '技术方案', 30, 'technical'), item('s2', '实施计划', 15, 'technical'), item('s3', '售后服务', 10, 'commercial'), item('s4', '投标报价', 35, 'price')];

function outline(): BidOutlineNode[] {
  const n = (id: string, title: string, scoringIds: string[], children: BidOutlineNode[] = []) => ({ ...blankNode(id, title), scoringIds, children });
  return renumber([
    n('n1', '技术部分', [], [n('n1-1', '技术方案', ['s1']), n('n1-2', '实施方案', ['s2']), n('n1-3', '进度保障', ['s2'])]),
    n('n2', '报价部分', ['s4']),
  ]);
}

const card = (rows: ScoringItem[] = scoring, scoringCheck?: TenderCard['scoringCheck']) => ({ scoring: rows, lots: [], ...(scoringCheck ? { scoringCheck } : {}) });
const judged = (rows: Array<[string, ScoringRowCoverage['state'], string[], string[]?]>, unknown: ScoringCoverage['unknown'] = null) => ({
  time: '2026-11-26 12:30:00',
  coverage: {
    rows: rows.map(([scoringId, state, nodeIds, missing = []]) => ({ scoringId, item: scoringId, points: null, category: null, nodeIds, state, chars: 0, terms: [], missing })),
    total: 0,
    answered: 0,
    pointsTotal: null,
    pointsAnswered: null,
    pricePoints: null,
    unknown,
    percent: 0,
  } satisfies ScoringCoverage,
});

describe('coverage view model (by points)', () => {
  it('before the text is checked: the mapping only — nothing counts as covered, gaps are rows without a section', () => {
    const v = coverageView(card(), outline());
    expect(v.rows.map((r) => [r.item, r.nodes.map((x) => `${x.number} ${x.title}`), r.state, r.covered])).toEqual([
      ['技术方案', ['1.1 技术方案'], 'unchecked', false],
      ['实施计划', ['1.2 实施方案', '1.3 进度保障'], 'unchecked', false],
      ['售后服务', [], 'unmapped', false],
      ['投标报价', ['2 报价部分'], 'price', false],
    ]);
    // the price row is scored from the quote: not one of the rows to answer
    expect(v).toMatchObject({ total: 3, covered: 0, mapped: 2, percent: 0, pointsTotal: 55, pointsCovered: 0, pricePoints: 35, checked: false });
    expect(coverageBadge(v)).toEqual({ text: '1', color: 'red' });
  });

  it('after the check: the server’s state per row; a mapped title alone is not covered; 100 % only when every row is answered', () => {
    const nodes = outline();
    nodes[0]!.children.push({ ...blankNode('n1-4', '售后服务方案'), scoringIds: ['s3'] });
    const all = renumber(nodes);
    const part = coverageView(card(), all, [], judged([['s1', 'answered', ['n1-1']], ['s2', 'partial', ['n1-2', 'n1-3'], ['进度计划']], ['s3', 'unanswered', ['n1-4'], ['驻场']], ['s4', 'price', ['n2']]]));
    expect(part.rows.map((r) => [r.scoringId, r.state, r.covered, r.missing])).toEqual([
      ['s1', 'answered', true, []],
      ['s2', 'partial', false, ['进度计划']],
      ['s3', 'unanswered', false, ['驻场']],
      ['s4', 'price', false, []],
    ]);
    expect(part).toMatchObject({ covered: 1, total: 3, percent: 33, pointsCovered: 30, checked: true, time: '2026-11-26 12:30:00' });
    expect(coverageBadge(part)).toEqual({ text: '33%', color: 'red' });
    const full = coverageView(card(), all, [], judged([['s1', 'answered', ['n1-1']], ['s2', 'answered', ['n1-2', 'n1-3']], ['s3', 'answered', ['n1-4']]]));
    expect(full).toMatchObject({ covered: 3, percent: 100, pointsCovered: 55, pointsTotal: 55 });
    expect(coverageBadge(full)).toEqual({ text: '100%', color: 'green' });
  });

  it('a row mapped differently since the check is 「待检查」, not the old answer', () => {
    const nodes = outline();
    nodes[0]!.children[0]!.scoringIds = ['s1', 's3'];
    const v = coverageView(card(), renumber(nodes), [], judged([['s1', 'answered', ['n1-1']], ['s3', 'unmapped', []]]));
    expect(v.rows.find((r) => r.scoringId === 's3')).toMatchObject({ state: 'unchecked', covered: false });
  });

  it('a table missed by the reader (50 of 100 points) is 「未识别」 and never 100 %, even with every found row answered', () => {
    const found = [item('s1', '技术方案', 30, 'technical'), item('s4', '投标报价', 20, 'price')];
    const check = { total: 100, sum: 50, problem: '评分表各项合计 50 分，与招标文件注明的总分 100 分不一致，请核对' };
    const before = coverageView(card(found, check), outline());
    expect(before.unknown).toMatchObject({ points: 50 });
    expect(coverageBadge(before)).toEqual({ text: '未识别', color: 'orange' });
    const v = coverageView(card(found, check), outline(), [], judged([['s1', 'answered', ['n1-1']]], { points: 50, reason: '评分表识别不完整' }));
    expect(v).toMatchObject({ covered: 1, total: 1, percent: 50 });
    expect(v.percent).toBeLessThan(100);
    expect(coverageBadge(v)!.text).not.toBe('100%');
  });

  it('without a scoring table: the server coverage entries, unknown; the card’s rows when there are', () => {
    const v = coverageView({ scoring: [], lots: [] }, outline(), [{ scoringId: 's1', item: '技术方案', nodeIds: ['n1-1'] }]);
    expect(v.rows).toHaveLength(1);
    expect(v.rows[0]).toMatchObject({ item: '技术方案', state: 'unchecked', points: null, category: null });
    expect(v.unknown).toMatchObject({ points: null });
    expect(coverageView(null, []).percent).toBe(100);
  });

  it('scoringOf lists a node’s items in its order, unknown ids dropped', () => {
    expect(scoringOf({ scoringIds: ['s2', 'x', 's1'] }, scoring).map((s) => s.item)).toEqual(['实施计划', '技术方案']);
  });

  it('percent floors (2 of 3 is 66 %)', () => {
    const v = coverageView(card(scoring.slice(0, 3).map((s) => ({ ...s, category: 'technical' as const }))), outline(), [], judged([['s1', 'answered', ['n1-1']], ['s2', 'answered', ['n1-2', 'n1-3']]]));
    expect(v.percent).toBe(66);
  });
});

describe('excerpt highlight', () => {
  const text = '三、投标截止时间及开标时间\n投标截止时间：2026年12月18日 09:30（北京时间）\n开标时间：2026年12月18日';
  it('finds the excerpt whitespace-insensitively and maps back to the original text', () => {
    const r = findExcerpt(text, '投标截止时间：2026年12月18日09:30')!;
    expect(text.slice(r.start, r.end)).toBe('投标截止时间：2026年12月18日 09:30');
    expect(splitAtExcerpt(text, '开标 时间：2026年12月18日')[1]).toBe('开标时间：2026年12月18日');
  });
  it('returns the whole text when absent', () => {
    expect(findExcerpt(text, '预算金额')).toBeNull();
    expect(splitAtExcerpt(text, '')).toEqual([text, '', '']);
  });
});

describe('labels', () => {
  it('checks uploads: type, 100 MB, empty', () => {
    expect(checkUpload({ name: '招标文件.PDF', size: 10 })).toBeNull();
    expect(checkUpload({ name: 'a.docx', size: 100 * 1024 * 1024 })).toBeNull();
    expect(checkUpload({ name: 'a.docx', size: 100 * 1024 * 1024 + 1 })).toBe(UPLOAD_ERRORS.size);
    expect(checkUpload({ name: 'a.zip', size: 10 })).toBe(UPLOAD_ERRORS.type);
    expect(checkUpload({ name: 'pdf', size: 10 })).toBe(UPLOAD_ERRORS.type);
    expect(checkUpload({ name: 'a.txt', size: 0 })).toBe(UPLOAD_ERRORS.empty);
  });
  it('formats times, sizes and stages', () => {
    expect(formatTime('2026-12-18 09:30:00')).toBe('2026-12-18 09:30');
    expect(formatTime('')).toBe('—');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(stageLabel('ocr')).toBe('识别扫描页');
    expect(stageLabel('读取文件')).toBe('读取文件');
  });
});
