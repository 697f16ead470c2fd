import { describe, expect, it } from 'vitest';
import type { BidOutlineNode, ScoringItem } from '@btz/shared';
import { coverageView, scoringOf } from './coverage';
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

describe('coverage view model', () => {
  it('maps every scoring item to the nodes answering it, gaps marked', () => {
    const v = coverageView(scoring, outline());
    expect(v.rows.map((r) => [r.item, r.nodes.map((x) => `${x.number} ${x.title}`), r.covered])).toEqual([
      ['技术方案', ['1.1 技术方案'], true],
      ['实施计划', ['1.2 实施方案', '1.3 进度保障'], true],
      ['售后服务', [], false],
      ['投标报价', ['2 报价部分'], true],
    ]);
    expect(v).toMatchObject({ total: 4, covered: 3, percent: 75, pointsTotal: 90, pointsCovered: 80 });
  });
  it('follows hand edits (a node given the missing item covers it)', () => {
    const nodes = outline();
    nodes[0]!.children.push({ ...blankNode('n1-4', '售后服务方案'), scoringIds: ['s3'] });
    const v = coverageView(scoring, renumber(nodes));
    expect(v.percent).toBe(100);
    expect(v.rows[2]!.nodes).toEqual([{ id: 'n1-4', number: '1.4', title: '售后服务方案' }]);
  });
  it('without a scoring table: the server coverage entries; nothing to cover is 100 %', () => {
    const v = coverageView(null, outline(), [{ scoringId: 's1', item: '技术方案', nodeIds: ['n1-1'] }]);
    expect(v.rows).toHaveLength(1);
    expect(v.rows[0]).toMatchObject({ item: '技术方案', covered: true, points: null, category: null });
    expect(v.pointsTotal).toBeNull();
    expect(coverageView([], [])).toMatchObject({ total: 0, percent: 100 });
  });
  it('scoringOf lists a node’s items in its order, unknown ids dropped', () => {
    expect(scoringOf({ scoringIds: ['s2', 'x', 's1'] }, scoring).map((s) => s.item)).toEqual(['实施计划', '技术方案']);
  });
  it('percent floors (2 of 3 is 66 %)', () => {
    expect(coverageView(scoring.slice(0, 3), outline()).percent).toBe(66);
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
