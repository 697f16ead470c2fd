import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mammoth from 'mammoth';
import { listZipEntries, readZipEntry } from '../reading/zip.js';
import type { EditorDoc } from '@btz/shared/editor';
import {
  CONTENT_WIDTH_PX,
  EXPORT_PLACEHOLDER,
  chineseCounting,
  decodeDataImage,
  exportBidDocx,
  headingNumber,
  stripNumberPrefix,
  type ExportBidInput,
  type ExportOutlineNode,
  type ExportSettings,
} from './docx.js';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The same PNG with its header claiming 2000×1000 (the exporter only reads the size). */
function widePng(): string {
  const buf = Buffer.from(PNG_1X1.split(',')[1]!, 'base64');
  buf.writeUInt32BE(2000, 16);
  buf.writeUInt32BE(1000, 20);
  return 'data:image/png;base64,' + buf.toString('base64');
}

function unzip(buf: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  for (const e of listZipEntries(buf)) files.set(e.name, readZipEntry(buf, e).toString('utf8'));
  return files;
}

function node(id: string, title: string, level: number, children: ExportOutlineNode[] = []): ExportOutlineNode {
  return { id, title, level, children };
}

const p = (text: string): EditorDoc['content'] extends (infer B)[] | undefined ? B : never => ({
  type: 'paragraph',
  content: [{ type: 'text', text }],
});

function sampleInput(settings: Partial<ExportSettings> = {}): ExportBidInput {
  const outline = [
    node('b1', '第一章 商务部分', 1, [
      node('b1-1', '1.1 投标函', 2, [node('b1-1-1', '投标函正文', 3), node('b1-1-2', '法定代表人授权书', 3, [node('b1-1-2-1', '授权范围', 4)])]),
      node('b1-2', '报价一览表', 2),
    ]),
    node('t1', '技术方案', 1, [node('t1-1', '总体设计', 2, [node('t1-1-1', '系统架构', 3), node('t1-1-2', '实施计划', 3)])]),
    node('t2', '售后服务', 1, [node('t2-1', '服务承诺', 2)]),
  ];
  const sections: Record<string, EditorDoc> = {
    'b1-1-1': {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '致采购人：我方' },
            { type: 'text', text: '郑重承诺', marks: [{ type: 'bold' }] },
            { type: 'text', text: '响应全部条款。', marks: [{ type: 'italic' }, { type: 'underline' }] },
            { type: 'hardBreak' },
            { type: 'text', text: '联系人：【待填写：联系人姓名】' },
          ],
        },
      ],
    },
    'b1-1-2-1': { type: 'doc', content: [p('授权代理人全权处理本项目投标事宜。')] },
    'b1-2': {
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableHeader', content: [p('序号')] }, { type: 'tableHeader', content: [p('报价（元）')] }] },
            { type: 'tableRow', content: [{ type: 'tableCell', content: [p('1')] }, { type: 'tableCell', content: [p('980,000.00')] }] },
          ],
        },
      ],
    },
    't1-1-1': {
      type: 'doc',
      content: [
        p('系统采用分层架构。'),
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: '架构要点' }] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [p('高可用部署')] },
            { type: 'listItem', content: [p('数据加密'), { type: 'orderedList', content: [{ type: 'listItem', content: [p('传输加密')] }] }] },
          ],
        },
        { type: 'orderedList', content: [{ type: 'listItem', content: [p('第一步')] }, { type: 'listItem', content: [p('第二步')] }] },
        { type: 'blockquote', content: [p('引用：采购需求第3条。')] },
        { type: 'paragraph', content: [{ type: 'image', attrs: { src: PNG_1X1 } }] },
        { type: 'image', attrs: { src: widePng() } },
      ],
    },
    // 't1-1-2' is left out: an empty section
    't2-1': { type: 'doc', content: [p('7×24 小时响应。')] },
  };
  return {
    title: '招标文件（最终版）',
    bidderName: '某某科技有限公司',
    date: '2026年11月22日',
    card: {
      projectName: { value: '某市智慧政务平台建设项目', text: '某市智慧政务平台建设项目' } as never,
      projectNumber: { value: 'ZFCG-2026-001', text: 'ZFCG-2026-001' } as never,
      purchaser: null,
    },
    outline,
    sections,
    settings: {
      headingStyle: 'chapter',
      pageNumber: { start: 1, format: 'pageOfTotal', position: 'center' },
      volumes: [
        { title: '商务标', nodeIds: ['b1'] },
        { title: '技术标', nodeIds: ['t1', 't2'] },
      ],
      ...settings,
    },
  };
}

function paragraphsOf(xml: string): string[] {
  return xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
}
function textOf(xml: string): string {
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
}
function headingParagraphs(doc: string): string[] {
  return paragraphsOf(doc).filter((x) => /<w:pStyle w:val="Heading[123]"\/>/.test(x));
}

describe('bid Word export', async () => {
  const chapterBuf = await exportBidDocx(sampleInput());
  // BID_EXPORT_DUMP=dir writes the sample to look at (LibreOffice → PDF → pdftoppm)
  if (process.env.BID_EXPORT_DUMP) writeFileSync(join(process.env.BID_EXPORT_DUMP, 'sample-bid.docx'), chapterBuf);
  const chapter = unzip(chapterBuf);
  const doc = chapter.get('word/document.xml')!;

  it('writes a real TOC field, pre-filled from the outline, and asks Word to update fields', () => {
    expect(doc).toMatch(/<w:instrText[^>]*>\s*TOC [^<]*\\o (&quot;|")1-3(&quot;|")/);
    const toc = doc.slice(doc.indexOf('TOC '), doc.indexOf('w:fldCharType="end"', doc.indexOf('TOC ')));
    const cached = textOf(toc);
    expect(cached).toContain('第一章 商务部分');
    expect(cached).toContain('第一节 投标函');
    expect(cached).toContain('一、投标函正文');
    expect(cached).toContain('第二章 售后服务');
    // restarts per volume: the technical volume begins again at 第一章
    expect(cached).toContain('第一章 技术方案');
    expect(cached).not.toContain('授权范围'); // level 4 is not in the TOC
    expect(chapter.get('word/settings.xml')).toMatch(/<w:updateFields(?: w:val="(?:true|1|on)")?\/>/);
    // begin / instruction / separate each in their own run, in a control of the TOC gallery (LibreOffice needs both)
    expect(doc).toMatch(/<w:r><w:fldChar w:fldCharType="begin"[^>]*\/><\/w:r><w:r><w:instrText[^>]*>TOC /);
    expect(doc).toContain('<w:docPartGallery w:val="Table of Contents"/>');
  });

  it('numbers headings with Word numbering, not typed prefixes', () => {
    const heads = headingParagraphs(doc);
    expect(heads.length).toBe(11);
    for (const h of heads) {
      expect(h).toContain('<w:numPr>');
      expect(textOf(h)).not.toMatch(/^(第[一二三四五六七八九十]+[章节]|\d+(\.\d+)*\s|[一二三四五六七八九十]+、)/);
    }
    expect(heads.map(textOf)).toEqual([
      '商务部分',
      '投标函',
      '投标函正文',
      '法定代表人授权书',
      '报价一览表',
      '技术方案',
      '总体设计',
      '系统架构',
      '实施计划',
      '售后服务',
      '服务承诺',
    ]);
    // a level-4 sub-item is a bold paragraph without numbering
    const sub = paragraphsOf(doc).find((x) => textOf(x) === '授权范围')!;
    expect(sub).toContain('<w:b/>');
    expect(sub).not.toContain('<w:numPr>');
    // two volumes: the headings use two concrete numbering instances, each restarting level 1
    const numIds = new Set(heads.map((h) => /<w:numId w:val="(\d+)"/.exec(h)![1]));
    expect(numIds.size).toBe(2);
    const numbering = chapter.get('word/numbering.xml')!;
    for (const id of numIds) {
      expect(numbering).toMatch(new RegExp(`<w:num w:numId="${id}"[^>]*>[\\s\\S]*?<w:startOverride w:val="1"/>`));
    }
  });

  it("uses chineseCounting 第%1章 / 第%2节 / %3、 for the 'chapter' style", () => {
    const numbering = chapter.get('word/numbering.xml')!;
    expect(numbering).toContain('<w:numFmt w:val="chineseCounting"/>');
    expect(numbering).toContain('<w:lvlText w:val="第%1章"/>');
    expect(numbering).toContain('<w:lvlText w:val="第%2节"/>');
    expect(numbering).toContain('<w:lvlText w:val="%3、"/>');
  });

  it('sets the body font: Times New Roman for Latin, 楷体 for Chinese by default', () => {
    const styles = chapter.get('word/styles.xml')!;
    const defaults = styles.slice(styles.indexOf('<w:docDefaults>'), styles.indexOf('</w:docDefaults>'));
    expect(defaults).toMatch(/w:ascii="Times New Roman"/);
    expect(defaults).toMatch(/w:eastAsia="楷体"/);
    expect(defaults).toContain('<w:sz w:val="24"/>');
  });

  it('puts cover and TOC in unnumbered sections and restarts page numbers per volume', () => {
    const sects = doc.match(/<w:sectPr[\s\S]*?<\/w:sectPr>/g)!;
    expect(sects.length).toBe(4); // cover, TOC, 商务标, 技术标
    expect(sects[0]).not.toMatch(/<w:pgNumType[^>]*w:start/);
    expect(sects[1]).not.toMatch(/<w:pgNumType[^>]*w:start/);
    for (const s of sects.slice(2)) expect(s).toMatch(/<w:pgNumType w:start="1"/);
    expect(textOf(doc)).toContain('商务标');
    expect(textOf(doc)).toContain('技术标');
  });

  it('writes 第X页 共N页 footers with PAGE and SECTIONPAGES (not NUMPAGES)', () => {
    const footers = [...chapter.entries()].filter(([k]) => /^word\/footer\d*\.xml$/.test(k)).map(([, v]) => v);
    const numbered = footers.filter((f) => f.includes('PAGE'));
    expect(numbered.length).toBe(2);
    for (const f of numbered) {
      expect(f).toMatch(/<w:instrText[^>]*>\s*PAGE\s*<\/w:instrText>/);
      expect(f).toMatch(/<w:instrText[^>]*>\s*SECTIONPAGES\s*<\/w:instrText>/);
      expect(f).not.toContain('NUMPAGES');
      expect(textOf(f)).toContain('第');
      expect(textOf(f)).toContain('页 共');
      expect(f).toContain('<w:jc w:val="center"/>');
    }
  });

  it('converts tables, lists, marks, images and placeholders', async () => {
    expect(doc).toContain('<w:tbl>');
    expect(doc).toMatch(/<w:tblBorders>[\s\S]*?<w:insideH w:val="single"/);
    expect(doc).toContain('<w:tblHeader/>');
    expect(textOf(doc)).toContain('980,000.00');
    const media = [...chapter.keys()].filter((k) => k.startsWith('word/media/') && !k.endsWith('/'));
    expect(media.length).toBe(2);
    // the wide image is scaled to the page width, keeping its ratio
    const extents = [...doc.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(extents).toContainEqual([CONTENT_WIDTH_PX * 9525, Math.round(CONTENT_WIDTH_PX / 2) * 9525]);
    // bullets and ordered lists
    expect(doc).toMatch(/<w:ilvl w:val="1"\/>/);
    // the empty section gets the highlighted placeholder
    const ph = paragraphsOf(doc).find((x) => textOf(x) === EXPORT_PLACEHOLDER)!;
    expect(ph).toContain('<w:highlight w:val="yellow"/>');
    // a 【待填写：…】 inside text is highlighted too
    const inText = doc.match(/<w:r>(?:(?!<\/w:r>)[\s\S])*?【待填写：联系人姓名】[\s\S]*?<\/w:r>/)![0];
    expect(inText).toContain('<w:highlight w:val="yellow"/>');
    // body paragraphs have a 2-character first-line indent
    const body = paragraphsOf(doc).find((x) => textOf(x) === '系统采用分层架构。')!;
    expect(body).toMatch(/w:firstLineChars="200"/);
    // the cover
    const raw = (await mammoth.extractRawText({ buffer: await exportBidDocx(sampleInput()) })).value;
    // the cover is the card's, never the bid's own name (the upload's file name)
    expect(raw).toMatch(/某市智慧政务平台建设项目\s+投 标 文 件/);
    expect(raw).not.toContain('招标文件（最终版）');
    expect(raw).toContain('ZFCG-2026-001');
    expect(raw).toContain('某某科技有限公司');
    expect(raw).toContain('2026年11月22日');
    expect(raw).toContain('郑重承诺');
  });

  it("numeric style: %1 / %1.%2 / %1.%2.%3, another font and size, other page formats", async () => {
    const files = unzip(
      await exportBidDocx(
        sampleInput({
          headingStyle: 'numeric',
          font: '宋体',
          fontSize: 10.5,
          pageNumber: { start: 3, format: 'dash', position: 'right' },
          volumes: undefined,
        }),
      ),
    );
    const numbering = files.get('word/numbering.xml')!;
    expect(numbering).toContain('<w:lvlText w:val="%1"/>');
    expect(numbering).toContain('<w:lvlText w:val="%1.%2"/>');
    expect(numbering).toContain('<w:lvlText w:val="%1.%2.%3"/>');
    expect(numbering).not.toContain('第%1章');
    const styles = files.get('word/styles.xml')!;
    const defaults = styles.slice(styles.indexOf('<w:docDefaults>'), styles.indexOf('</w:docDefaults>'));
    expect(defaults).toMatch(/w:eastAsia="宋体"/);
    expect(defaults).toContain('<w:sz w:val="21"/>');
    const d = files.get('word/document.xml')!;
    const sects = d.match(/<w:sectPr[\s\S]*?<\/w:sectPr>/g)!;
    expect(sects.length).toBe(3);
    expect(sects[2]).toMatch(/<w:pgNumType w:start="3"/);
    const toc = textOf(d.slice(d.indexOf('TOC '), d.indexOf('w:fldCharType="end"', d.indexOf('TOC '))));
    expect(toc).toContain('1 商务部分');
    expect(toc).toContain('1.1 投标函');
    expect(toc).toContain('1.1.1 投标函正文');
    expect(toc).toContain('2 技术方案');
    expect(toc).toContain('3.1 服务承诺');
    const footer = [...files.entries()].find(([k, v]) => k.startsWith('word/footer') && v.includes('PAGE'))![1];
    expect(textOf(footer)).toMatch(/^-\s*\s*-$/);
    expect(footer).toContain('<w:jc w:val="right"/>');
    expect(footer).not.toContain('SECTIONPAGES');
  });

  it("'page' format writes 第…页 with PAGE only", async () => {
    const files = unzip(await exportBidDocx(sampleInput({ pageNumber: { start: 1, format: 'page', position: 'left' } })));
    const footer = [...files.entries()].find(([k, v]) => k.startsWith('word/footer') && v.includes('PAGE'))![1];
    expect(textOf(footer)).toBe('第页');
    expect(footer).not.toContain('SECTIONPAGES');
    expect(footer).toContain('<w:jc w:val="left"/>');
  });
});

describe('export helpers', () => {
  it('strips typed number prefixes but keeps ordinary titles', () => {
    expect(stripNumberPrefix('第一章 商务部分')).toBe('商务部分');
    expect(stripNumberPrefix('1.2.3 实施计划')).toBe('实施计划');
    expect(stripNumberPrefix('一、总体要求')).toBe('总体要求');
    expect(stripNumberPrefix('（二）质量保证')).toBe('质量保证');
    expect(stripNumberPrefix('2. 服务')).toBe('服务');
    expect(stripNumberPrefix('2026年度服务计划')).toBe('2026年度服务计划');
    expect(stripNumberPrefix('5G 网络方案')).toBe('5G 网络方案');
  });

  it('counts in Chinese like Word', () => {
    expect([1, 10, 12, 20, 21, 99, 100, 105, 110].map((n) => chineseCounting(n))).toEqual([
      '一',
      '十',
      '十二',
      '二十',
      '二十一',
      '九十九',
      '一百',
      '一百零五',
      '一百一十',
    ]);
    expect(headingNumber('chapter', [2, 3])).toBe('第三节');
    expect(headingNumber('numeric', [2, 3, 1])).toBe('2.3.1');
  });

  it('reads png sizes and refuses other data', () => {
    expect(decodeDataImage(PNG_1X1)).toMatchObject({ type: 'png', width: 1, height: 1 });
    expect(decodeDataImage('data:image/gif;base64,R0lGOD')).toBeNull();
    expect(decodeDataImage('https://example.com/a.png')).toBeNull();
  });
});

describe('export at scale', () => {
  it('exports ~300 pages (150 sections × 2,500 characters)', async () => {
    const chunk = '本项目实施过程中，我方将严格按照采购文件要求组织人员、设备与进度，确保质量、安全与工期目标全面实现。';
    const outline: ExportOutlineNode[] = [];
    const sections: Record<string, EditorDoc> = {};
    for (let c = 1; c <= 15; c++) {
      const kids: ExportOutlineNode[] = [];
      for (let s = 1; s <= 10; s++) {
        const id = `n${c}-${s}`;
        kids.push(node(id, `第${s}节内容`, 2));
        const text = chunk.repeat(Math.ceil(2500 / chunk.length)).slice(0, 2500);
        sections[id] = { type: 'doc', content: [0, 1, 2, 3, 4].map((i) => p(text.slice(i * 500, (i + 1) * 500))) };
      }
      outline.push(node(`n${c}`, `第${c}章 章节`, 1, kids));
    }
    const t0 = performance.now();
    const buf = await exportBidDocx({
      title: '大型投标文件',
      outline,
      sections,
      settings: { headingStyle: 'chapter', pageNumber: { start: 1, format: 'pageOfTotal', position: 'center' } },
    });
    const ms = performance.now() - t0;
    if (process.env.BID_EXPORT_DUMP) writeFileSync(join(process.env.BID_EXPORT_DUMP, 'large-bid.docx'), buf);
    console.log(`[export] 150 sections × 2,500 chars (~300 pages): ${ms.toFixed(0)} ms, ${(buf.length / 1024).toFixed(0)} KiB`);
    const doc = unzip(buf).get('word/document.xml')!;
    expect(headingParagraphs(doc).length).toBe(165);
  });
});

describe('drawing ids', () => {
  it('gives every image its own wp:docPr id', async () => {
    const input = sampleInput();
    const doc = unzip(await exportBidDocx(input)).get('word/document.xml')!;
    const ids = [...doc.matchAll(/<wp:docPr id="(\d+)"/g)].map((m) => m[1]);
    expect(ids.length).toBe(2);
    expect(new Set(ids).size).toBe(2);
  });
});
