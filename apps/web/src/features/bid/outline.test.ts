import { describe, expect, it } from 'vitest';
import type { BidOutlineNode } from '@btz/shared';
import {
  OUTLINE_EDIT_ERRORS,
  addChild,
  addSibling,
  blankNode,
  canDropInside,
  demoteNode,
  dropTarget,
  findNode,
  flatten,
  fromTreeData,
  moveNode,
  newNodeId,
  pathTo,
  promoteNode,
  removeNode,
  renameNode,
  renumber,
  splitNode,
  toTreeData,
  type EditResult,
} from './outline';

/** n1 商务部分 [n1-1 投标函, n1-2 商务偏离表]; n2 技术部分 [n2-1 技术方案 [n2-1-1 总体设计, n2-1-2 系统架构], n2-2 实施计划]; n3 报价部分 */
function sample(): BidOutlineNode[] {
  const node = (id: string, title: string, children: BidOutlineNode[] = [], extra: Partial<BidOutlineNode> = {}): BidOutlineNode => ({
    ...blankNode(id, title, id.startsWith('n2') ? '技术' : id.startsWith('n3') ? '价格' : '商务'),
    children,
    ...extra,
  });
  return renumber([
    node('n1', '商务部分', [node('n1-1', '投标函', [], { mode: 'form' }), node('n1-2', '商务偏离表', [], { mode: 'table' })]),
    node('n2', '技术部分', [
      node('n2-1', '技术方案', [node('n2-1-1', '总体设计'), node('n2-1-2', '系统架构')], { scoringIds: ['s1'] }),
      node('n2-2', '实施计划', [], { scoringIds: ['s2'], status: 2 }),
    ]),
    node('n3', '报价部分', [], { scoringIds: ['s5'] }),
  ]);
}

const ok = (r: EditResult) => {
  if (!r.ok) throw new Error(r.error);
  return r.nodes;
};
const shape = (nodes: BidOutlineNode[]): unknown =>
  nodes.map((n) => (n.children.length ? { [`${n.number} ${n.title}`]: shape(n.children) } : `${n.number} ${n.title}`));

describe('renumber', () => {
  it('recomputes level, parentId, index, number and isLeaf from the nesting', () => {
    const nodes = sample();
    const n = findNode(nodes, 'n2-1-2')!;
    expect(n).toMatchObject({ level: 3, parentId: 'n2-1', index: 1, number: '2.1.2', isLeaf: true });
    expect(findNode(nodes, 'n2')).toMatchObject({ level: 1, parentId: '', number: '2', isLeaf: false });
  });
  it('keeps ids, titles, kinds, modes, scoring items and statuses', () => {
    const n = findNode(sample(), 'n2-2')!;
    expect(n).toMatchObject({ id: 'n2-2', title: '实施计划', kind: '技术', mode: 'ai', scoringIds: ['s2'], status: 2 });
  });
});

describe('tree data ↔ nodes', () => {
  it('keys are node ids and the round trip gives the same outline', () => {
    const nodes = sample();
    const tree = toTreeData(nodes);
    expect(tree.map((t) => t.key)).toEqual(['n1', 'n2', 'n3']);
    expect(tree[1]!.children[0]!.children.map((t) => t.key)).toEqual(['n2-1-1', 'n2-1-2']);
    expect(tree[2]!.isLeaf).toBe(true);
    expect(fromTreeData(tree)).toEqual(nodes);
  });
  it('a tree reordered by hand comes back renumbered', () => {
    const tree = toTreeData(sample());
    tree.reverse();
    const back = fromTreeData(tree);
    expect(back.map((n) => `${n.number} ${n.title}`)).toEqual(['1 报价部分', '2 技术部分', '3 商务部分']);
    expect(findNode(back, 'n2-1-1')!.number).toBe('2.1.1');
  });
});

describe('add, rename, delete', () => {
  it('adds a child with a fresh id and the parent kind', () => {
    const r = addChild(sample(), 'n2-1', '接口设计');
    const nodes = ok(r);
    expect(r.ok && r.id).toBe('n2-1-3');
    expect(findNode(nodes, 'n2-1-3')).toMatchObject({ title: '接口设计', level: 3, number: '2.1.3', kind: '技术', parentId: 'n2-1' });
  });
  it('adds a level-1 chapter at the end and a sibling right after a node', () => {
    expect(ok(addChild(sample(), '')).map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4']);
    const nodes = ok(addSibling(sample(), 'n1-1', '授权委托书'));
    expect(findNode(nodes, 'n1')!.children.map((n) => n.title)).toEqual(['投标函', '授权委托书', '商务偏离表']);
    expect(findNode(nodes, 'n1-3')!.number).toBe('1.2');
  });
  it('refuses a child below level 4', () => {
    const deep = ok(splitNode(sample(), 'n2-1-1', '甲\n乙'));
    expect(addChild(deep, 'sub-n2-1-1-1')).toEqual({ ok: false, error: OUTLINE_EDIT_ERRORS.tooDeep });
  });
  it('renames (trimmed), marks a written section as edited, refuses an empty title', () => {
    const nodes = ok(renameNode(sample(), 'n2-2', '  项目实施计划 '));
    expect(findNode(nodes, 'n2-2')).toMatchObject({ title: '项目实施计划', status: 3 });
    expect(renameNode(sample(), 'n2-2', '   ')).toEqual({ ok: false, error: OUTLINE_EDIT_ERRORS.emptyTitle });
    expect(renameNode(sample(), 'n2-2', 'x'.repeat(201)).ok).toBe(false);
  });
  it('deletes a node with its subtree and renumbers its siblings', () => {
    const nodes = ok(removeNode(sample(), 'n2-1'));
    expect(flatten(nodes).some((n) => n.id.startsWith('n2-1'))).toBe(false);
    expect(findNode(nodes, 'n2-2')).toMatchObject({ number: '2.1', index: 0 });
    expect(removeNode(sample(), 'nope').ok).toBe(false);
  });
  it('newNodeId skips ids already used', () => {
    expect(newNodeId(sample(), 'n2')).toBe('n2-3');
    expect(newNodeId(sample(), '')).toBe('n4');
  });
});

describe('drop → new nodes', () => {
  it('reorders among siblings (before / after)', () => {
    const nodes = ok(moveNode(sample(), 'n3', { position: 'before', id: 'n1' }));
    expect(nodes.map((n) => n.title)).toEqual(['报价部分', '商务部分', '技术部分']);
    const after = ok(moveNode(sample(), 'n1', { position: 'after', id: 'n2' }));
    expect(after.map((n) => n.id)).toEqual(['n2', 'n1', 'n3']);
  });
  it('demotes by dropping inside another node (first child) and promotes by dropping beside a chapter', () => {
    const inside = ok(moveNode(sample(), 'n2-2', { position: 'inside', id: 'n2-1' }));
    expect(findNode(inside, 'n2-2')).toMatchObject({ level: 3, parentId: 'n2-1', number: '2.1.1' });
    const promoted = ok(moveNode(sample(), 'n2-1-2', { position: 'after', id: 'n2' }));
    expect(findNode(promoted, 'n2-1-2')).toMatchObject({ level: 1, parentId: '', number: '3' });
    expect(findNode(promoted, 'n3')!.number).toBe('4');
    expect(findNode(promoted, 'n2-1')!.children).toHaveLength(1);
  });
  it('moves a whole subtree across chapters', () => {
    const nodes = ok(moveNode(sample(), 'n2-1', { position: 'after', id: 'n1-2' }));
    expect(findNode(nodes, 'n2-1')).toMatchObject({ parentId: 'n1', number: '1.3', level: 2 });
    expect(findNode(nodes, 'n2-1-2')).toMatchObject({ number: '1.3.2', level: 3 });
  });
  it('refuses a drop into itself or its descendants, and beyond level 4', () => {
    expect(moveNode(sample(), 'n2', { position: 'inside', id: 'n2-1-1' })).toEqual({ ok: false, error: OUTLINE_EDIT_ERRORS.intoSelf });
    expect(canDropInside(sample(), 'n2', 'n2-1')).toBe(false);
    // n2 has 3 levels; inside n1-1 (level 2) it would reach level 5
    expect(moveNode(sample(), 'n2', { position: 'inside', id: 'n1-1' })).toEqual({ ok: false, error: OUTLINE_EDIT_ERRORS.tooDeep });
    expect(canDropInside(sample(), 'n2', 'n1-1')).toBe(false);
    expect(canDropInside(sample(), 'n2-1', 'n1-1')).toBe(true);
  });
  it('a drop on a node itself changes nothing', () => {
    expect(ok(moveNode(sample(), 'n1', { position: 'inside', id: 'n1' }))).toEqual(sample());
  });
  it('promote / demote buttons', () => {
    const up = ok(promoteNode(sample(), 'n2-2'));
    expect(up.map((n) => n.id)).toEqual(['n1', 'n2', 'n2-2', 'n3']);
    expect(promoteNode(sample(), 'n1')).toEqual({ ok: false, error: OUTLINE_EDIT_ERRORS.promoteTop });
    const down = ok(demoteNode(sample(), 'n2-2'));
    expect(pathTo(down, 'n2-2')).toEqual(['n2', 'n2-1', 'n2-2']);
    expect(findNode(down, 'n2-2')!.number).toBe('2.1.3');
    expect(demoteNode(sample(), 'n1')).toEqual({ ok: false, error: OUTLINE_EDIT_ERRORS.demoteFirst });
  });
});

describe('antd drop info → target', () => {
  it('reads antd relative drop positions', () => {
    const base = { dragKey: 'a', dropKey: 'n2', dropPos: '0-1' };
    expect(dropTarget({ ...base, dropPosition: 1, dropToGap: false })).toEqual({ position: 'inside', id: 'n2' });
    expect(dropTarget({ ...base, dropPosition: 0, dropToGap: true })).toEqual({ position: 'before', id: 'n2' });
    expect(dropTarget({ ...base, dropPosition: 2, dropToGap: true })).toEqual({ position: 'after', id: 'n2' });
    // just below an expanded node with children: its first child
    expect(dropTarget({ ...base, dropPosition: 2, dropToGap: true, targetExpandedWithChildren: true })).toEqual({ position: 'inside', id: 'n2' });
  });
});

describe('split into sub-items (spec §3)', () => {
  it('turns each non-empty line into a level-4 sub-item sub-{parentId}-{n}', () => {
    const nodes = ok(splitNode(sample(), 'n2-1-1', '  需求分析 \n\n总体架构\r\n接口设计\n'));
    const parent = findNode(nodes, 'n2-1-1')!;
    expect(parent.children.map((c) => [c.id, c.title, c.level, c.number])).toEqual([
      ['sub-n2-1-1-1', '需求分析', 4, '2.1.1.1'],
      ['sub-n2-1-1-2', '总体架构', 4, '2.1.1.2'],
      ['sub-n2-1-1-3', '接口设计', 4, '2.1.1.3'],
    ]);
    expect(parent.isLeaf).toBe(false);
    expect(parent.children[0]).toMatchObject({ kind: '技术', mode: 'ai', scoringIds: [], parentId: 'n2-1-1' });
  });
  it('a second split appends with unused ids', () => {
    const once = ok(splitNode(sample(), 'n2-1-1', '甲\n乙'));
    const twice = ok(splitNode(once, 'n2-1-1', '丙'));
    const ids = findNode(twice, 'n2-1-1')!.children.map((c) => c.id);
    expect(ids.slice(0, 2)).toEqual(['sub-n2-1-1-1', 'sub-n2-1-1-2']);
    expect(new Set(ids).size).toBe(3);
    expect(findNode(twice, 'n2-1-1')!.children[2]!.title).toBe('丙');
  });
  it('only on level-3 nodes, and needs a line', () => {
    expect(splitNode(sample(), 'n2-1', 'a')).toEqual({ ok: false, error: OUTLINE_EDIT_ERRORS.splitLevel });
    expect(splitNode(sample(), 'n2-1-1', ' \n ')).toEqual({ ok: false, error: OUTLINE_EDIT_ERRORS.noLines });
  });
});

describe('a round of edits', () => {
  it('keeps the outline valid: unique ids, levels 1–4, numbers follow positions', () => {
    let nodes = sample();
    nodes = ok(addChild(nodes, 'n1', '企业资质'));
    nodes = ok(moveNode(nodes, 'n3', { position: 'before', id: 'n2' }));
    nodes = ok(splitNode(nodes, 'n2-1-2', '应用层\n数据层'));
    nodes = ok(removeNode(nodes, 'n1-2'));
    nodes = ok(demoteNode(nodes, 'n2-2'));
    const all = flatten(nodes);
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
    expect(all.every((n) => n.level >= 1 && n.level <= 4)).toBe(true);
    expect(shape(nodes)).toEqual([
      { '1 商务部分': ['1.1 投标函', '1.2 企业资质'] },
      '2 报价部分',
      {
        '3 技术部分': [
          {
            '3.1 技术方案': ['3.1.1 总体设计', { '3.1.2 系统架构': ['3.1.2.1 应用层', '3.1.2.2 数据层'] }, '3.1.3 实施计划'],
          },
        ],
      },
    ]);
  });
});
