import { describe, expect, it } from 'vitest';
import { endsAtSentence, estimateTokens, overlapLength, ThinkFilter, trimToSentenceEnd } from './text.js';

describe('text helpers', () => {
  it('estimates tokens: one per CJK char, four ASCII chars per token', () => {
    expect(estimateTokens('投标文件')).toBe(4);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('工期90天')).toBe(3 + 1);
  });

  it('finds sentence ends', () => {
    expect(endsAtSentence('本项目工期为九十天。')).toBe(true);
    expect(endsAtSentence('他说：“完成了！”')).toBe(true);
    expect(endsAtSentence('版本 3.5')).toBe(false);
    expect(endsAtSentence('第一项\n')).toBe(true);
    expect(endsAtSentence('我方承诺在')).toBe(false);
  });

  it('trims to the last complete sentence', () => {
    expect(trimToSentenceEnd('第一句。第二句！第三句还没写')).toBe('第一句。第二句！');
    expect(trimToSentenceEnd('完整。')).toBe('完整。');
    expect(trimToSentenceEnd('没有句号')).toBe('没有句号');
    expect(trimToSentenceEnd('一、概述\n二、方案内容未完')).toBe('一、概述');
  });

  it('measures the overlap of a continuation', () => {
    expect(overlapLength('前文内容，最后一句话是这样的', '最后一句话是这样的，然后继续')).toBe(9);
    expect(overlapLength('前文', '全新的内容')).toBe(0);
  });

  it('strips a leading <think> block however it is split', () => {
    const input = '  <think>先想一想：评分项有三条。</think>\n\n正文开始。<think>不是开头的不删</think>';
    for (let size = 1; size <= 9; size++) {
      const f = new ThinkFilter();
      let out = '';
      for (let i = 0; i < input.length; i += size) out += f.push(input.slice(i, i + size));
      out += f.end();
      expect(out).toBe('正文开始。<think>不是开头的不删</think>');
    }
    const plain = new ThinkFilter();
    expect(plain.push('<') + plain.push('b>加粗') + plain.end()).toBe('<b>加粗');
  });
});
