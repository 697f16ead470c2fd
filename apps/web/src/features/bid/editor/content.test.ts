import { describe, expect, it } from 'vitest';
import { countChars } from '@btz/shared';
import { aiTextToContent, clock, imageProblem, inlineNodes, tail } from './content';

describe('imageProblem', () => {
  it('takes PNG and JPEG up to 2 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
  });
  it('refuses other types and larger files, in Chinese', () => {
    expect(imageProblem({ type: 'image/gif', size: 10 })).toMatch(/PNG 或 JPG/);
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toMatch(/2 MB/);
  });
});

describe('aiTextToContent', () => {
  it('keeps one line inline, highlighting placeholders and bolding **x**', () => {
    expect(aiTextToContent('联系人：【待填写：项目经理姓名】，**持证上岗**。')).toEqual([
      { type: 'text', text: '联系人：' },
      { type: 'text', text: '【待填写：项目经理姓名】', marks: [{ type: 'highlight' }] },
      { type: 'text', text: '，' },
      { type: 'text', text: '持证上岗', marks: [{ type: 'bold' }] },
      { type: 'text', text: '。' },
    ]);
  });
  it('turns several lines into paragraphs and drops empty ones', () => {
    expect(aiTextToContent('第一段\r\n\r\n  第二段  \n')).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: '第一段' }] },
      { type: 'paragraph', content: [{ type: 'text', text: '第二段' }] },
    ]);
  });
  it('is empty for blank text', () => {
    expect(aiTextToContent(' \n \n')).toEqual([]);
    expect(inlineNodes('')).toEqual([]);
  });
});

describe('small helpers', () => {
  it('tail keeps the last characters', () => {
    expect(tail('abcdef', 3)).toBe('def');
    expect(tail('ab', 3)).toBe('ab');
  });
  it('clock is HH:mm of the server time', () => {
    expect(clock('2026-01-02 09:05:07')).toBe('09:05');
    expect(clock(null)).toBe('');
    expect(clock('不是时间')).toBe('');
  });
  it('countChars ignores whitespace', () => {
    expect(countChars('本 项目\n实施')).toBe(5);
    // 字数 as shown: a character outside the BMP counts once (the server stores the same count)
    expect(countChars('𠀀 😀')).toBe(2);
  });
});
