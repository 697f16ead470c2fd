/** markdownToBlocks: the model's light Markdown → writer blocks → editor JSON (issue 6 item 2/3). */
import { describe, expect, it } from 'vitest';
import { docText, toDoc, toText } from './doc.js';
import { markdownToBlocks, placeholdersOf } from './markdown.js';
import type { EditorParagraph } from '@btz/shared/editor';
import { validateDoc } from '../content/index.js';

/** The editor document of a model's Markdown; it must pass the server's gate unchanged (one schema). */
function docOf(md: string) {
  const d = toDoc(markdownToBlocks(md));
  const r = validateDoc(d);
  if (!r.ok) throw new Error(r.error);
  expect(r.doc).toEqual(d);
  return d;
}
const highlighted = (d: unknown) => JSON.stringify(d).match(/"text":"[^"]*","marks":\[\{"type":"highlight"\}\]/g)?.length ?? 0;

describe('markdownToBlocks', () => {
  it('reads headings, paragraphs, both list kinds and a table', () => {
    const md = [
      '### 一、需求理解',
      '本项目建设**智慧园区**综合管理平台。',
      '',
      '#### （一）设计原则',
      '- 先进性：采用成熟主流技术',
      '* 可靠性：关键环节冗余',
      '',
      '1. 需求调研',
      '2. 方案设计',
      '3) 部署实施',
      '',
      '| 阶段 | 工期 | 交付物 |',
      '| --- | :---: | --- |',
      '| 启动 | 第 1–10 天 | 实施计划 |',
      '| 部署 | 第 11–60 天 |',
      '',
      '# 总结',
      '最后一段。',
    ].join('\n');
    expect(markdownToBlocks(md)).toEqual([
      { t: 'h', level: 3, text: '一、需求理解' },
      { t: 'p', text: '本项目建设**智慧园区**综合管理平台。' },
      { t: 'h', level: 4, text: '（一）设计原则' },
      { t: 'ul', items: ['先进性：采用成熟主流技术', '可靠性：关键环节冗余'] },
      { t: 'ol', items: ['需求调研', '方案设计', '部署实施'] },
      { t: 'table', head: ['阶段', '工期', '交付物'], rows: [['启动', '第 1–10 天', '实施计划'], ['部署', '第 11–60 天', '']] },
      { t: 'h', level: 1, text: '总结' },
      { t: 'p', text: '最后一段。' },
    ]);
  });

  it('gives the editor JSON through toDoc: bold and placeholder marks, list items, table cells', () => {
    const doc = toDoc(markdownToBlocks('项目经理：**【待填写：项目经理姓名】**，职称**高级工程师**。\n- 一项\n| 甲 | 乙 |\n|---|---|\n| 1 | 2 |'));
    expect(doc.content.map((n) => n.type)).toEqual(['paragraph', 'bulletList', 'table']);
    const p = (doc.content[0] as EditorParagraph).content!;
    expect(p).toContainEqual({ type: 'text', text: '【待填写：项目经理姓名】', marks: [{ type: 'highlight' }] });
    expect(p).toContainEqual({ type: 'text', text: '高级工程师', marks: [{ type: 'bold' }] });
    expect(docText(doc.content[2]!)).toBe('甲\t乙\n1\t2');
  });

  it('treats raw HTML as plain text and never creates nodes from it', () => {
    const blocks = markdownToBlocks('<script>alert(1)</script>\n<b>粗</b>正文<img src=x onerror=alert(1)>');
    expect(blocks).toEqual([
      { t: 'p', text: '<script>alert(1)</script>' },
      { t: 'p', text: '<b>粗</b>正文<img src=x onerror=alert(1)>' },
    ]);
    const doc = toDoc(blocks);
    expect(JSON.stringify(doc)).not.toContain('"type":"image"');
    expect(doc.content.every((n) => n.type === 'paragraph')).toBe(true);
  });

  it('drops fences, rules, quote marks, links and italics; keeps ordinary numbers and 1.1 titles as text', () => {
    const md = '```markdown\n> 引用的话。\n---\n访问[官网](http://x.cn)查看*说明*。\n```\n1.1 系统架构说明\n3.5亿元的投资。';
    expect(markdownToBlocks(md)).toEqual([
      { t: 'p', text: '引用的话。' },
      { t: 'p', text: '访问官网查看说明。' },
      { t: 'p', text: '1.1 系统架构说明' },
      { t: 'p', text: '3.5亿元的投资。' },
    ]);
  });

  it('keeps a loose list together, continues an indented line, and splits on a kind change', () => {
    const md = '- 第一项\n\n- 第二项\n  续行内容\n1. 编号一\n\n正文。';
    expect(markdownToBlocks(md)).toEqual([
      { t: 'ul', items: ['第一项', '第二项续行内容'] },
      { t: 'ol', items: ['编号一'] },
      { t: 'p', text: '正文。' },
    ]);
  });

  it('reads a table without a separator row and with escaped pipes and <br>', () => {
    const b = markdownToBlocks('| 序号 | 招标要求 |\n| 1 | 支持 A\\|B 两种<br>模式 |');
    expect(b).toEqual([{ t: 'table', head: ['序号', '招标要求'], rows: [['1', '支持 A|B 两种 模式']] }]);
    expect(toText(b)).toContain('A|B');
  });

  it('collects placeholders once each', () => {
    expect(placeholdersOf('【待填写：甲】和【待填写：乙】及【待填写：甲】')).toEqual(['【待填写：甲】', '【待填写：乙】']);
  });

  it('headings deeper than four become level 4; placeholders stay highlighted inside bold, lists and tables', () => {
    expect(markdownToBlocks('# 一\n## 二\n#### 四\n###### 六')).toEqual([
      { t: 'h', level: 1, text: '一' },
      { t: 'h', level: 2, text: '二' },
      { t: 'h', level: 4, text: '四' },
      { t: 'h', level: 4, text: '六' },
    ]);
    const d = docOf('**【待填写：投标人名称】**\n- 【待填写：a】\n\n| 项 | 值 |\n|---|---|\n| 证书 | 【待填写：编号】 |');
    expect(highlighted(d)).toBe(3);
  });

  it('gives a valid document for empty, unbalanced or hostile input', () => {
    expect(markdownToBlocks('')).toEqual([]);
    expect(markdownToBlocks('\n\n  \n')).toEqual([]);
    expect(markdownToBlocks('**没闭合 和 * 星号')).toEqual([{ t: 'p', text: '没闭合 和 * 星号' }]);
    docOf('**'.repeat(50_000) + '\n' + '[x]('.repeat(20_000));
    docOf(('段落'.repeat(100) + '\n').repeat(500));
  });

  it('a model answer wrapped in a ```markdown fence with --- dividers reads as its content', () => {
    expect(markdownToBlocks('```markdown\n### 一、概述\n第一段。\n---\n第二段。\n```')).toEqual([
      { t: 'h', level: 3, text: '一、概述' },
      { t: 'p', text: '第一段。' },
      { t: 'p', text: '第二段。' },
    ]);
  });
});
