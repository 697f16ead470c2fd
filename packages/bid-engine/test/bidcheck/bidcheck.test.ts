import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import type { AnonymityRules } from '@btz/shared';
import { readDocument } from '../../src/reading/index.js';
import { extractCard } from '../../src/tender/card.js';
import { checkAnonymity, checkRejection, fixWrittenSection, scanDocxFormat, scanPdfFormat, writtenUnits, bidCheckXlsx, type BidderIdentity, type EditorNode } from '../../src/bidcheck/index.js';
import { MAIN_FILE } from '../fixtures/tender-pages.js';
import { findCjkFont } from '../fixtures/font.js';
import { buildWordml, p, pageBreak, r } from '../fixtures/wordml.js';

const BIDDER: BidderIdentity = {
  name: '江州智联科技有限公司',
  legalRep: '李明',
  people: ['张伟'],
  phones: ['0571-88886666'],
  numbers: ['91330100MA2XXXXX1Q'],
  creditCode: '91330100MA2XXXXX1Q',
};

const RULES: AnonymityRules = {
  required: true,
  scope: '技术标',
  clauses: [],
  format: { font: '宋体', sizeName: '小四', sizePt: 12, lineSpacing: { multiple: 1.5, text: '1.5倍行距' }, paper: 'A4', blackText: true, noHeaderFooter: true, maxPages: 1 },
};

const STYLES =
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:eastAsia="宋体" w:ascii="Times New Roman"/><w:sz w:val="24"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:line="360" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:rFonts w:eastAsia="黑体"/><w:sz w:val="32"/></w:rPr></w:style>';

/** A technical bid that breaks the 暗标 rules on its second page. */
function bidDocx(): Buffer {
  const body = [
    p('第一章 技术方案', { style: 'Heading1' }),
    p('本项目技术方案围绕平台建设目标展开，采用分层架构设计，确保系统稳定可靠，满足招标文件的全部技术要求和服务要求。'),
    pageBreak(),
    p('第二章 项目团队', { style: 'Heading1' }),
    p(r('项目经理张伟负责整体实施，联系电话 0571-88886666，') + r('江州智联科技有限公司承诺按期完成。', '<w:color w:val="FF0000"/>')),
    p(r('团队成员均具备相关资质证书，能够胜任本项目的各项工作任务并提供优质服务。', '<w:rFonts w:eastAsia="华文彩云"/><w:sz w:val="28"/>')),
  ].join('');
  return buildWordml({
    body,
    styles: STYLES,
    header: p('江州智联 技术标'),
    footer: p('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>PAGE</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>'),
  });
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

async function bidPdf(): Promise<Buffer> {
  const font = findCjkFont();
  const doc = new PDFDocument({ size: 'A4', margin: 60, autoFirstPage: false, info: { Author: '张伟' } });
  const out = collect(doc);
  doc.registerFont('cjk', font.path, font.postscriptName);
  doc.addPage({ size: 'A4', margin: 60 });
  doc.font('cjk').fontSize(12).fillColor('black').text('第一章 技术方案');
  doc.text('本项目技术方案围绕平台建设目标展开，采用分层架构设计，确保系统稳定可靠。');
  doc.addPage({ size: 'A3', margin: 60 });
  doc.font('cjk').fontSize(12).fillColor('black').text('第二章 项目团队');
  doc.fillColor('#FF0000').text('江州智联科技有限公司项目经理张伟，电话 13812345678。');
  doc.end();
  return out;
}

describe('暗标 check of an uploaded file', () => {
  it('DOCX: name, people, phone, number with their pages; colour, odd font and size, header from the XML', async () => {
    const buf = bidDocx();
    const read = await readDocument(buf, { ocr: false });
    const scan = scanDocxFormat(buf);
    expect(scan.pagesKnown).toBe(true);
    expect(scan.pages).toBe(2);
    expect(scan.colours[0]).toMatchObject({ value: 'FF0000', spots: [{ page: 2 }] });
    expect(scan.fonts.map((f) => f.value)).toEqual(expect.arrayContaining(['宋体', '华文彩云']));
    expect(scan.headersFooters).toEqual([{ kind: 'header', text: '江州智联 技术标', images: 0, page: 1 }]);

    const findings = checkAnonymity({ rules: RULES, units: read.pages.map((pg) => ({ page: pg.page, text: pg.text })), format: scan, pageCount: read.meta.pageCount, bidder: BIDDER });
    const by = (rule: string) => findings.filter((f) => f.rule === rule);
    expect(by('bidder-name')[0]).toMatchObject({ severity: 'high', page: 2, fixable: true });
    expect(by('person')[0]).toMatchObject({ page: 2 });
    expect(by('phone')[0]).toMatchObject({ page: 2, excerpt: expect.stringContaining('0571-88886666') });
    expect(by('colour')[0]).toMatchObject({ severity: 'high', page: 2 });
    expect(by('font').map((f) => f.message).join()).toContain('华文彩云');
    expect(by('size')[0]!.message).toContain('14 磅');
    expect(by('header-footer')[0]).toMatchObject({ severity: 'high', excerpt: '江州智联 技术标' });
    expect(by('page-count')[0]!.message).toContain('超过招标文件规定的 1 页');
    // the footer's page number is no finding; the heading's 黑体 is not body text
    expect(findings.filter((f) => f.rule === 'header-footer')).toHaveLength(1);
    expect(by('font').some((f) => f.message.includes('黑体'))).toBe(false);
    expect(findings.map((f) => f.id)).toEqual(findings.map((_, i) => `f${i + 1}`));
    const xlsx = await bidCheckXlsx({ kind: 'anonymity', fileName: 'bid.docx', tenderName: null, pageCount: 2, findings, counts: { high: 5, medium: 2, low: 0 }, passed: false, rules: RULES, notes: [] }, '2026-11-26 10:00');
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
  });

  it('PDF: the page the name is on, the red text, the A3 page and the author property', async () => {
    const buf = await bidPdf();
    const read = await readDocument(buf, { ocr: false, threads: 0 });
    const scan = await scanPdfFormat(buf);
    expect(scan.pageSetups.map((s) => [s.page, s.widthCm, s.heightCm])).toEqual([
      [1, 21, 29.7],
      [2, 29.7, 42],
    ]);
    expect(scan.colours[0]).toMatchObject({ value: 'FF0000', spots: [{ page: 2 }] });
    const findings = checkAnonymity({ rules: RULES, units: read.pages.map((pg) => ({ page: pg.page, text: pg.text })), format: scan, pageCount: scan.pages, bidder: BIDDER });
    const rules = findings.map((f) => `${f.rule}@${f.page}`);
    expect(rules).toEqual(expect.arrayContaining(['bidder-name@2', 'person@2', 'phone@2', 'colour@2', 'page-size@2', 'metadata@null']));
  });
});

describe('暗标 of a bid written here, and 一键修复', () => {
  const doc: EditorNode = {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: '我公司江州智联科技有限公司由项目经理张伟负责，电话13812345678。' }] },
      { type: 'paragraph', content: [{ type: 'text', text: '重点内容', marks: [{ type: 'highlight' }, { type: 'bold' }] }] },
    ],
  };
  it('finds the name by section and the highlight; the fix replaces them and drops the highlight', () => {
    const { units, marks } = writtenUnits([{ nodeId: 'n1', title: '项目团队', doc }]);
    const findings = checkAnonymity({ rules: RULES, units, pageCount: 0, bidder: BIDDER, extra: marks });
    expect(findings.find((f) => f.rule === 'bidder-name')).toMatchObject({ nodeId: 'n1', page: null });
    expect(findings.find((f) => f.rule === 'colour')).toMatchObject({ nodeId: 'n1', fixable: true });
    const fixed = fixWrittenSection(doc, { ...BIDDER, roles: { 张伟: '项目经理' } })!;
    const text = JSON.stringify(fixed.doc);
    expect(text).toContain('我公司由项目经理项目经理负责，电话。');
    expect(text).not.toContain('highlight');
    expect(text).toContain('bold');
    expect(fixed.colours).toBe(1);
    expect(fixed.replacements).toBe(3);
    expect(fixWrittenSection(fixed.doc, BIDDER)).toBeNull();
  });
});

describe('废标 check of a file: the content-health check on the file as read', () => {
  it('★ clauses and composition parts missing, an expired certificate, with pages', () => {
    const card = extractCard([MAIN_FILE]);
    const pages = [
      { page: 1, text: '投标函\n致：江州市数据资源管理局\n我方承诺按招标文件要求提供服务，投标报价为人民币XXX元。' },
      { page: 2, text: '技术部分\n一、总体技术方案\n平台采用微服务架构。\n营业执照有效期至2020年12月31日。' },
    ];
    const { findings, health } = checkRejection({ card, document: { pages }, bidder: { name: '江州智联科技有限公司', qualifications: [] }, today: '2026-11-26' });
    const rules = new Set(findings.map((f) => f.rule));
    for (const k of ['star-unanswered', 'composition-missing', 'certificate-expired', 'placeholder']) expect(rules, k).toContain(k);
    expect(findings.find((f) => f.rule === 'certificate-expired')).toMatchObject({ page: 2 });
    expect(findings.find((f) => f.rule === 'placeholder')).toMatchObject({ page: 1 });
    expect(findings.filter((f) => f.rule === 'composition-missing').map((f) => f.message).join()).toContain('法定代表人授权书');
    expect(health.score).toBeLessThan(60);
  });
});
