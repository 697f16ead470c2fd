import { describe, expect, it } from 'vitest';
import type { BidOutlineNode } from '../bid.js';
import { checkOutline, flattenOutline, newNodeId, renumberOutline, type OutlineDefaults } from './outline-tree.js';

const bare = (id: string, title: string, children: BidOutlineNode[] = []) => ({ id, title, children }) as unknown as BidOutlineNode;
const tree = () => [bare('n1', '投标函', [bare('n1-1', '格式')]), bare('n2', '技术部分', [bare('n2-1', '实施', [bare('n2-1-1', '进度')])])];

describe('outline tree rules', () => {
  it('renumbers from the nesting and fills kind and mode from the caller’s defaults only', () => {
    const asked: string[] = [];
    const defaults: OutlineDefaults = (n, parent) => {
      asked.push(n.title);
      return parent ? { kind: parent.kind, mode: parent.mode } : { kind: '商务', mode: 'form' };
    };
    const out = renumberOutline(tree(), defaults);
    expect(flattenOutline(out).map((n) => [n.id, n.level, n.index, n.parentId, n.number, n.isLeaf, n.kind, n.mode])).toEqual([
      ['n1', 1, 0, '', '1', false, '商务', 'form'],
      ['n1-1', 2, 0, 'n1', '1.1', true, '商务', 'form'],
      ['n2', 1, 1, '', '2', false, '商务', 'form'],
      ['n2-1', 2, 0, 'n2', '2.1', false, '商务', 'form'],
      ['n2-1-1', 3, 0, 'n2-1', '2.1.1', true, '商务', 'form'],
    ]);
    expect(out[0]!.status).toBe(0);
    expect(out[0]!.scoringIds).toEqual([]);
    // a node that has both keeps them and the defaults are not asked
    asked.length = 0;
    expect(renumberOutline(out, () => ({ kind: '其他', mode: 'ai' }))).toEqual(out);
    expect(asked).toEqual([]);
  });

  it('gives a fresh id under a parent, skipping used ones', () => {
    const out = renumberOutline(tree(), () => ({ kind: '其他', mode: 'ai' }));
    expect(newNodeId(out, '')).toBe('n3');
    expect(newNodeId(out, 'n1')).toBe('n1-2');
    expect(newNodeId(out, 'x')).toBe('x-1');
  });

  it('checks a saved outline and renumbers it with the defaults given', () => {
    const v = checkOutline(tree(), (_n, parent) => ({ kind: parent?.kind ?? '技术', mode: 'ai' }));
    expect(v.ok).toBe(true);
    expect(v.fixed).toContain('n1.level');
    expect(flattenOutline(v.nodes).every((n) => n.kind === '技术')).toBe(true);
    expect(checkOutline([bare('n1', 'a'), bare('n1', 'b')], () => ({ kind: '其他', mode: 'ai' })).ok).toBe(false);
  });
});
