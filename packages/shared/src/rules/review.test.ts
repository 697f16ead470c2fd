import { describe, expect, it } from 'vitest';
import type { TenderCard } from '../bid.js';
import { cardReview } from './review.js';

const src = { file: '招标文件.docx', page: 3, excerpt: 'x' };
const base = (over: Partial<TenderCard> = {}): TenderCard => ({
  projectName: { value: '某项目', text: '某项目', verified: true, source: src },
  projectNumber: null,
  purchaser: null,
  agency: null,
  budget: null,
  ceilingPrice: null,
  deadline: null,
  openingTime: null,
  openingPlace: null,
  bidBond: null,
  qualifications: [],
  scoring: [
    { id: 's1', item: '服务方案', points: 60, criteria: '', category: 'technical', verified: true, source: src },
    { id: 's2', item: '报价', points: 40, criteria: '', category: 'price', verified: true, source: src },
  ],
  scoringCheck: { total: 100, sum: 100, problem: null },
  starClauses: [],
  importantClauses: [],
  invalidClauses: [],
  composition: [{ id: 'c1', title: '投标函', verified: true, source: src }],
  formatRules: [],
  lots: [],
  lot: null,
  writer: 'offline',
  files: [],
  ...over,
});

describe('cardReview: what a person should check, in words a user understands', () => {
  it('nothing for a card read with confidence', () => {
    expect(cardReview(base())).toEqual([]);
  });

  it('a composition inferred from the format chapter says so', () => {
    const card = base({ composition: [{ id: 'c1', title: '投标函', verified: true, source: src, basis: 'forms' }] });
    expect(cardReview(card)).toEqual([{ part: 'composition', text: expect.stringContaining('按“投标文件格式”一章给出的格式推断') }]);
  });

  it('a part whose reader failed, a table that does not add up, no composition, a doubtful fact, lots to choose, a DOC read as text', () => {
    const card = base({
      failedParts: ['投标文件组成：Cannot read properties of undefined'],
      scoring: [{ id: 's1', item: '服务方案', points: 60, criteria: '', category: 'technical', verified: true, source: src }],
      scoringCheck: { total: 100, sum: 60, problem: null },
      composition: [],
      purchaser: { value: '某医院', text: '某医院', verified: true, source: src, flags: ['uncertain'], doubt: '取自正文句子，请核对' },
      lots: [
        { id: '1', name: '包1' },
        { id: '2', name: '包2' },
      ],
      notices: ['旧版.doc：该 DOC 文件按纯文本读取'],
    });
    const texts = cardReview(card).map((r) => r.text);
    expect(texts).toEqual([
      '旧版.doc：该 DOC 文件按纯文本读取',
      '「投标文件组成」部分的结构较特殊，未能自动读取，请对照招标文件核对该部分',
      expect.stringContaining('约 40 分的评分项未识别'),
      expect.stringContaining('未识别到「投标文件组成」'),
      '采购人：取自正文句子，请核对',
      '招标文件分为 2 个包（标段），请确认本次投标的包',
    ]);
    expect(texts.join('')).not.toMatch(/Cannot read/);
  });
});
