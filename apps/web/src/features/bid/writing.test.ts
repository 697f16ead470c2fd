import { describe, expect, it } from 'vitest';
import type { BidOutlineNode, WriteProgress } from '@btz/shared';
import { blankNode } from './outline';
import {
  MAX_PENDING,
  applyDelta,
  canStartWriting,
  chapterCount,
  currentStep,
  dropBuffer,
  groupFindings,
  mergeProgress,
  progressDetail,
  progressFromStates,
  progressPercent,
  progressText,
  scoreColor,
  sectionStates,
  stepViews,
  volumeOf,
  volumesFrom,
  withSectionState,
  type Finding,
  type LiveBuffers,
} from './writing';

const feed = (deltas: [string, number, string][], start: LiveBuffers = {}) =>
  deltas.reduce<LiveBuffers>((b, [nodeId, seq, text]) => applyDelta(b, { nodeId, seq, text }), start);

describe('live buffers', () => {
  it('appends deltas in seq order', () => {
    const b = feed([
      ['a', 0, '一、'],
      ['a', 1, '总体'],
      ['a', 2, '方案'],
    ]);
    expect(b.a!.text).toBe('一、总体方案');
    expect(b.a!.seq).toBe(2);
  });

  it('ignores duplicates and older seqs and returns the same object', () => {
    const b = feed([
      ['a', 0, 'x'],
      ['a', 1, 'y'],
    ]);
    expect(applyDelta(b, { nodeId: 'a', seq: 1, text: 'y' })).toBe(b);
    const first = feed([['a', 0, 'x']]);
    expect(applyDelta(first, { nodeId: 'a', seq: 0, text: 'x' })).toBe(first);
    expect(feed([['a', 1, 'y']], b).a!.text).toBe('xy');
  });

  it('holds a delta that arrives ahead of a missing one until the gap is filled', () => {
    const b = feed([
      ['a', 0, 'A'],
      ['a', 2, 'C'],
      ['a', 3, 'D'],
    ]);
    expect(b.a!.text).toBe('A');
    const c = feed([['a', 1, 'B']], b);
    expect(c.a!.text).toBe('ABCD');
    expect(c.a!.seq).toBe(3);
    expect(c.a!.pending).toEqual({});
  });

  it('gives up on a gap that never fills after MAX_PENDING deltas', () => {
    const deltas: [string, number, string][] = [['a', 0, '0']];
    for (let s = 2; s <= MAX_PENDING + 2; s++) deltas.push(['a', s, String(s % 10)]);
    const b = feed(deltas);
    expect(b.a!.seq).toBe(MAX_PENDING + 2);
    expect(b.a!.text.startsWith('02')).toBe(true);
    expect(b.a!.pending).toEqual({});
  });

  it('seq 0 restarts the buffer (a retried section)', () => {
    const b = feed([
      ['a', 0, '旧'],
      ['a', 1, '文本'],
      ['a', 0, '新'],
    ]);
    expect(b.a!.text).toBe('新');
    expect(b.a!.seq).toBe(0);
  });

  it('a page opened mid-stream starts from the first delta it sees', () => {
    const b = feed([
      ['a', 5, '中间'],
      ['a', 6, '继续'],
    ]);
    expect(b.a!.text).toBe('中间继续');
  });

  it('keeps nodes apart, drops one buffer, refuses junk', () => {
    const b = feed([
      ['a', 0, 'A'],
      ['b', 0, 'B'],
    ]);
    expect(b.a!.text + b.b!.text).toBe('AB');
    const c = dropBuffer(b, 'a');
    expect(Object.keys(c)).toEqual(['b']);
    expect(dropBuffer(c, 'zz')).toBe(c);
    expect(applyDelta(c, { nodeId: '', seq: 0, text: 'x' })).toBe(c);
    expect(applyDelta(c, { nodeId: 'b', seq: -1, text: 'x' })).toBe(c);
    expect(applyDelta(c, { nodeId: 'b', seq: Number.NaN, text: 'x' })).toBe(c);
  });
});

describe('steps', () => {
  it('opens 生成全文 from outlined, 检查 and 导出 once written', () => {
    expect(stepViews('parsed').write.enabled).toBe(false);
    const outlined = stepViews('outlined');
    expect([outlined.write.enabled, outlined.check.enabled, outlined.export.enabled]).toEqual([true, false, false]);
    const writing = stepViews('writing', { done: 3, total: 10 });
    expect(writing.write.content).toBe('编写中 3/10 节');
    expect([writing.check.enabled, writing.export.enabled]).toEqual([false, false]);
    for (const s of ['written', 'finished'] as const) {
      const v = stepViews(s);
      expect([v.write.enabled, v.check.enabled, v.export.enabled]).toEqual([true, true, true]);
    }
    expect([currentStep('parsed'), currentStep('outlined'), currentStep('writing'), currentStep('written'), currentStep('finished')]).toEqual([
      2, 3, 3, 4, 5,
    ]);
  });
});

describe('progress', () => {
  const p: WriteProgress = { total: 40, done: 12, running: 4, failed: 1, cancelled: 0, queued: 23, status: 'writing', sections: [] };
  it('says it in Chinese', () => {
    expect(progressText(p)).toBe('已完成 12/40 节');
    expect(progressDetail(p)).toBe('正在编写 4 节 · 排队 23 节 · 失败 1 节');
    expect(progressDetail({})).toBe('');
    expect(progressPercent(p)).toBe(30);
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
  });

  it('counts only written sections as done before the server has answered', () => {
    const states = ['written', 'edited', 'queued', 'queued', 'writing', 'failed', 'empty'] as const;
    const q = progressFromStates(states);
    expect(progressText(q)).toBe('已完成 2/7 节');
    expect(progressDetail(q)).toBe('正在编写 1 节 · 排队 2 节 · 失败 1 节');
  });

  it('merges a message and keeps the known sections when it has none', () => {
    const withSections = { ...p, sections: [{ nodeId: 'a', state: 'written' as const, chars: 900 }] };
    const m = mergeProgress(withSections, { done: 13, running: 3 });
    expect(m.done).toBe(13);
    expect(m.total).toBe(40);
    expect(m.sections).toHaveLength(1);
    expect(mergeProgress(null, { total: 2, done: 0, status: 'writing' }).total).toBe(2);
  });

  it('records a section state', () => {
    const a = withSectionState(p, 'x', 'writing');
    expect(a.sections).toEqual([{ nodeId: 'x', state: 'writing', chars: 0 }]);
    const b = withSectionState(a, 'x', 'written');
    expect(b.sections[0]!.state).toBe('written');
    expect(withSectionState(b, 'x', 'written')).toBe(b);
  });
});

describe('section states', () => {
  const node = (id: string, children: BidOutlineNode[] = [], status = 0): BidOutlineNode => ({ ...blankNode(id, id, '技术'), children, status: status as 0 });
  const nodes = [node('c1', [node('s1', [], 2), node('s2'), node('s3', [], 3)]), node('c2', [node('s4')])];

  it('takes progress first, then the outline status', () => {
    const m = sectionStates(nodes, { sections: [{ nodeId: 's2', state: 'failed', chars: 0 }] });
    expect([...m]).toEqual([
      ['s1', 'written'],
      ['s2', 'failed'],
      ['s3', 'edited'],
      ['s4', 'empty'],
    ]);
    expect(chapterCount(nodes[0]!, m)).toEqual({ done: 2, total: 3 });
  });

  it('offers one-click writing when outlined, or written with gaps', () => {
    expect(canStartWriting('outlined', [])).toBe(true);
    expect(canStartWriting('written', ['written', 'edited'])).toBe(false);
    expect(canStartWriting('written', ['written', 'failed'])).toBe(true);
    expect(canStartWriting('written', ['empty'])).toBe(true);
    expect(canStartWriting('writing', ['empty'])).toBe(false);
    expect(canStartWriting('finished', ['empty'])).toBe(false);
  });
});

describe('health', () => {
  it('groups findings by kind, worst first', () => {
    const f = (kind: Finding['kind'], severity: Finding['severity']): Finding => ({ kind, severity, nodeId: null, message: kind });
    const g = groupFindings([f('typo', 'low'), f('placeholder', 'medium'), f('invalid-risk', 'high'), f('placeholder', 'high'), f('typo', 'low')]);
    expect(g.map((x) => [x.kind, x.severity, x.findings.length])).toEqual([
      ['invalid-risk', 'high', 1],
      ['placeholder', 'high', 2],
      ['typo', 'low', 2],
    ]);
    expect(g[1]!.label).toBe('待填写内容');
    expect(g[1]!.findings[0]!.severity).toBe('high');
  });

  it('colours the score', () => {
    expect([scoreColor(92), scoreColor(70), scoreColor(30)]).toEqual(['#52c41a', '#fa8c16', '#f5222d']);
  });
});

describe('volumes', () => {
  it('builds volumes in outline order and reads them back', () => {
    const chapters = [{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }, { id: 'c4' }];
    const v = volumesFrom(chapters, new Map([
      ['c3', '技术标'],
      ['c1', '商务标'],
      ['c2', '商务标'],
      ['c4', ''],
    ]));
    expect(v).toEqual([
      { title: '商务标', nodeIds: ['c1', 'c2'] },
      { title: '技术标', nodeIds: ['c3'] },
    ]);
    expect(volumeOf({ volumes: v }).get('c3')).toBe('技术标');
    expect(volumesFrom(chapters, new Map())).toEqual([]);
  });
});
