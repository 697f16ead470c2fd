import { describe, expect, it } from 'vitest';
import { diffCounts, textDiff } from './text-diff.js';

const side = (parts: ReturnType<typeof textDiff>, keep: 'add' | 'del') => parts.filter((p) => p.kind === 'same' || p.kind === keep).map((p) => p.text).join('');

describe('textDiff', () => {
  it('gives both texts back and marks only what changed inside a paragraph', () => {
    const a = '第一段：服务期限为一年。\n第二段：驻场人员 5 人。\n第三段：每月质量检查。';
    const b = '第一段：服务期限为一年。\n第二段：驻场人员 8 人，含组长 1 人。\n第三段：每月质量检查。';
    const parts = textDiff(a, b);
    expect(side(parts, 'del')).toBe(a);
    expect(side(parts, 'add')).toBe(b);
    expect(parts.filter((p) => p.kind === 'del').map((p) => p.text)).toEqual(['5']);
    // the first and third paragraphs are kept whole
    expect(parts[0]).toEqual({ kind: 'same', text: expect.stringContaining('第一段：服务期限为一年。\n第二段：驻场人员 ') });
    expect(parts.at(-1)).toEqual({ kind: 'same', text: expect.stringContaining('\n第三段：每月质量检查。') });
    expect(diffCounts(parts)).toEqual({ added: 7, removed: 1 });
  });

  it('added and removed paragraphs stay whole; empty texts', () => {
    const parts = textDiff('甲\n乙', '甲\n乙\n丙丙丙');
    expect(parts.map((p) => p.kind)).toEqual(['same', 'add']);
    expect(side(parts, 'add')).toBe('甲\n乙\n丙丙丙');
    expect(side(parts, 'del')).toBe('甲\n乙');
    expect(textDiff('', '新写的一段')).toEqual([{ kind: 'add', text: '新写的一段' }]);
    expect(textDiff('旧的一段', '')).toEqual([{ kind: 'del', text: '旧的一段' }]);
    expect(textDiff('同样', '同样')).toEqual([{ kind: 'same', text: '同样' }]);
  });

  it('a long rewritten paragraph beyond the character budget is shown removed then added', () => {
    const a = '旧'.repeat(3000);
    const b = '新'.repeat(3000);
    expect(textDiff(a, b)).toEqual([
      { kind: 'del', text: a },
      { kind: 'add', text: b },
    ]);
  });
});
