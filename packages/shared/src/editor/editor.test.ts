/** The one editor schema: the web editor's extension list, the server's gate, the placeholder and the inline markup. */
import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { editorDocProblem, editorExtensions, editorSchema, editorTypes, inlineMarkup, placeholdersOf, PLACEHOLDER_RE } from './index.js';

describe('editor schema', () => {
  it('is derived from the extension list: exactly the nodes and marks the editor shows (no links, rules or code blocks)', () => {
    const { nodes, marks } = editorTypes();
    expect([...nodes].sort()).toEqual(
      ['blockquote', 'bulletList', 'doc', 'hardBreak', 'heading', 'image', 'listItem', 'orderedList', 'paragraph', 'table', 'tableCell', 'tableHeader', 'tableRow', 'text'].sort(),
    );
    expect([...marks].sort()).toEqual(['bold', 'code', 'highlight', 'italic', 'strike', 'underline']);
    expect(Object.keys(getSchema(editorExtensions()).nodes)).toEqual(Object.keys(editorSchema().nodes));
  });

  it('accepts what the editor can show and names the problem of what it cannot', () => {
    const ok = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '标题' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: '一项' }] }] }] },
        { type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph' }] }] }] },
      ],
    };
    expect(editorDocProblem(ok)).toBeNull();
    for (const bad of [
      { type: 'doc', content: [{ type: 'horizontalRule' }] },
      { type: 'doc', content: [{ type: 'codeBlock', content: [{ type: 'text', text: 'x' }] }] },
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'https://a.cn' } }] }] }] },
      { type: 'doc', content: [{ type: 'table', content: [{ type: 'paragraph' }] }] },
      { type: 'doc', content: [{ type: 'bulletList', content: [{ type: 'text', text: 'x' }] }] },
    ]) {
      expect(editorDocProblem(bad), JSON.stringify(bad)).toMatch(/^正文格式不正确：编辑器无法显示此内容/);
    }
  });
});

describe('placeholders and inline markup', () => {
  it('one placeholder pattern: 【待填写：…】 and the bare 【待填写】, never across a line or a closing bracket', () => {
    const text = '甲【待填写：项目经理姓名】乙【待填写】丙【待填写：a\nb】丁【拟定：90日历天】';
    expect(text.match(PLACEHOLDER_RE)).toEqual(['【待填写：项目经理姓名】', '【待填写】']);
    expect(placeholdersOf('【待填写：甲】【待填写：甲】【待填写：乙】')).toEqual(['【待填写：甲】', '【待填写：乙】']);
  });

  it('inline markup highlights placeholders and bolds **x**; nothing else becomes a mark', () => {
    expect(inlineMarkup('项目经理：【待填写：姓名】，职称**高级工程师**，*斜*')).toEqual([
      { type: 'text', text: '项目经理：' },
      { type: 'text', text: '【待填写：姓名】', marks: [{ type: 'highlight' }] },
      { type: 'text', text: '，职称' },
      { type: 'text', text: '高级工程师', marks: [{ type: 'bold' }] },
      { type: 'text', text: '，*斜*' },
    ]);
    expect(inlineMarkup('')).toEqual([]);
  });
});
